import type { BlockProps } from "../../app/block-props";
import { FieldLink, Img, RichText, imageOf, itemsOf, linkOf, textOf } from "../../lib/fields";
import { Heading, bgClass } from "../../components/block-kit/block-kit";
import "./highlight-list.css";

/**
 * HighlightList shows short selling points (Items: Title, Text, Icon image,
 * Link) in 3 columns, or 4 with Columns: 4 (param or field).
 */
export function HighlightList({ fields, params }: BlockProps) {
  const items = itemsOf(fields, "Items");
  if (items.length === 0) return null;
  const cols = (params.Columns || textOf(fields, "Columns")) === "4" ? 4 : 3;
  const title = textOf(fields, "Title");
  return (
    <section className={`fc-block fc-highlights ${bgClass(fields, params)}`}>
      <div className="fc-container">
        {title && <Heading fields={fields} className="fc-block__title">{title}</Heading>}
        <ul className={`fc-highlights__list fc-highlights__list--${cols}`}>
          {items.map((it, i) => {
            const link = linkOf(it.fields, "Link");
            const icon = imageOf(it.fields, "Icon");
            return (
              <li key={it.id} className="fc-highlights__item">
                {icon ? (
                  <Img image={icon} sizes="64px" className="fc-highlights__icon" />
                ) : (
                  <span className="fc-highlights__num" aria-hidden="true">
                    {String(i + 1).padStart(2, "0")}
                  </span>
                )}
                <h3 className="fc-highlights__title">{textOf(it.fields, "Title")}</h3>
                <RichText fields={it.fields} name="Text" className="fc-highlights__text" />
                {link && <FieldLink link={link} className="fc-highlights__link" />}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
