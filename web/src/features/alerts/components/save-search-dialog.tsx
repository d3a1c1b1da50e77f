// The dialog of 'Bevaka sökningen', loaded when the visitor first opens it:
// react-aria's modal, form fields and the form schema stay out of the car
// list's first load (its button is all the list needs until then).
import { useState, type FormEvent } from "react";
import { Button, Dialog, FieldError, Heading, Input, Label, Modal, ModalOverlay, Text, TextField } from "react-aria-components";
import { Honeypot } from "../../../components/form-kit/form-kit";
import { FormRateLimited, FormRejected, useFormTicket } from "../../../lib/comhub";
import { usePage, useT } from "../../../lib/page-context";
import { postSignup, signupSchema } from "../api/alerts";
import { type Frequency, type SaveFlow } from "../types";
import { FrequencyChoice } from "./frequency-choice";

/** SaveSearchDialog is the modal; onClose runs on Escape, outside click, cancel and close. */
export function SaveSearchDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalOverlay className="fc-save-search__overlay" isDismissable isOpen onOpenChange={(open) => !open && onClose()}>
      <Modal className="fc-save-search__modal">
        <Dialog className="fc-save-search__dialog">{() => <SaveSearchForm close={onClose} />}</Dialog>
      </Modal>
    </ModalOverlay>
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
        setFlow({ step: "editing", error: t("alertsRateLimited", "Försök igen om {minutes} minuter.", { minutes: err.minutes }) });
      } else {
        setFlow({ step: "editing", error: t("alertsError", "Något gick fel, försök igen.") });
      }
    }
  }

  if (flow.step === "sent") {
    return (
      <div className="fc-save-search__body">
        <Heading slot="title" className="fc-save-search__title">{t("alertsDialogTitle", "Bevaka sökningen")}</Heading>
        <p className="fc-form__done" role="status">{t("alertsSent", "", { email: flow.email })}</p>
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
      <FrequencyChoice value={frequency} onChange={setFrequency} t={t} isDisabled={sending} />
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
