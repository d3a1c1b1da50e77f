// A date field with a calendar popover (react-aria-components): typed
// segments in the staff member's locale, days outside [min, max] blocked.
import { parseDate, type CalendarDate } from "@internationalized/date";
import {
  Button, Calendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, DateInput, DatePicker, DateSegment,
  Dialog, FieldError, Group, Heading, I18nProvider, Label, Popover, Text,
} from "react-aria-components";

function parse(v: string | undefined): CalendarDate | null {
  if (!v) return null;
  try {
    return parseDate(v);
  } catch {
    return null;
  }
}

export function DatePick(p: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  locale: string;
  min?: string;
  error?: string;
  help?: string;
  openLabel: string;
  prevLabel: string;
  nextLabel: string;
  className?: string;
}) {
  return (
    <I18nProvider locale={p.locale}>
      <DatePicker
        className={`ws-field ws-date ${p.className ?? ""}`}
        value={parse(p.value)}
        onChange={(d) => p.onChange(d ? d.toString() : "")}
        minValue={parse(p.min) ?? undefined}
        isInvalid={Boolean(p.error)}
        validationBehavior="aria"
        granularity="day"
      >
        <Label className="ws-label">{p.label}</Label>
        <Group className="ws-date__group">
          <DateInput className="ws-date__input">{(segment) => <DateSegment segment={segment} className="ws-date__segment" />}</DateInput>
          <Button className="ws-date__open" aria-label={p.openLabel}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24"><rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </Button>
        </Group>
        {p.help && <Text slot="description" className="ws-help">{p.help}</Text>}
        <FieldError className="ws-error">{p.error}</FieldError>
        <Popover className="ws-popover" placement="bottom start">
          <Dialog className="ws-popover__dialog" aria-label={p.label}>
            <Calendar className="ws-cal">
              <header className="ws-cal__header">
                <Button slot="previous" className="ws-cal__nav" aria-label={p.prevLabel}>‹</Button>
                <Heading className="ws-cal__title" />
                <Button slot="next" className="ws-cal__nav" aria-label={p.nextLabel}>›</Button>
              </header>
              <CalendarGrid className="ws-cal__grid" weekdayStyle="short">
                <CalendarGridHeader>{(day) => <CalendarHeaderCell className="ws-cal__weekday">{day}</CalendarHeaderCell>}</CalendarGridHeader>
                <CalendarGridBody>{(date) => <CalendarCell date={date} className="ws-cal__cell" />}</CalendarGridBody>
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
