import { forwardRef } from "react";
import { imageSrcSet, imageURL } from "../../../lib/media";
import { useT } from "../../../lib/page-context";
import type { StoryCardData } from "../types";

/** StoryCard is one story in a list: image, date (when shown), title link, intro and tags. */
/** CardHeadingLevel is the level of a story card's title. */
export type CardHeadingLevel = 2 | 3 | 4 | 5 | 6;

export const StoryCard = forwardRef<HTMLAnchorElement, { story: StoryCardData; showDates: boolean; size?: "large" | "normal"; headingLevel?: CardHeadingLevel }>(
  function StoryCard({ story, showDates, size = "normal", headingLevel = 3 }, ref) {
    const t = useT();
    const H = `h${headingLevel}` as "h3";
    return (
      <article className={`fc-story-card fc-story-card--${size}`}>
        <div className="fc-story-card__media">
          {story.image && (
            <img
              src={imageURL(story.image.src, size === "large" ? 1280 : 640)}
              srcSet={imageSrcSet(story.image.src)}
              sizes={!imageSrcSet(story.image.src) ? undefined : size === "large" ? "(max-width: 767px) 100vw, 60vw" : "(max-width: 767px) 100vw, 33vw"}
              alt={story.image.alt}
              width={story.image.width}
              height={story.image.height}
              // The large card heads the stories list: its picture is the page's
              // largest paint. (React's preload of it is dropped from the server
              // HTML: app/server-html.ts says why.)
              loading={size === "large" ? "eager" : "lazy"}
              fetchPriority={size === "large" ? "high" : undefined}
              decoding="async"
            />
          )}
        </div>
        <div className="fc-story-card__body">
          {showDates && story.date && (
            <time className="fc-story-card__date" dateTime={story.date}>
              {story.formattedDate}
            </time>
          )}
          <H className="fc-story-card__title">
            <a href={story.url} ref={ref} className="fc-story-card__link">
              {story.title}
            </a>
          </H>
          {story.intro && <p className="fc-story-card__intro">{story.intro}</p>}
          {story.tags.length > 0 && (
            <ul className="fc-story-card__tags" aria-label={t("tags", "Taggar")}>
              {story.tags.map((tag) => (
                <li key={tag.id}>{tag.value}</li>
              ))}
            </ul>
          )}
        </div>
      </article>
    );
  },
);
