// The marketing-form embed (CMS block "MarketingForm"): a teaser with a
// button that opens the provider's form in a dialog of at most 520 px. The
// provider's script (settings MARKETING_FORM_SCRIPT_URL, _REGION) is loaded
// when the dialog first opens; the provider's submit message pushes the
// lead event. Without a FormId the block shows 'Missing FormId'. Without a
// provider account (data.configured false) the popup could only say that
// the form failed to load, so it is not offered: the block shows the
// site's own form (data.fallback, a form-builder form) or nothing.
import { useEffect, useId, useRef, useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { useT } from "../../../lib/page-context";
import { RichText, Text, textOf } from "../../../lib/fields";
import { keepFocusInside } from "../../../lib/use-dialog";
import { pushDataLayer } from "../../../lib/data-layer";
import { createForm, isSubmitMessage, loadScript, type MarketingFormData } from "../api/marketing";
import { FormBuilder } from "./form-builder";
import "../forms.css";

type Status = "idle" | "loading" | "ready" | "error";

export function MarketingForm({ rendering, fields, params, data }: BlockProps<MarketingFormData>) {
  const t = useT();
  const id = useId().replace(/[^A-Za-z0-9_-]/g, "");
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>("idle");
  const dialogRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const rendered = useRef(false);
  const formId = data?.formId ?? "";

  // The provider's submit message: one lead event per submission.
  useEffect(() => {
    if (!formId) return;
    const onMessage = (e: MessageEvent) => {
      if (!isSubmitMessage(e.data, formId)) return;
      pushDataLayer({ event: "lead", lead_type: "marketing_form", form_name: "marketingForm", form_id: formId });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [formId]);

  // Load the script and render the form the first time the dialog opens.
  useEffect(() => {
    if (!open || !data || !formId || rendered.current) return;
    let live = true;
    setStatus("loading");
    loadScript(data.scriptUrl)
      .then(() => {
        if (!live) return;
        createForm(data, `fc-mf-${id}`);
        rendered.current = true;
        setStatus("ready");
      })
      .catch((err) => {
        console.error("MARKETING_FORM_LOAD_FAILED", err);
        pushDataLayer({ event: "event_error", error: "MARKETING_FORM_LOAD_FAILED", form_id: formId });
        if (live) setStatus("error");
      });
    return () => {
      live = false;
    };
  }, [open, data, formId, id]);

  // Focus moves into the dialog and stays there (also when the provider
  // replaces the focused element); Escape closes it; focus returns to the
  // button.
  useEffect(() => {
    if (!open) return;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    dialogRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (e.key === "Escape") {
        e.preventDefault();
        setOpen(false);
        return;
      }
      if (e.key !== "Tab" || !dialog) return;
      if (!dialog.contains(document.activeElement)) {
        e.preventDefault();
        dialog.focus();
        return;
      }
      keepFocusInside(e, dialog);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      openerRef.current?.focus();
    };
  }, [open]);

  if (data && !data.configured) {
    return data.fallback ? <FormBuilder rendering={rendering} fields={fields} params={params} data={data.fallback} /> : null;
  }
  if (!formId) return <p className="fc-container fc-marketing-form__missing" role="alert">Missing FormId</p>;
  const title = textOf(fields, "Title");
  return (
    <section className="fc-marketing-form" aria-labelledby={`${id}-title`}>
      <div className="fc-container fc-marketing-form__teaser">
        <div>
          <h2 id={`${id}-title`}>{title ? <Text fields={fields} name="Title" /> : t("marketingFormTitle", "Stay up to date")}</h2>
          {textOf(fields, "Text") && <RichText fields={fields} name="Text" className="fc-marketing-form__text" />}
        </div>
        <button ref={openerRef} type="button" className="fc-button fc-button--primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {textOf(fields, "ButtonText") || t("marketingFormOpen", "Sign up")}
        </button>
      </div>
      <div className="fc-marketing-form__backdrop" hidden={!open} onClick={(e) => e.target === e.currentTarget && setOpen(false)}>
        <div ref={dialogRef} className="fc-marketing-form__dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-dtitle`} tabIndex={-1}
>
          <div className="fc-marketing-form__head">
            <h2 id={`${id}-dtitle`}>{title || t("marketingFormTitle", "Stay up to date")}</h2>
            <button type="button" className="fc-marketing-form__close" aria-label={t("close", "Close")} onClick={() => setOpen(false)}>
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /></svg>
            </button>
          </div>
          {status === "loading" && <p className="fc-marketing-form__status" role="status">{t("marketingFormLoading", "Loading the form…")}</p>}
          {status === "error" && <p className="fc-form__banner" role="alert">{t("marketingFormLoadError", "The form could not be loaded. Please try again later.")}</p>}
          <div id={`fc-mf-${id}`} className="fc-marketing-form__target" />
        </div>
      </div>
    </section>
  );
}
