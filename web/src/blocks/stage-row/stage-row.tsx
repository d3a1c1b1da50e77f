import type { BlockProps } from "../../app/block-props";
import { FieldLink, Img, RichText, boolOf, imageOf, itemsOf, linkOf, textOf } from "../../lib/fields";
import { STAGE_ROW_DEBOUNCE_MS, useDebouncedWindowWidth } from "../../lib/resize";
import { Heading } from "../../components/block-kit/block-kit";
import "./stage-row.css";

/**
 * stageColumns is the number of columns of a stage row at a window width:
 * 1 below 768 px, 2 below 1024 px, then 3, or 4 from 1280 px with the
 * four-column option. Width 0 (server, first render) gives the desktop
 * count, which CSS narrows until the width is known.
 */
export function stageColumns(width: number, four: boolean): number {
  if (width === 0) return four ? 4 : 3;
  if (width < 768) return 1;
  if (width < 1024) return 2;
  if (four && width >= 1280) return 4;
  return 3;
}

/**
 * StageRow shows Items (Image, Title, Text, Link) as stages in a row: 3
 * columns, or 4 with FourColumns (field or param), chosen by the window
 * width with a 100 ms debounce.
 */
export function StageRow({ fields, params }: BlockProps) {
  const width = useDebouncedWindowWidth(STAGE_ROW_DEBOUNCE_MS);
  const items = itemsOf(fields, "Items");
  if (items.length === 0) return null;
  const four = boolOf(fields, "FourColumns") || params.FourColumns === "1" || params.Columns === "4";
  const cols = stageColumns(width, four);
  const title = textOf(fields, "Title");
  return (
    <section className="fc-block fc-stage-row">
      <div className="fc-container">
        {title && <Heading fields={fields} className="fc-block__title">{title}</Heading>}
        <ol className="fc-stage-row__list" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }} data-columns={cols}>
          {items.map((it, i) => {
            const link = linkOf(it.fields, "Link");
            return (
              <li key={it.id} className="fc-stage-row__item">
                <div className="fc-stage-row__media">
                  <Img image={imageOf(it.fields, "Image")} sizes={`(max-width: 767px) 100vw, ${Math.round(100 / cols)}vw`} className="fc-stage-row__img" />
                  <span className="fc-stage-row__step" aria-hidden="true">
                    {i + 1}
                  </span>
                </div>
                <h3 className="fc-stage-row__title">{textOf(it.fields, "Title")}</h3>
                <RichText fields={it.fields} name="Text" className="fc-stage-row__text" />
                {link && <FieldLink link={link} className="fc-stage-row__link" />}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
