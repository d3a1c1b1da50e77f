import { useId, useState } from "react";
import type { BlockProps } from "../../app/block-props";
import { RichText, boolOf, textOf } from "../../lib/fields";
import { Heading } from "../../components/block-kit/block-kit";
import "./faq-item.css";

/**
 * FaqItem is one accordion question: a button with aria-expanded and a +/-
 * sign toggles the answer. IsOpen (field or param) opens it initially.
 */
export function FaqItem({ fields, params }: BlockProps) {
  const [open, setOpen] = useState(boolOf(fields, "IsOpen") || params.IsOpen === "1");
  const id = useId();
  const title = textOf(fields, "Title") || textOf(fields, "Question");
  return (
    <div className="fc-container">
    <div className={`fc-faq${open ? " fc-faq--open" : ""}`}>
      <Heading fields={fields} def="h3" className="fc-faq__heading">
        <button type="button" className="fc-faq__toggle" aria-expanded={open} aria-controls={`${id}-panel`} id={`${id}-button`} onClick={() => setOpen((o) => !o)}>
          <span>{title}</span>
          <span className="fc-faq__sign" aria-hidden="true">
            {open ? "−" : "+"}
          </span>
        </button>
      </Heading>
      <div id={`${id}-panel`} role="region" aria-labelledby={`${id}-button`} className="fc-faq__panel" hidden={!open}>
        <RichText fields={fields} name={textOf(fields, "Text") ? "Text" : "Answer"} className="fc-faq__answer" />
      </div>
    </div>
    </div>
  );
}
