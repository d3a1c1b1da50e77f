import { useId, useState } from "react";
import type { BlockProps } from "../../app/block-props";
import { RichText, textOf } from "../../lib/fields";
import { useT } from "../../lib/page-context";
import "./legal-text.css";

/**
 * LegalText is small print that starts collapsed to a few lines; a button
 * (aria-expanded) expands and collapses it. With no JavaScript the whole
 * text is readable: the collapse is only visual and the text stays in the
 * page for screen readers.
 */
export function LegalText({ fields }: BlockProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  const title = textOf(fields, "Title");
  return (
    <section className={`fc-legal fc-container${open ? " fc-legal--open" : ""}`} aria-label={title || t("legalText", "Villkor")}>
      {title && <h2 className="fc-legal__title">{title}</h2>}
      <div id={id} className="fc-legal__text">
        <RichText fields={fields} name="Text" />
      </div>
      <button type="button" className="fc-linklike fc-legal__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? t("showLess", "Visa mindre") : t("readMore", "Läs mer")}
      </button>
    </section>
  );
}
