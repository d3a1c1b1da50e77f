// /staff/workshop/hours: a department's opening hours and places per
// weekday, and its closures (a holiday, a closed day, blocked hours). Both
// take effect at once on what customers can book.
import { useEffect, useState } from "react";
import { getLocalTimeZone, today as todayIn } from "@internationalized/date";
import { Button, Checkbox, FieldError, I18nProvider, Input, Label, NumberField, Radio, RadioGroup, Text, TextField, Group } from "react-aria-components";
import { Link } from "../../shell/router";
import { addClosure, fetchHours, removeClosure, saveHours } from "../api/workshop-api";
import { checkRows, closureOf, describeClosure, fromRows, toRows, CAPACITY_MAX, CLOSURE_REASON_MAX, type ClosureErrors, type ClosureForm, type RowErrors, type WeekdayRow } from "../hours";
import { useDepartments } from "../hooks/use-departments";
import { useQuery } from "../hooks/use-query";
import { useTexts } from "../hooks/use-texts";
import { localeOf, type Lang, type Texts } from "../texts";
import type { Closure, Department, Hours } from "../types";
import { messageOf } from "./booking-dialog";
import { DateField } from "../../../components/date-field/date-field";
import { staffDateLook } from "./date-look";
import { DepartmentPicker } from "./department-picker";
import { TimePick } from "./time-pick";
import "../style";

type HoursLoad = { status: "loading" } | { status: "failed" } | { status: "ready"; hours: Hours };

export function HoursPage() {
  const { lang, t } = useTexts();
  const [load, retry] = useDepartments();
  const [query, setQuery] = useQuery();
  return (
    <I18nProvider locale={localeOf(lang)}>
    <div className="ws-page">
      <p className="ws-back"><Link href={`/staff/workshop${query.get("department") ? `?department=${encodeURIComponent(query.get("department")!)}` : ""}`}>‹ {t.backToCalendar}</Link></p>
      <h1 className="ws-title">{t.hoursTitle}</h1>
      {load.status === "loading" && <p className="ws-muted" role="status">{t.loading}</p>}
      {load.status === "failed" && (
        <div role="alert" className="ws-failed"><p>{t.failed}</p><Button className="ws-button" onPress={retry}>{t.retry}</Button></div>
      )}
      {load.status === "ready" && load.departments.length === 0 && <p>{t.noDepartments}</p>}
      {load.status === "ready" && load.departments.length > 0 && (
        <DepartmentHours departments={load.departments} asked={query.get("department")} onDepartment={(id) => setQuery({ department: id })} lang={lang} t={t} />
      )}
    </div>
    </I18nProvider>
  );
}

function DepartmentHours({ departments, asked, onDepartment, lang, t }: { departments: Department[]; asked: string | null; onDepartment: (id: string) => void; lang: Lang; t: Texts }) {
  const department = departments.some((d) => d.id === asked) ? asked! : departments[0].id;
  const [load, setLoad] = useState<HoursLoad>({ status: "loading" });
  const [n, setN] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setLoad({ status: "loading" });
    fetchHours(department, ctl.signal).then(
      (hours) => setLoad({ status: "ready", hours }),
      () => !ctl.signal.aborted && setLoad({ status: "failed" }),
    );
    return () => ctl.abort();
  }, [department, n]);

  return (
    <>
      <div className="ws-toolbar">
        <DepartmentPicker departments={departments} value={department} onChange={onDepartment} label={t.department} />
      </div>
      {load.status === "loading" && <p className="ws-muted" role="status">{t.loading}</p>}
      {load.status === "failed" && (
        <div role="alert" className="ws-failed"><p>{t.failed}</p><Button className="ws-button" onPress={() => setN((x) => x + 1)}>{t.retry}</Button></div>
      )}
      {load.status === "ready" && (
        <div className="ws-hours">
          <WeekdaysForm key={`${department}-${n}`} hours={load.hours} lang={lang} t={t} onSaved={(hours) => setLoad({ status: "ready", hours })} />
          <Closures department={department} closures={load.hours.closures} lang={lang} t={t}
            onChange={(closures) => setLoad({ status: "ready", hours: { ...load.hours, closures } })} />
        </div>
      )}
    </>
  );
}

function WeekdaysForm({ hours, lang, t, onSaved }: { hours: Hours; lang: Lang; t: Texts; onSaved: (h: Hours) => void }) {
  const [rows, setRows] = useState<WeekdayRow[]>(() => toRows(hours.weekdays));
  const [errors, setErrors] = useState<RowErrors>({});
  const [state, setState] = useState<{ name: "idle" } | { name: "saving" } | { name: "saved" } | { name: "failed"; message: string }>({ name: "idle" });
  const locale = localeOf(lang);

  const set = (weekday: number, patch: Partial<WeekdayRow>) => {
    setRows((rs) => rs.map((r) => (r.weekday === weekday ? { ...r, ...patch } : r)));
    setErrors((e) => ({ ...e, [weekday]: {} }));
    setState({ name: "idle" });
  };

  const save = async () => {
    const e = checkRows(rows, t);
    setErrors(e);
    if (Object.keys(e).length) {
      setState({ name: "failed", message: "" });
      return;
    }
    setState({ name: "saving" });
    try {
      const h = await saveHours(hours.department, fromRows(rows));
      setState({ name: "saved" });
      onSaved({ ...hours, ...h, closures: h.closures ?? hours.closures });
    } catch (err) {
      setState({ name: "failed", message: messageOf(err, t) });
    }
  };

  return (
    <form className="ws-card-panel" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} aria-labelledby="ws-weekdays-title">
      <h2 id="ws-weekdays-title" className="ws-subtitle">{t.weekdaysTitle}</h2>
      <table className="ws-weekdays">
        <thead>
          <tr>
            <th scope="col">{t.weekday}</th>
            <th scope="col">{t.isOpen}</th>
            <th scope="col">{t.open}</th>
            <th scope="col">{t.closes}</th>
            <th scope="col">{t.capacityLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const name = t.weekdays[r.weekday - 1];
            const err = errors[r.weekday] ?? {};
            return (
              <tr key={r.weekday} className={r.isOpen ? "" : "is-closed"}>
                <th scope="row">{name}</th>
                <td data-label={t.isOpen}>
                  <Checkbox className="ws-checkbox" isSelected={r.isOpen} onChange={(v) => set(r.weekday, { isOpen: v })}>
                    <span className="ws-checkbox__box" aria-hidden="true" />
                    <span className="ws-sr">{`${t.isOpen} ${name}`}</span>
                    <span aria-hidden="true">{r.isOpen ? t.isOpen : t.closed}</span>
                  </Checkbox>
                </td>
                <td data-label={t.open}>
                  <TimePick hideLabel label={`${t.open} ${name}`} value={r.open} onChange={(v) => set(r.weekday, { open: v })} locale={locale} isDisabled={!r.isOpen} />
                </td>
                <td data-label={t.closes}>
                  <TimePick hideLabel label={`${t.closes} ${name}`} value={r.close} onChange={(v) => set(r.weekday, { close: v })} locale={locale} isDisabled={!r.isOpen} error={err.close} />
                </td>
                <td data-label={t.capacityLabel}>
                  <NumberField className="ws-field ws-number" value={r.capacity} minValue={1} maxValue={CAPACITY_MAX} step={1} isDisabled={!r.isOpen}
                    onChange={(v) => set(r.weekday, { capacity: Number.isNaN(v) ? 0 : v })} isInvalid={Boolean(err.capacity)} validationBehavior="aria"
                    formatOptions={{ maximumFractionDigits: 0 }}>
                    <Label className="ws-sr">{`${t.capacityLabel} ${name}`}</Label>
                    <Group className="ws-number__group">
                      <Input className="ws-input ws-number__input" />
                    </Group>
                    <FieldError className="ws-error">{err.capacity}</FieldError>
                  </NumberField>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="ws-help">{t.capacityHelp}</p>
      <div className="ws-actions">
        <Button type="submit" className="ws-button ws-button--primary" isDisabled={state.name === "saving"}>{t.saveHours}</Button>
      </div>
      <div role="status" className="ws-notice">{state.name === "saved" ? t.savedHours : ""}</div>
      {state.name === "failed" && state.message && <p role="alert" className="ws-error">{state.message}</p>}
    </form>
  );
}

const emptyForm = (date: string): ClosureForm => ({ kind: "day", date, toDate: "", fromTime: "10:00", toTime: "12:00", reason: "" });

function Closures({ department, closures, lang, t, onChange }: { department: string; closures: Closure[]; lang: Lang; t: Texts; onChange: (c: Closure[]) => void }) {
  const today = todayIn(getLocalTimeZone()).toString();
  const [form, setForm] = useState<ClosureForm>(() => emptyForm(""));
  const [errors, setErrors] = useState<ClosureErrors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  const locale = localeOf(lang);
  const sorted = [...closures].sort((a, b) => (a.from < b.from ? -1 : 1));

  const patch = (p: Partial<ClosureForm>) => {
    setForm((f) => ({ ...f, ...p }));
    setErrors({});
    setFailure("");
  };

  const add = async () => {
    const r = closureOf(department, form, t);
    if ("errors" in r) {
      setErrors(r.errors);
      return;
    }
    setBusy(true);
    setNotice("");
    try {
      const c = await addClosure(r.closure);
      onChange([...closures, c]);
      setForm(emptyForm(""));
      setNotice(t.closureAdded);
    } catch (err) {
      setFailure(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (c: Closure) => {
    setBusy(true);
    setNotice("");
    setFailure("");
    try {
      await removeClosure(c.id);
      onChange(closures.filter((x) => x.id !== c.id));
      setNotice(t.closureRemoved);
    } catch (err) {
      setFailure(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ws-card-panel" aria-labelledby="ws-closures-title">
      <h2 id="ws-closures-title" className="ws-subtitle">{t.closures}</h2>
      {sorted.length === 0 ? (
        <p className="ws-muted">{t.noClosures}</p>
      ) : (
        <ul className="ws-closures" aria-label={t.upcoming}>
          {sorted.map((c) => {
            const when = describeClosure(lang, c, t);
            return (
              <li key={c.id} className="ws-closure">
                <span className="ws-closure__when">{when}</span>
                <span className="ws-closure__reason">{c.reason}{c.createdBy ? <span className="ws-muted"> {t.createdBy(c.createdBy)}</span> : null}</span>
                <Button className="ws-button ws-button--small" isDisabled={busy} onPress={() => remove(c)} aria-label={t.removeClosure(`${when} ${c.reason}`)}>{t.remove}</Button>
              </li>
            );
          })}
        </ul>
      )}
      <form className="ws-closure-form" noValidate onSubmit={(e) => { e.preventDefault(); void add(); }} aria-labelledby="ws-add-closure">
        <h3 id="ws-add-closure" className="ws-subtitle ws-subtitle--small">{t.addClosure}</h3>
        <RadioGroup className="ws-radios" value={form.kind} onChange={(v) => patch({ kind: v as ClosureForm["kind"] })} orientation="horizontal">
          <Label className="ws-label">{t.closureKind}</Label>
          <div className="ws-radios__row">
            <Radio value="day" className="ws-radio">{t.wholeDay}</Radio>
            <Radio value="hours" className="ws-radio">{t.someHours}</Radio>
            <Radio value="days" className="ws-radio">{t.severalDays}</Radio>
          </div>
        </RadioGroup>
        <div className="ws-closure-form__fields">
          <DateField look={staffDateLook} label={form.kind === "days" ? t.fromDate : t.date} value={form.date} onChange={(v) => patch({ date: v })} locale={locale} min={today} error={errors.date}
            openLabel={t.openCalendar} prevLabel={t.prevMonth} nextLabel={t.nextMonth} />
          {form.kind === "days" && (
            <DateField look={staffDateLook} label={t.toDate} value={form.toDate} onChange={(v) => patch({ toDate: v })} locale={locale} min={form.date || today} error={errors.toDate}
              openLabel={t.openCalendar} prevLabel={t.prevMonth} nextLabel={t.nextMonth} />
          )}
          {form.kind === "hours" && (
            <>
              <TimePick label={t.fromTime} value={form.fromTime} onChange={(v) => patch({ fromTime: v })} locale={locale} />
              <TimePick label={t.toTime} value={form.toTime} onChange={(v) => patch({ toTime: v })} locale={locale} error={errors.toTime} />
            </>
          )}
          <TextField className="ws-field ws-field--grow" value={form.reason} onChange={(v) => patch({ reason: v })} isRequired isInvalid={Boolean(errors.reason)} validationBehavior="aria" maxLength={CLOSURE_REASON_MAX}>
            <Label className="ws-label">{t.closureReason}</Label>
            <Input className="ws-input" />
            <Text slot="description" className="ws-help">{t.closureReasonHelp}</Text>
            <FieldError className="ws-error">{errors.reason}</FieldError>
          </TextField>
        </div>
        <div className="ws-actions">
          <Button type="submit" className="ws-button ws-button--primary" isDisabled={busy}>{t.addClosure}</Button>
        </div>
      </form>
      <div role="status" className="ws-notice">{notice}</div>
      {failure && <p role="alert" className="ws-error">{failure}</p>}
    </section>
  );
}

export default HoursPage;
