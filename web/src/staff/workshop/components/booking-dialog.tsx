// A booking's detail in a modal dialog (react-aria: focus moved in, kept in
// and given back; Escape closes). What it shows is an explicit mode: the
// booking with its actions, the move panel (a day's free times for this
// booking) or the cancel panel (a required reason).
import { useEffect, useRef, useState } from "react";
import { Button, Dialog, Heading, Label, Modal, ModalOverlay, Radio, RadioGroup, Text, TextArea, TextField, FieldError } from "react-aria-components";
import { cancelBooking, fetchMoveSlots, markBooking, moveBooking } from "../api/workshop-api";
import { ApiError } from "../../shell/api-client";
import { dateOf, timeOf } from "../calendar";
import { carName, formatDate, formatWhen, kindLabel, localeOf, type Lang, type Texts } from "../texts";
import type { Booking, FreeSlot, MarkStatus } from "../types";
import { DateField } from "../../../components/date-field/date-field";
import { staffDateLook } from "./date-look";

export const REASON_MAX = 500;

type Mode = { name: "detail"; notice: string } | { name: "move" } | { name: "cancel" };

export function BookingDialog({
  booking,
  lang,
  t,
  today,
  onClose,
  onChanged,
}: {
  booking: Booking | null;
  lang: Lang;
  t: Texts;
  today: string;
  onClose: () => void;
  onChanged: (b: Booking) => void;
}) {
  const [mode, setMode] = useState<Mode>({ name: "detail", notice: "" });
  const id = booking?.id;
  useEffect(() => setMode({ name: "detail", notice: "" }), [id]);
  // Switching panels removes the focused button: focus goes to the new
  // panel's heading, so the keyboard (and Escape) stays in the dialog and a
  // screen reader says where it is.
  const dialogRef = useRef<HTMLElement>(null);
  const shown = useRef(false);
  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      return;
    }
    dialogRef.current?.querySelector<HTMLElement>(".ws-dialog__title")?.focus();
  }, [mode.name]);
  useEffect(() => {
    if (!booking) shown.current = false;
  }, [booking]);
  if (!booking) return null;

  const done = (b: Booking, notice: string) => {
    onChanged(b);
    setMode({ name: "detail", notice });
  };

  return (
    <ModalOverlay className="ws-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="ws-modal">
        <Dialog className="ws-dialog" ref={dialogRef}>
          {mode.name === "detail" && <Detail booking={booking} lang={lang} t={t} notice={mode.notice} onMode={setMode} onDone={done} onClose={onClose} />}
          {mode.name === "move" && <MovePanel booking={booking} lang={lang} t={t} today={today} onBack={() => setMode({ name: "detail", notice: "" })} onDone={done} />}
          {mode.name === "cancel" && <CancelPanel booking={booking} t={t} onBack={() => setMode({ name: "detail", notice: "" })} onDone={done} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** marksFor lists the statuses a booking in status s may be marked with next. */
export function marksFor(s: Booking["status"]): MarkStatus[] {
  switch (s) {
    case "booked":
      return ["arrived", "noshow"];
    case "arrived":
      return ["done"];
    default:
      return [];
  }
}

function Detail({ booking: b, lang, t, notice, onMode, onDone, onClose }: {
  booking: Booking; lang: Lang; t: Texts; notice: string;
  onMode: (m: Mode) => void; onDone: (b: Booking, notice: string) => void; onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const car = carName(b);
  const testDrive = b.kind === "testdrive";
  const label: Record<MarkStatus, string> = { arrived: t.markArrived, done: t.markDone, noshow: t.markNoshow };

  const mark = async (s: MarkStatus) => {
    setBusy(true);
    setError("");
    try {
      const next = await markBooking(b.id, s);
      onDone(next, t.marked(t.status[next.status]));
    } catch (err) {
      setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="ws-dialog__head">
        <Heading slot="title" className="ws-dialog__title" tabIndex={-1}>
          <span className="ws-plate">{b.car.regno}</span> {whenOf(b, lang, t)}
        </Heading>
        <Button className="ws-iconbutton" onPress={onClose} aria-label={t.close}>×</Button>
      </div>
      <p className="ws-dialog__status">
        <span className={`ws-badge ws-badge--${b.status}`}>{t.status[b.status]}</span>
        {testDrive ? <span className="ws-badge ws-badge--testdrive">{t.kindTestDrive}</span> : <span>{kindLabel(b.kind, t)}</span>}
      </p>
      <div role="status" className="ws-notice">{notice}</div>
      <dl className="ws-facts">
        <dt>{t.car}</dt>
        <dd>
          {b.car.regno} · {car}
          {b.testDrive?.url && (
            <><br /><a href={b.testDrive.url} target="_blank" rel="noopener noreferrer" aria-label={t.carPageOf(`${b.car.regno} ${car}`)}>{t.carPage} <span aria-hidden="true">↗</span></a></>
          )}
        </dd>
        {!testDrive && (<>
        <dt>{t.services}</dt>
        <dd>
          <ul className="ws-plain">
            {b.services.map((s) => (
              <li key={s.name}>{s.name}{s.minutes ? ` (${t.minutes(s.minutes)})` : ""}</li>
            ))}
          </ul>
        </dd>
        </>)}
        <dt>{t.customer}</dt>
        <dd>
          {b.customer.name}
          {b.customer.phone && <><br /><a href={`tel:${b.customer.phone}`}>{b.customer.phone}</a></>}
          {b.customer.email && <><br /><a href={`mailto:${b.customer.email}`}>{b.customer.email}</a></>}
        </dd>
        {b.message && (<><dt>{t.message}</dt><dd className="ws-pre">{b.message}</dd></>)}
        {b.cancelReason && (<><dt>{t.cancelReason}</dt><dd className="ws-pre">{b.cancelReason}</dd></>)}
        {b.createdAt && (<><dt>{t.bookedAt}</dt><dd>{formatWhen(lang, b.createdAt)}</dd></>)}
        {b.updatedAt && b.updatedAt !== b.createdAt && (<><dt>{t.changedAt}</dt><dd>{formatWhen(lang, b.updatedAt)}</dd></>)}
      </dl>
      {error && <p className="ws-error" role="alert">{error}</p>}
      <div className="ws-actions">
        {marksFor(b.status).map((s) => (
          <Button key={s} className="ws-button" isDisabled={busy} onPress={() => mark(s)}>{label[s]}</Button>
        ))}
        {b.status === "booked" && (
          <>
            <Button className="ws-button ws-button--primary" isDisabled={busy} onPress={() => onMode({ name: "move" })}>{t.move}</Button>
            <Button className="ws-button ws-button--danger" isDisabled={busy} onPress={() => onMode({ name: "cancel" })}>{t.cancel}</Button>
          </>
        )}
      </div>
    </>
  );
}

type SlotsLoad = { status: "loading" } | { status: "failed" } | { status: "ready"; slots: FreeSlot[] };

function MovePanel({ booking: b, lang, t, today, onBack, onDone }: { booking: Booking; lang: Lang; t: Texts; today: string; onBack: () => void; onDone: (b: Booking, notice: string) => void }) {
  const [date, setDate] = useState(dateOf(b.start) < today ? today : dateOf(b.start));
  const [load, setLoad] = useState<SlotsLoad>({ status: "loading" });
  const [choice, setChoice] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    const ctl = new AbortController();
    setLoad({ status: "loading" });
    fetchMoveSlots(b.id, date, ctl.signal).then(
      (r) => setLoad({ status: "ready", slots: r.slots.filter((s) => (typeof s.free === "number" ? s.free > 0 : s.free) && s.start !== b.start) }),
      () => !ctl.signal.aborted && setLoad({ status: "failed" }),
    );
    return () => ctl.abort();
  }, [b.id, b.start, date, reload]);

  const confirm = async () => {
    if (!choice) {
      setError(t.chooseTime);
      return;
    }
    setBusy(true);
    setError("");
    try {
      const next = await moveBooking(b.id, choice);
      onDone(next, t.moved(formatWhen(lang, next.start)));
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setError(t.taken);
        setChoice("");
        setReload((n) => n + 1);
      } else setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="ws-dialog__head">
        <Heading slot="title" className="ws-dialog__title" tabIndex={-1}>{t.moveTitle}</Heading>
      </div>
      <p className="ws-dialog__lead"><span className="ws-plate">{b.car.regno}</span> {whenOf(b, lang, t)}</p>
      <DateField look={staffDateLook} label={t.moveDay} value={date} onChange={(v) => { setDate(v); setChoice(""); }} locale={localeOf(lang)} min={today}
        openLabel={t.openCalendar} prevLabel={t.prevMonth} nextLabel={t.nextMonth} />
      {load.status === "loading" && <p className="ws-muted" role="status">{t.loadingTimes}</p>}
      {load.status === "failed" && <p className="ws-error" role="alert">{t.failedAction}</p>}
      {load.status === "ready" && load.slots.length === 0 && <p className="ws-muted" role="status">{t.noFreeTimes}</p>}
      {load.status === "ready" && load.slots.length > 0 && (
        <RadioGroup className="ws-slots" value={choice} onChange={(v) => { setChoice(v); setError(""); }} aria-describedby="ws-move-error">
          <Label className="ws-label">{t.freeTimes}, {formatDate(lang, date, "weekday")}</Label>
          <div className="ws-slots__grid">
            {load.slots.map((s) => (
              <Radio key={s.start} value={s.start} className="ws-slot">
                <span className="ws-slot__time">{timeOf(s.start)}</span>
                {typeof s.free === "number" && <span className="ws-slot__free">{t.freeCount(s.free)}</span>}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      )}
      <p id="ws-move-error" className="ws-error" role="alert">{error}</p>
      <div className="ws-actions">
        <Button className="ws-button" onPress={onBack}>{t.back}</Button>
        <Button className="ws-button ws-button--primary" isDisabled={busy || load.status !== "ready" || load.slots.length === 0} onPress={confirm}>{t.confirmMove}</Button>
      </div>
    </>
  );
}

function CancelPanel({ booking: b, t, onBack, onDone }: { booking: Booking; t: Texts; onBack: () => void; onDone: (b: Booking, notice: string) => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const r = reason.trim();
    if (!r) return setError(t.reasonRequired);
    if (r.length > REASON_MAX) return setError(t.reasonTooLong);
    setBusy(true);
    setError("");
    try {
      const next = await cancelBooking(b.id, r);
      onDone(next, t.cancelled);
    } catch (err) {
      setError(err instanceof ApiError && err.fields.reason ? err.fields.reason : messageOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ws-form" noValidate onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
      <div className="ws-dialog__head">
        <Heading slot="title" className="ws-dialog__title" tabIndex={-1}>{t.cancelTitle}</Heading>
      </div>
      <p className="ws-dialog__lead"><span className="ws-plate">{b.car.regno}</span> {b.customer.name}</p>
      <TextField className="ws-field" value={reason} onChange={(v) => { setReason(v); setError(""); }} isRequired isInvalid={Boolean(error)} validationBehavior="aria">
        <Label className="ws-label">{t.reason}</Label>
        <TextArea className="ws-input ws-textarea" rows={4} maxLength={REASON_MAX} />
        <Text slot="description" className="ws-help">{t.reasonHelp}</Text>
        <FieldError className="ws-error">{error}</FieldError>
      </TextField>
      <div className="ws-actions">
        <Button className="ws-button" onPress={onBack}>{t.back}</Button>
        <Button type="submit" className="ws-button ws-button--danger" isDisabled={busy}>{t.confirmCancel}</Button>
      </div>
    </form>
  );
}

/** whenOf says when a booking is: "mån 30 nov 08:00–09:00", or the day and "Heldag" for a car left for the day. */
export function whenOf(b: Booking, lang: Lang, t: Texts): string {
  if (b.fullDay) return `${formatDate(lang, dateOf(b.start), "short")}, ${t.fullDay.toLowerCase()}`;
  return `${formatWhen(lang, b.start)}–${timeOf(b.end)}`;
}

/** messageOf shows the server's message for a refused change (it names the problem), else a general one. */
export function messageOf(err: unknown, t: Texts): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message && !/^HTTP \d+$/.test(err.message)) return err.message;
  return t.failedAction;
}
