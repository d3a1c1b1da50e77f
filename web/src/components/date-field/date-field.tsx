// An accessible date field (react-aria-components): typed segments in the
// given locale and a calendar popover, days outside [min, max] blocked.
// The visitors' forms and the staff app draw it each in their own look
// (DateFieldLook): the class names are the only difference.
import { useEffect, useId, useState } from "react";
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

/** The class names (and icon size) a date field is drawn with. */
export interface DateFieldLook {
  /** The field: the picker, or the browser's own input's wrapper. */
  field: string;
  /** Added to the field when it has an error ("" for none). */
  invalid: string;
  label: string;
  /** The required mark after the label. */
  required: string;
  /** The browser's own date input (serverRendered only). */
  native: string;
  group: string;
  input: string;
  segment: string;
  open: string;
  /** The calendar icon's width and height in px. */
  icon: number;
  help: string;
  error: string;
  popover: string;
  dialog: string;
  /** The calendar's block: its parts are BLOCK__header, __nav, __title, __grid, __weekday, __cell. */
  calendar: string;
}

export interface DateFieldProps {
  look: DateFieldLook;
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
  help?: string;
  openLabel: string;
  prevLabel: string;
  nextLabel: string;
  onFocus?: () => void;
  name?: string;
  /** More classes of the field. */
  className?: string;
  /**
   * The field is in server HTML: the server's HTML (and the first render in
   * the browser, so hydration matches) holds the browser's own date input,
   * and the picker replaces it once the page runs. The picker keeps a hidden
   * input with form="" (its way to stay out of form posts), which is not
   * valid HTML, so it never reaches the server document that the Nu checker
   * reads.
   */
  serverRendered?: boolean;
}

export function DateField(p: DateFieldProps) {
  const l = p.look;
  const [live, setLive] = useState(!p.serverRendered);
  const id = useId();
  useEffect(() => setLive(true), []);
  const field = [l.field, p.className, p.error ? l.invalid : ""].filter(Boolean).join(" ");
  const label = <>{p.label}{p.required && <span className={l.required} aria-hidden="true"> *</span>}</>;
  if (!live) {
    return (
      <div className={field}>
        <label className={l.label} htmlFor={id}>{label}</label>
        <input id={id} className={l.native} type="date" name={p.name} value={p.value} min={p.min || undefined} max={p.max || undefined} required={p.required} disabled={p.disabled}
          aria-invalid={p.error ? true : undefined} onChange={(e) => p.onChange(e.target.value)} onFocus={p.onFocus} />
      </div>
    );
  }
  const cal = l.calendar;
  return (
    <I18nProvider locale={p.locale}>
      <DatePicker
        className={field}
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
        <Label className={l.label}>{label}</Label>
        <Group className={l.group}>
          <DateInput className={l.input}>{(segment) => <DateSegment segment={segment} className={l.segment} />}</DateInput>
          <Button className={l.open} aria-label={p.openLabel}>
            <svg aria-hidden="true" width={l.icon} height={l.icon} viewBox="0 0 24 24"><rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </Button>
        </Group>
        {p.help && <Text slot="description" className={l.help}>{p.help}</Text>}
        <FieldError className={l.error}>{p.error}</FieldError>
        <Popover className={l.popover} placement="bottom start">
          <Dialog className={l.dialog} aria-label={p.label}>
            <Calendar className={cal}>
              <header className={`${cal}__header`}>
                <Button slot="previous" className={`${cal}__nav`} aria-label={p.prevLabel}>‹</Button>
                <Heading className={`${cal}__title`} />
                <Button slot="next" className={`${cal}__nav`} aria-label={p.nextLabel}>›</Button>
              </header>
              <CalendarGrid className={`${cal}__grid`} weekdayStyle="short">
                <CalendarGridHeader>{(day) => <CalendarHeaderCell className={`${cal}__weekday`}>{day}</CalendarHeaderCell>}</CalendarGridHeader>
                <CalendarGridBody>{(date) => <CalendarCell date={date} className={`${cal}__cell`} />}</CalendarGridBody>
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
