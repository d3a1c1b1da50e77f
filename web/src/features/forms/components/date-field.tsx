// An accessible date picker (react-aria-components): typed segments and a
// calendar popover, days outside [min, max] blocked, in the given locale.
import { useEffect, useId, useState } from "react";
import { parseDate, type CalendarDate } from "@internationalized/date";
import {
  Button, Calendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, DateInput, DatePicker, DateSegment,
  Dialog, FieldError, Group, Heading, I18nProvider, Label, Popover,
} from "react-aria-components";

function parse(v: string | undefined): CalendarDate | null {
  if (!v) return null;
  try {
    return parseDate(v);
  } catch {
    return null;
  }
}

export interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD or "". */
  value: string;
  onChange: (v: string) => void;
  min?: string;
  max?: string;
  locale: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  openLabel: string;
  prevLabel: string;
  nextLabel: string;
  onFocus?: () => void;
  name?: string;
}

export function DateField(p: DateFieldProps) {
  // The server HTML (and the first render in the browser, so hydration
  // matches) holds the browser's own date input; the picker replaces it once
  // the page runs. The picker keeps a hidden input with form="" (its way to
  // stay out of form posts), which is not valid HTML, so it never reaches the
  // server document that the Nu checker reads.
  const [live, setLive] = useState(false);
  const id = useId();
  useEffect(() => setLive(true), []);
  if (!live) {
    return (
      <div className={`fc-form__field fc-date${p.error ? " is-invalid" : ""}`}>
        <label className="fc-form__label" htmlFor={id}>{p.label}{p.required && <span className="fc-form__req" aria-hidden="true"> *</span>}</label>
        <input id={id} className="fc-date__native" type="date" name={p.name} value={p.value} min={p.min || undefined} max={p.max || undefined} required={p.required} disabled={p.disabled}
          aria-invalid={p.error ? true : undefined} onChange={(e) => p.onChange(e.target.value)} onFocus={p.onFocus} />
      </div>
    );
  }
  return (
    <I18nProvider locale={p.locale}>
      <DatePicker
        className={`fc-form__field fc-date${p.error ? " is-invalid" : ""}`}
        value={parse(p.value)}
        onChange={(d) => p.onChange(d ? d.toString() : "")}
        minValue={parse(p.min) ?? undefined}
        maxValue={parse(p.max) ?? undefined}
        isRequired={p.required}
        isDisabled={p.disabled}
        isInvalid={Boolean(p.error)}
        validationBehavior="aria"
        onFocus={p.onFocus}
        name={p.name}
        granularity="day"
      >
        <Label className="fc-form__label">{p.label}{p.required && <span className="fc-form__req" aria-hidden="true"> *</span>}</Label>
        <Group className="fc-date__group">
          <DateInput className="fc-date__input">{(segment) => <DateSegment segment={segment} className="fc-date__segment" />}</DateInput>
          <Button className="fc-date__open" aria-label={p.openLabel}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24"><rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </Button>
        </Group>
        <FieldError className="fc-form__error">{p.error}</FieldError>
        <Popover className="fc-date__popover" placement="bottom start">
          <Dialog className="fc-date__dialog" aria-label={p.label}>
            <Calendar className="fc-cal">
              <header className="fc-cal__header">
                <Button slot="previous" className="fc-cal__nav" aria-label={p.prevLabel}>‹</Button>
                <Heading className="fc-cal__title" />
                <Button slot="next" className="fc-cal__nav" aria-label={p.nextLabel}>›</Button>
              </header>
              <CalendarGrid className="fc-cal__grid" weekdayStyle="short">
                <CalendarGridHeader>{(day) => <CalendarHeaderCell className="fc-cal__weekday">{day}</CalendarHeaderCell>}</CalendarGridHeader>
                <CalendarGridBody>{(date) => <CalendarCell date={date} className="fc-cal__cell" />}</CalendarGridBody>
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
