// The editor chrome of one field: an edit button and a modal dialog with
// the field's form (text, rich text as HTML, image src/alt, link
// href/text/target) and its history. Rendered only in editing mode.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { FieldKind } from "../../lib/fields";
import type { ImageValue, LinkValue } from "../../lib/types";
import { EditorError, fieldHistory, revertField, saveField, type FieldAddress, type FieldVersion } from "./editor-api";

type Status = { kind: "idle" } | { kind: "saving" } | { kind: "error"; message: string; fields?: Record<string, string> };

const KIND_LABEL: Record<FieldKind, string> = { text: "text", rich: "formaterad text", image: "bild", link: "länk" };

export function FieldEditor({ addr, kind, value, onSaved }: { addr: FieldAddress; kind: FieldKind; value: unknown; onSaved: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [history, setHistory] = useState<FieldVersion[] | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    }
    if (!open && d.open) d.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    setStatus({ kind: "idle" });
    setHistory(null);
    opener.current?.focus();
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const get = (k: string) => String(form.get(k) ?? "");
    let next: unknown;
    if (kind === "text" || kind === "rich") next = get("value");
    else if (kind === "image") next = { src: get("src"), alt: get("alt") };
    else next = { href: get("href"), text: get("text"), target: form.get("blank") ? "_blank" : "" };
    setStatus({ kind: "saving" });
    try {
      await saveField(addr, kind, next);
      close();
      onSaved();
    } catch (err) {
      const ee = err instanceof EditorError ? err : new EditorError("Kunde inte spara.", 0);
      setStatus({ kind: "error", message: ee.message, fields: ee.fields });
    }
  };

  const showHistory = async () => {
    try {
      setHistory(await fieldHistory(addr));
    } catch (err) {
      setStatus({ kind: "error", message: err instanceof Error ? err.message : "Kunde inte läsa historiken." });
    }
  };

  const revert = async (id: number) => {
    try {
      await revertField(id);
      close();
      onSaved();
    } catch (err) {
      setStatus({ kind: "error", message: err instanceof Error ? err.message : "Kunde inte återställa." });
    }
  };

  const fieldError = (k: string) => (status.kind === "error" ? (status.fields?.[k] ?? (k === "value" ? status.fields?.value : undefined)) : undefined);
  const text = typeof value === "string" ? value : "";
  const image = (typeof value === "object" && value ? value : {}) as ImageValue;
  const link = (typeof value === "object" && value ? value : {}) as LinkValue;

  return (
    <>
      <button ref={opener} type="button" className="fc-edit-button" aria-label={`Redigera ${addr.field}`} onClick={() => setOpen(true)}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
          <path fill="currentColor" d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zM20.7 7.04a1 1 0 0 0 0-1.41l-2.33-2.33a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.82-1.84z" />
        </svg>
      </button>
      {open && (
        <dialog ref={dialog} className="fc-edit-dialog" aria-labelledby={titleId} onCancel={(e) => (e.preventDefault(), close())}>
          <form onSubmit={submit} noValidate>
            <h2 id={titleId}>
              Redigera {KIND_LABEL[kind]}: {addr.field}
            </h2>
            {(kind === "text" || kind === "rich") && (
              <Field label={kind === "rich" ? "Innehåll (HTML)" : "Text"} name="value" error={fieldError("value")}>
                {(p) => <textarea {...p} defaultValue={text} rows={kind === "rich" ? 10 : 3} maxLength={kind === "rich" ? 20000 : 500} autoFocus />}
              </Field>
            )}
            {kind === "image" && (
              <>
                <Field label="Bildadress" name="src" error={fieldError("value.src")}>
                  {(p) => <input {...p} defaultValue={image.src ?? ""} autoFocus />}
                </Field>
                <Field label="Alternativtext" name="alt" error={fieldError("value.alt")}>
                  {(p) => <input {...p} defaultValue={image.alt ?? ""} maxLength={300} />}
                </Field>
              </>
            )}
            {kind === "link" && (
              <>
                <Field label="Länkadress" name="href" error={fieldError("value.href")}>
                  {(p) => <input {...p} defaultValue={link.href ?? ""} autoFocus />}
                </Field>
                <Field label="Länktext" name="text" error={fieldError("value.text")}>
                  {(p) => <input {...p} defaultValue={link.text ?? ""} maxLength={200} />}
                </Field>
                <label className="fc-edit-check">
                  <input type="checkbox" name="blank" defaultChecked={link.target === "_blank"} /> Öppna i nytt fönster
                </label>
              </>
            )}
            <p className={`fc-edit-status${status.kind === "error" ? " fc-edit-status--error" : ""}`} role="status" aria-live="polite">
              {status.kind === "saving" ? "Sparar…" : status.kind === "error" ? status.message : ""}
            </p>
            <div className="fc-edit-actions">
              <button type="submit" className="fc-button fc-button--primary" disabled={status.kind === "saving"}>
                Spara utkast
              </button>
              <button type="button" className="fc-button fc-button--secondary" onClick={close}>
                Avbryt
              </button>
              <button type="button" className="fc-button fc-button--ghost" onClick={showHistory}>
                Historik
              </button>
            </div>
            {history && (
              <section aria-label="Historik" className="fc-edit-history">
                {history.length === 0 ? (
                  <p>Fältet har inte redigerats än.</p>
                ) : (
                  <ol>
                    {history.map((v) => (
                      <li key={v.id}>
                        <span>
                          {new Date(v.createdAt).toLocaleString("sv-SE")} · {v.editor} · {v.publishedAt ? "publicerad" : "utkast"}
                        </span>
                        <span className="fc-edit-history__value">{summary(v.value)}</span>
                        <button type="button" className="fc-button fc-button--ghost" onClick={() => revert(v.id)} aria-label={`Återställ version ${v.id}`}>
                          Återställ
                        </button>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            )}
          </form>
        </dialog>
      )}
    </>
  );
}

function summary(v: unknown): string {
  if (typeof v === "string") return v.replace(/<[^>]*>/g, "").slice(0, 80);
  if (v && typeof v === "object") {
    const o = v as Record<string, string>;
    return [o.text ?? o.alt, o.href ?? o.src].filter(Boolean).join(" — ");
  }
  return "";
}

function Field({
  label,
  name,
  error,
  children,
}: {
  label: string;
  name: string;
  error?: string;
  children: (p: { id: string; name: string; "aria-invalid"?: boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="fc-edit-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": error ? id + "-err" : undefined })}
      {error && (
        <p id={id + "-err"} className="fc-edit-error">
          {error}
        </p>
      )}
    </div>
  );
}
