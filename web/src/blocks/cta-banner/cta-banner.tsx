import type { BlockProps } from "../../app/block-props";
import { FieldLink, Img, RichText, imageOf, linkOf, textOf } from "../../lib/fields";
import { Heading, bgClass } from "../../components/block-kit/block-kit";
import "./cta-banner.css";

/**
 * CtaBanner is a call to action: Title, Text, Link and an optional Image.
 * Variant Big (param or field) is a full-width image banner; the normal
 * variant is a compact coloured strip (BackgroundColor, default 1).
 */
export function CtaBanner({ fields, params }: BlockProps) {
  const big = (params.Variant || textOf(fields, "Variant")) === "Big";
  const link = linkOf(fields, "Link");
  const link2 = linkOf(fields, "SecondaryLink");
  const image = imageOf(fields, "Image");
  const title = textOf(fields, "Title");
  const bg = bgClass(fields, params) || (big ? "" : "fc-bg fc-bg--1");
  return (
    <section className={`fc-cta ${big ? "fc-cta--big" : "fc-cta--normal"} ${big ? "" : bg}`}>
      {big && <Img image={image} name="Image" sizes="100vw" className="fc-cta__img" />}
      <div className="fc-container fc-cta__inner">
        <div className="fc-cta__text">
          {title && <Heading fields={fields} className="fc-cta__title">{title}</Heading>}
          <RichText fields={fields} name="Text" className="fc-cta__body" />
        </div>
        <div className="fc-cta__actions">
          {link && (
            <FieldLink link={link} name="Link" className={`fc-button ${big ? "fc-button--primary" : "fc-button--primary"}`}>
              {link.text}
            </FieldLink>
          )}
          {link2 && (
            <FieldLink link={link2} name="SecondaryLink" className={`fc-button ${big || bg.includes("--2") ? "fc-button--ghost-contrast" : "fc-button--secondary"}`}>
              {link2.text}
            </FieldLink>
          )}
        </div>
      </div>
    </section>
  );
}
