import type { BlockProps } from "../../../app/block-props";
import { Img, imageOf, textOf } from "../../../lib/fields";
import { usePage } from "../../../lib/page-context";
import type { StoryHeaderData } from "../types";
import "./stories.css";

/**
 * StoryHeader is the top of a story page: a link back to the index, the
 * title (h1), the date (only when the index's showDates is on), the intro
 * (the 'premble' field), the tags and the image, read from the route.
 */
export function StoryHeader({ data }: BlockProps<StoryHeaderData>) {
  const route = usePage().sitecore.route;
  const f = route?.fields ?? {};
  const title = textOf(f, "title") || route?.displayName || "";
  return (
    <header className="fc-story-header">
      <div className="fc-container fc-story-header__inner">
        {data?.indexUrl && (
          <a className="fc-story-header__index" href={data.indexUrl}>
            {data.indexTitle}
          </a>
        )}
        <h1 className="fc-story-header__title">{title}</h1>
        {data?.showDates && data.date && (
          <time className="fc-story-header__date" dateTime={data.date}>
            {data.formattedDate}
          </time>
        )}
        {textOf(f, "premble") && <p className="fc-story-header__intro">{textOf(f, "premble")}</p>}
        {data && data.tags.length > 0 && (
          <ul className="fc-story-card__tags fc-story-header__tags">
            {data.tags.map((tag) => (
              <li key={tag.id}>{tag.value}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="fc-container">
        <Img image={imageOf(f, "image")} name="image" sizes="(max-width: 1400px) 100vw, 1352px" className="fc-story-header__img" priority />
      </div>
    </header>
  );
}
