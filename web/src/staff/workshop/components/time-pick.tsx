// A 24-hour time field (react-aria TimeField): typed hour and minute segments.
import { parseTime, type Time } from "@internationalized/date";
import { DateInput, DateSegment, FieldError, I18nProvider, Label, TimeField } from "react-aria-components";

function parse(v: string): Time | null {
  try {
    return v ? parseTime(v) : null;
  } catch {
    return null;
  }
}

export function TimePick({ label, value, onChange, locale, error, isDisabled, hideLabel }: {
  label: string; value: string; onChange: (v: string) => void; locale: string; error?: string; isDisabled?: boolean; hideLabel?: boolean;
}) {
  return (
    <I18nProvider locale={locale}>
      <TimeField className="ws-field ws-timefield" value={parse(value)} onChange={(v) => onChange(v ? v.toString().slice(0, 5) : "")}
        hourCycle={24} granularity="minute" shouldForceLeadingZeros isInvalid={Boolean(error)} isDisabled={isDisabled} validationBehavior="aria">
        <Label className={hideLabel ? "ws-sr" : "ws-label"}>{label}</Label>
        <DateInput className="ws-date__input ws-time__input">{(segment) => <DateSegment segment={segment} className="ws-date__segment" />}</DateInput>
        <FieldError className="ws-error">{error}</FieldError>
      </TimeField>
    </I18nProvider>
  );
}
