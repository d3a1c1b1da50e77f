import type { BlockProps } from "../../app/block-props";
import { FieldLink, Img, RichText, imageOf, itemsOf, linkOf, textOf } from "../../lib/fields";
import { Heading } from "../../components/block-kit/block-kit";
import "./banners.css";

/**
 * Banners is a row of one to three promotional banners (the Banners list:
 * Title, Text, Image, Link each). The first banner is wide when there are
 * three.
 */
export function Banners({ fields }: BlockProps) {
  const items = itemsOf(fields, "Banners");
  if (items.length === 0) return null;
  const title = textOf(fields, "Title");
  return (
    <section className="fc-block fc-banners">
      <div className="fc-container">
        {title && <Heading fields={fields} className="fc-block__title">{title}</Heading>}
        <ul className={`fc-banners__list fc-banners__list--${Math.min(items.length, 3)}`}>
          {items.map((it) => {
            const link = linkOf(it.fields, "Link");
            return (
              <li key={it.id} className="fc-banner">
                <Img image={imageOf(it.fields, "Image")} sizes="(max-width: 767px) 100vw, 50vw" className="fc-banner__img" />
                <div className="fc-banner__content">
                  <h3 className="fc-banner__title">{textOf(it.fields, "Title")}</h3>
                  <RichText fields={it.fields} name="Text" className="fc-banner__text" />
                  {link && (
                    <FieldLink link={link} className="fc-button fc-button--ghost-contrast fc-banner__link">
                      {link.text}
                    </FieldLink>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
