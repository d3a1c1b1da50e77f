// 'Bevaka sökningen': a button on the car list that opens a small dialog
// asking for an e-mail address and how often alerts may come, and saves
// the list as it is now (the address bar holds its state: filters, ranges,
// keyphrase, sort). The server mails a confirmation link (double opt-in).
import { useState, type FormEvent } from "react";
import { Button, Dialog, DialogTrigger, FieldError, Heading, Input, Label, Modal, ModalOverlay, Radio, RadioGroup, Text, TextField } from "react-aria-components";
import { Honeypot } from "../../../components/form-kit/form-kit";
import { FormRateLimited, FormRejected, useFormTicket } from "../../../lib/comhub";
import { usePage, useT } from "../../../lib/page-context";
import type { BlockProps } from "../../../app/block-props";
import { postSignup, signupSchema } from "../api/alerts";
import { FREQUENCIES, type Frequency, type SaveFlow } from "../types";
import "../alerts.css";

/** SaveSearch is the block beside the car list (component name SaveSearch). */
export function SaveSearch(_: BlockProps) {
  const t = useT();
  return (
    <div className="fc-container fc-save-search">
      <DialogTrigger>
        <Button className="fc-button fc-button--secondary fc-save-search__open">
          <BellIcon />
          {t("alertsButton", "Bevaka sökningen")}
        </Button>
        <ModalOverlay className="fc-save-search__overlay" isDismissable>
          <Modal className="fc-save-search__modal">
            <Dialog className="fc-save-search__dialog">
              {({ close }) => <SaveSearchForm close={close} />}
            </Dialog>
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
    </div>
  );
}

function BellIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16h15.4L18 12.6V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** SaveSearchForm is the dialog's content; it mounts when the dialog opens (the form ticket is fetched then). */
export function SaveSearchForm({ close }: { close: () => void }) {
  const t = useT();
  const page = usePage();
  const ticket = useFormTicket();
  const [email, setEmail] = useState("");
  const [frequency, setFrequency] = useState<Frequency>("daily");
  const [website, setWebsite] = useState("");
  const [flow, setFlow] = useState<SaveFlow>({ step: "editing" });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = signupSchema.safeParse({ email, frequency });
    if (!parsed.success) {
      setFlow({ step: "editing", fieldErrors: { email: t("alertsEmailInvalid", "Ange en giltig e-postadress") } });
      return;
    }
    setFlow({ step: "sending" });
    try {
      // The list keeps its state in the address bar; read it when saving.
      await postSignup(parsed.data, { path: window.location.pathname, query: window.location.search, lang: page.sitecore.context.language }, ticket, website);
      setFlow({ step: "sent", email: parsed.data.email });
    } catch (err) {
      if (err instanceof FormRejected) {
        if (err.fields.email === "tooManySearches") setFlow({ step: "editing", error: t("alertsTooMany", "") });
        else if (err.fields.email) setFlow({ step: "editing", fieldErrors: { email: t("alertsEmailInvalid", "Ange en giltig e-postadress") } });
        else setFlow({ step: "editing", error: t("alertsError", "Något gick fel, försök igen.") });
      } else if (err instanceof FormRateLimited) {
        setFlow({ step: "editing", error: t("alertsRateLimited", "Försök igen om {minutes} minuter.").replace("{minutes}", String(err.minutes)) });
      } else {
        setFlow({ step: "editing", error: t("alertsError", "Något gick fel, försök igen.") });
      }
    }
  }

  if (flow.step === "sent") {
    return (
      <div className="fc-save-search__body">
        <Heading slot="title" className="fc-save-search__title">{t("alertsDialogTitle", "Bevaka sökningen")}</Heading>
        <p className="fc-form__done" role="status">{t("alertsSent", "").replace("{email}", flow.email)}</p>
        <div className="fc-save-search__actions">
          <Button className="fc-button fc-button--primary" onPress={close} autoFocus>{t("alertsClose", "Stäng")}</Button>
        </div>
      </div>
    );
  }
  const sending = flow.step === "sending";
  const fe = flow.step === "editing" ? flow.fieldErrors ?? {} : {};
  return (
    <form className="fc-save-search__body fc-form" onSubmit={submit} noValidate>
      <Heading slot="title" className="fc-save-search__title">{t("alertsDialogTitle", "Bevaka sökningen")}</Heading>
      <p className="fc-save-search__intro">{t("alertsDialogIntro", "")}</p>
      <TextField className={`fc-form__field${fe.email ? " is-invalid" : ""}`} type="email" name="email" autoComplete="email" isRequired
        value={email} onChange={setEmail} isInvalid={Boolean(fe.email)} validationBehavior="aria" isDisabled={sending} autoFocus>
        <Label>{t("alertsEmail", "E-postadress")}</Label>
        <Input />
        <FieldError className="fc-form__error">{fe.email}</FieldError>
      </TextField>
      <RadioGroup className="fc-save-search__freq" value={frequency} onChange={(v) => setFrequency(v as Frequency)} isDisabled={sending}>
        <Label className="fc-save-search__legend">{t("alertsFrequency", "Hur ofta vill du få mejl?")}</Label>
        {FREQUENCIES.map((f) => (
          <Radio key={f} value={f} className="fc-save-search__radio">
            {f === "daily" ? t("alertsDaily", "Högst en gång om dagen") : t("alertsWeekly", "Högst en gång i veckan")}
          </Radio>
        ))}
      </RadioGroup>
      <Honeypot value={website} onChange={setWebsite} />
      <Text className="fc-form__note">{t("alertsPrivacy", "")}</Text>
      {flow.step === "editing" && flow.error && <p className="fc-form__banner" role="alert">{flow.error}</p>}
      <div className="fc-save-search__actions">
        <Button className="fc-button fc-button--secondary" onPress={close} isDisabled={sending}>{t("alertsCancel", "Avbryt")}</Button>
        <Button type="submit" className="fc-button fc-button--primary" isDisabled={sending}>
          {sending ? t("alertsSending", "Sparar…") : t("alertsSubmit", "Bevaka")}
        </Button>
      </div>
    </form>
  );
}
