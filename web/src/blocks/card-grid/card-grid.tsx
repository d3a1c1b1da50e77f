import type { BlockProps } from "../../app/block-props";
import { Placeholder } from "../../app/placeholder";
import { RichText, textOf } from "../../lib/fields";
import { Heading, bgClass } from "../../components/block-kit/block-kit";
import "./card-grid.css";

/**
 * CardGrid lays out the cards in its "cards" placeholder (CarModelCard,
 * ImageCard): one column up to 768 px, then 3 columns, or 4 with
 * Columns: 4 from 1280 px.
 */
export function CardGrid({ rendering, fields, params }: BlockProps) {
  const cols = (params.Columns || textOf(fields, "Columns")) === "4" ? 4 : 3;
  const title = textOf(fields, "Title");
  return (
    <section className={`fc-block fc-card-grid ${bgClass(fields, params)}`}>
      <div className="fc-container">
        {title && <Heading fields={fields} className="fc-block__title">{title}</Heading>}
        <RichText fields={fields} name="Text" className="fc-block__intro" />
        <ul className={`fc-card-grid__list fc-card-grid__list--${cols}`}>
          {(rendering.placeholders?.cards ?? []).map((r) => (
            <li key={r.uid}>
              <Placeholder name="cards" renderings={[r]} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
