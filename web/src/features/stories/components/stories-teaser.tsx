import type { BlockProps } from "../../../app/block-props";
import { textOf } from "../../../lib/fields";
import { useT } from "../../../lib/page-context";
import { Heading } from "../../../components/block-kit/block-kit";
import { isVariant2, type StoriesTeaserData } from "../types";
import { StoryCard } from "./story-card";
import "./stories.css";

const BUTTON_CLASS: Record<string, string> = {
  Primary: "fc-button--primary",
  Secondary: "fc-button--secondary",
  Ghost: "fc-button--ghost",
};

/**
 * StoriesTeaser shows the latest 3 stories with a title and a 'show more'
 * button to the stories index (ButtonType Primary/Secondary/Ghost). Layout
 * 'Variant 2' is a compact list. It shows nothing without stories (the
 * loader logs failures and sends none).
 */
export function StoriesTeaser({ fields, data }: BlockProps<StoriesTeaserData>) {
  const t = useT();
  if (!data || data.items.length === 0) return null;
  const v2 = isVariant2(textOf(fields, "Layout"));
  const title = textOf(fields, "Title");
  const button = BUTTON_CLASS[textOf(fields, "ButtonType")] ?? BUTTON_CLASS.Secondary;
  return (
    <section className={`fc-block fc-teaser${v2 ? " fc-teaser--v2" : ""}`}>
      <div className="fc-container">
        <div className="fc-teaser__head">
          {title && <Heading fields={fields} className="fc-teaser__title">{title}</Heading>}
        </div>
        {v2 ? (
          <ul className="fc-teaser__list">
            {data.items.map((s) => (
              <li key={s.id}>
                {data.showDates && s.date && (
                  <time dateTime={s.date} className="fc-teaser__date">
                    {s.formattedDate}
                  </time>
                )}
                <a href={s.url} className="fc-teaser__link">
                  {s.title}
                </a>
                {s.intro && <p className="fc-teaser__intro">{s.intro}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <ul className="fc-stories__grid fc-teaser__grid">
            {data.items.map((s) => (
              <li key={s.id}>
                <StoryCard story={s} showDates={data.showDates} headingLevel={title ? 3 : 2} />
              </li>
            ))}
          </ul>
        )}
        {data.indexUrl && (
          <div className="fc-teaser__more">
            <a href={data.indexUrl} className={`fc-button ${button}`}>
              {textOf(fields, "ButtonText") || t("showMoreStories", "Visa fler nyheter")}
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
