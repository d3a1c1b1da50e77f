// The dialog of 'Boka provkörning', loaded when the visitor first presses
// the button: react-aria's modal, radio groups and fields stay out of the
// car page's first load. It books a 45-minute test drive of this car at its
// dealer through /api/testdrive/{carId}/…: a day, a free time (the car is
// driven by one customer at a time, so a time someone took is gone), the
// customer's details; the answer carries the booking page (change, cancel)
// and the calendar file, as the service booking's does.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button, Dialog, FieldError, Heading, Input, Label, Modal, ModalOverlay, Radio, RadioGroup, TextArea, TextField } from "react-aria-components";
import { bookTestDrive, fetchDays, fetchSlots, newKey, TestDriveError, type TestDriveBooked, type TestDriveDays, type TestDriveSlot } from "../api/test-drive";
import { usePage, useT } from "../../../lib/page-context";
import type { Car } from "../types";
import "./test-drive.css";

export type TestDriveProps = { car: Pick<Car, "car_id" | "car_brand" | "car_model">; onClose: () => void };

/** TestDriveDialog is the modal; onClose runs on Escape, outside click, cancel and close. */
export function TestDriveDialog(props: TestDriveProps) {
  return (
    <ModalOverlay className="fc-td__overlay" isDismissable isOpen onOpenChange={(open) => !open && props.onClose()}>
      <Modal className="fc-td__modal">
        <Dialog className="fc-td__dialog">{() => <TestDriveForm {...props} />}</Dialog>
      </Modal>
    </ModalOverlay>
  );
}

const FIELDS = ["firstName", "lastName", "phone", "email"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string> & { message: string };

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** TestDriveForm is the dialog's content: days, times, details, and the confirmation. */
export function TestDriveForm({ car, onClose }: TestDriveProps) {
  const t = useT();
  const page = usePage();
  const locale = page.site.locale;
  const language = page.sitecore.context.language;
  const carId = car.car_id;
  const carName = `${car.car_brand} ${car.car_model}`;
  const [from, setFrom] = useState("");
  const [days, setDays] = useState<TestDriveDays | null>(null);
  const [day, setDay] = useState("");
  const [slots, setSlots] = useState<TestDriveSlot[] | null>(null);
  const [slot, setSlot] = useState("");
  const [values, setValues] = useState<Values>({ firstName: "", lastName: "", phone: "", email: "", message: "" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field | "timeSlot", string>>>({});
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<{ answer: TestDriveBooked; when: string; email: string } | null>(null);
  const [gone, setGone] = useState(false);
  // One key per attempt: a retry of the same request books once; any change makes a new attempt.
  const key = useRef("");
  const [reload, setReload] = useState(0);
  // The form the focus was in is gone once the time is booked: the close
  // button takes it, so a keyboard user stays in the dialog (and Escape
  // still closes it) whatever order the new content mounts in.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (booked) closeRef.current?.focus();
  }, [booked]);

  const fail = (err: unknown) => {
    if (err instanceof DOMException && err.name === "AbortError") return;
    if (err instanceof TestDriveError && err.code === "CarNotAvailable") setGone(true);
    else setError(t("testDriveError", "Något gick fel, försök igen."));
  };

  useEffect(() => {
    const ac = new AbortController();
    fetchDays(carId, from, ac.signal).then((d) => {
      setDays(d);
      if (!from) setFrom(d.first);
    }, fail);
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carId, from, reload]);

  useEffect(() => {
    if (!day) return;
    const ac = new AbortController();
    setSlots(null);
    fetchSlots(carId, day, ac.signal).then(setSlots, fail);
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carId, day, reload]);

  const dayLabel = (date: string, long = false) =>
    new Intl.DateTimeFormat(locale, long ? { weekday: "long", day: "numeric", month: "long" } : { weekday: "short", day: "numeric", month: "short" }).format(new Date(`${date}T12:00:00Z`));
  const change = (patch: Partial<Values>) => {
    key.current = "";
    setValues((v) => ({ ...v, ...patch }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fe: Partial<Record<Field | "timeSlot", string>> = {};
    if (!slot) fe.timeSlot = t("testDriveChooseTime", "Välj en tid");
    if (!values.firstName.trim()) fe.firstName = t("testDriveFirstNameError", "Ange förnamn");
    if (!values.lastName.trim()) fe.lastName = t("testDriveLastNameError", "Ange efternamn");
    if (!/^[+\d][\d\s()-]{5,}$/.test(values.phone.trim())) fe.phone = t("testDrivePhoneError", "Ange ett giltigt telefonnummer");
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(values.email.trim())) fe.email = t("testDriveEmailError", "Ange en giltig e-postadress");
    setFieldErrors(fe);
    setError("");
    if (Object.keys(fe).length > 0) return;
    if (!key.current) key.current = newKey();
    setSending(true);
    try {
      const answer = await bookTestDrive(carId, {
        timeSlot: slot,
        customer: { firstName: values.firstName.trim(), lastName: values.lastName.trim(), phone: values.phone.trim(), email: values.email.trim() },
        message: values.message.trim(),
        language,
      }, key.current);
      const time = slots?.find((s) => s.timeSlot === slot)?.time ?? "";
      setBooked({ answer, when: `${dayLabel(day, true)} ${time}`, email: values.email.trim() });
    } catch (err) {
      key.current = "";
      if (err instanceof TestDriveError && err.code === "TimeslotNotAvailable") {
        setError(t("testDriveTaken", "Tiden hann bokas av någon annan. Välj en annan tid."));
        setSlot("");
        setReload((n) => n + 1);
      } else if (err instanceof TestDriveError && err.code === "InvalidInput") {
        const map: Partial<Record<Field | "timeSlot", string>> = {};
        if (err.fields["customer.firstName"]) map.firstName = t("testDriveFirstNameError", "Ange förnamn");
        if (err.fields["customer.lastName"]) map.lastName = t("testDriveLastNameError", "Ange efternamn");
        if (err.fields["customer.phone"]) map.phone = t("testDrivePhoneError", "Ange ett giltigt telefonnummer");
        if (err.fields["customer.email"]) map.email = t("testDriveEmailError", "Ange en giltig e-postadress");
        if (err.fields.timeSlot) map.timeSlot = t("testDriveChooseTime", "Välj en tid");
        setFieldErrors(map);
        if (Object.keys(map).length === 0) setError(t("testDriveError", "Något gick fel, försök igen."));
      } else if (err instanceof TestDriveError && err.code === "RateLimited") {
        setError(t("testDriveRateLimited", "För många försök. Vänta en stund och försök igen."));
      } else fail(err);
    } finally {
      setSending(false);
    }
  }

  const title = <Heading slot="title" className="fc-td__title">{t("carDetailBookTestDrive", "Boka provkörning")}</Heading>;
  if (gone) {
    return (
      <div className="fc-td__body">
        {title}
        <p role="alert">{t("testDriveGone", "Bilen är såld eller finns inte längre i lager och kan inte provköras.")}</p>
        <div className="fc-td__actions"><Button className="fc-button fc-button--primary" onPress={onClose} autoFocus>{t("testDriveClose", "Stäng")}</Button></div>
      </div>
    );
  }
  if (booked) {
    return (
      <div className="fc-td__body">
        {title}
        <p className="fc-td__done" role="status">
          {t("testDriveDone", "Provkörningen är bokad {when}. Vi har skickat en bekräftelse till {email}.", { when: booked.when, email: booked.email })}
        </p>
        <p className="fc-td__links">
          <a href={booked.answer.manageUrl}>{t("testDriveManage", "Ändra eller avboka")}</a>
          <a href={booked.answer.calendarUrl} download>{t("testDriveCalendar", "Lägg till i kalendern")}</a>
        </p>
        <div className="fc-td__actions"><Button ref={closeRef} className="fc-button fc-button--primary" onPress={onClose} autoFocus>{t("testDriveClose", "Stäng")}</Button></div>
      </div>
    );
  }
  const free = days?.days.filter((d) => d.free > 0) ?? [];
  const canEarlier = days && from > days.first;
  const nextFrom = days ? addDays(days.days[days.days.length - 1]?.date ?? from, 1) : "";
  const canLater = days && nextFrom && nextFrom <= days.last;
  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <TextField className={`fc-form__field${fieldErrors[name] ? " is-invalid" : ""}`} name={name} type={type} autoComplete={autoComplete} isRequired
      value={values[name]} onChange={(v) => change({ [name]: v } as Partial<Values>)} isInvalid={Boolean(fieldErrors[name])} validationBehavior="aria" isDisabled={sending}>
      <Label>{label}</Label>
      <Input />
      <FieldError className="fc-form__error">{fieldErrors[name]}</FieldError>
    </TextField>
  );
  return (
    <form className="fc-td__body fc-form" onSubmit={submit} noValidate>
      {title}
      <p className="fc-td__intro">
        {t("testDriveIntro", "{car} hos {dealer}. En provkörning tar {minutes} minuter.")
          .replace("{car}", carName).replace("{dealer}", days ? `${days.siteName}, ${days.address}` : "…").replace("{minutes}", String(days?.minutes ?? 45))}
      </p>
      {!days ? (
        <p className="fc-td__loading" role="status">{t("testDriveLoading", "Hämtar lediga tider …")}</p>
      ) : (
        <>
          <RadioGroup className="fc-td__group" value={day || null} onChange={(d) => { setDay(d); setSlot(""); key.current = ""; }} isDisabled={sending}>
            <Label className="fc-td__legend">{t("testDriveDay", "Dag")}</Label>
            {free.length === 0 && <p className="fc-td__none">{t("testDriveNoDays", "Inga lediga tider de här dagarna.")}</p>}
            <div className="fc-td__choices">
              {free.map((d) => <Radio key={d.date} value={d.date} className="fc-td__choice">{dayLabel(d.date)}</Radio>)}
            </div>
          </RadioGroup>
          <div className="fc-td__paging">
            {canEarlier && <Button className="fc-linklike" onPress={() => { setDays(null); setDay(""); setFrom(addDays(from, -14) < days.first ? days.first : addDays(from, -14)); }}>{t("testDriveEarlier", "Tidigare dagar")}</Button>}
            {canLater && <Button className="fc-linklike" onPress={() => { setDays(null); setDay(""); setFrom(nextFrom); }}>{t("testDriveLater", "Senare dagar")}</Button>}
          </div>
        </>
      )}
      {day && (
        <RadioGroup className={`fc-td__group${fieldErrors.timeSlot ? " is-invalid" : ""}`} value={slot || null} onChange={(s) => { setSlot(s); key.current = ""; }} isDisabled={sending}
          isInvalid={Boolean(fieldErrors.timeSlot)} validationBehavior="aria">
          <Label className="fc-td__legend">{t("testDriveTime", "Tid")} – {dayLabel(day, true)}</Label>
          {slots === null && <p className="fc-td__loading">{t("testDriveLoading", "Hämtar lediga tider …")}</p>}
          {slots?.length === 0 && <p className="fc-td__none">{t("testDriveNoTimes", "Inga lediga tider den dagen.")}</p>}
          <div className="fc-td__choices">
            {slots?.map((s) => <Radio key={s.timeSlot} value={s.timeSlot} className="fc-td__choice">{s.time}</Radio>)}
          </div>
          <FieldError className="fc-form__error">{fieldErrors.timeSlot}</FieldError>
        </RadioGroup>
      )}
      {!day && fieldErrors.timeSlot && <p className="fc-form__error" role="alert">{fieldErrors.timeSlot}</p>}
      <div className="fc-td__fields">
        {field("firstName", t("testDriveFirstName", "Förnamn"), "text", "given-name")}
        {field("lastName", t("testDriveLastName", "Efternamn"), "text", "family-name")}
        {field("phone", t("testDrivePhone", "Mobiltelefon"), "tel", "tel")}
        {field("email", t("testDriveEmail", "E-postadress"), "email", "email")}
      </div>
      <TextField className="fc-form__field" name="message" value={values.message} onChange={(v) => change({ message: v })} isDisabled={sending} maxLength={500}>
        <Label>{t("testDriveMessage", "Meddelande (valfritt)")}</Label>
        <TextArea rows={2} />
      </TextField>
      {error && <p className="fc-form__banner" role="alert">{error}</p>}
      <div className="fc-td__actions">
        <Button className="fc-button fc-button--secondary" onPress={onClose} isDisabled={sending}>{t("testDriveCancel", "Avbryt")}</Button>
        <Button type="submit" className="fc-button fc-button--primary" isDisabled={sending}>
          {sending ? t("testDriveSending", "Bokar …") : t("testDriveSubmit", "Boka provkörningen")}
        </Button>
      </div>
    </form>
  );
}
