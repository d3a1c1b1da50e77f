import { useEffect, useRef, useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { RichText, textOf } from "../../../lib/fields";
import { useT } from "../../../lib/page-context";
import { Heading } from "../../../components/block-kit/block-kit";
import { getStories } from "../api/get-stories";
import { isVariant2, type StoriesListData, type StoryCardData } from "../types";
import { StoryCard, type CardHeadingLevel } from "./story-card";
import { useLatestCall } from "../../../lib/use-request";
import "./stories.css";

/** The list's fetch status: the spec's pending and success, and a failed fetch. */
type Status = { kind: "success" } | { kind: "pending"; what: "filter" | "more" } | { kind: "error"; message: string };

interface ListState {
  tags: string[];
  items: StoryCardData[];
  total: number;
  endCursor: string;
}

/**
 * StoriesList lists the stories of an index with tag chips ('show all' and
 * each tag; a chip toggles its tag in an OR filter, 'show all' clears),
 * story cards, 'load more' (shown while count < total; pages accumulate
 * through the cursor), an empty text and a spinner while pending. Layout
 * 'Variant 2' gives horizontal cards; HighlightLatestStory shows the
 * newest story large (unfiltered list only); dates show only with
 * ShowDates. The first page comes from the StoriesList loader.
 */
export function StoriesList({ fields, data }: BlockProps<StoriesListData>) {
  const t = useT();
  const [state, setState] = useState<ListState>(() => ({
    tags: [],
    items: data?.page.items ?? [],
    total: data?.page.total ?? 0,
    endCursor: data?.page.endCursor ?? "",
  }));
  const [status, setStatus] = useState<Status>({ kind: "success" });
  const { run: latest } = useLatestCall();
  const focusIndex = useRef<number | null>(null);
  const cardRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  useEffect(() => {
    if (focusIndex.current !== null && status.kind === "success") {
      cardRefs.current[focusIndex.current]?.focus();
      focusIndex.current = null;
    }
  }, [state, status]);
  if (!data) return null;

  const load = async (tags: string[], more: boolean) => {
    setStatus({ kind: "pending", what: more ? "more" : "filter" });
    if (!more) setState((s) => ({ ...s, tags }));
    const o = await latest((signal) =>
      getStories({ index: data.index, lang: data.language, tags, cursor: more ? state.endCursor : undefined, limit: data.pageSize || 4 }, signal),
    );
    if (!o) return;
    if (!o.ok) return setStatus({ kind: "error", message: t("storiesError", "Det gick inte att hämta nyheterna. Försök igen.") });
    const page = o.value;
    if (more) focusIndex.current = state.items.length;
    setState((s) => ({ tags, items: more ? [...s.items, ...page.items] : page.items, total: page.total, endCursor: page.endCursor }));
    setStatus({ kind: "success" });
  };
  const toggle = (id: string) => {
    const next = state.tags.includes(id) ? state.tags.filter((x) => x !== id) : [...state.tags, id];
    void load(next, false);
  };

  const title = textOf(fields, "Title");
  // Card headings sit one level under the block's title (an h1 unless the
  // editor chose another), and the other cards one under a highlighted one:
  // no level is skipped.
  const titleTag = textOf(fields, "TitleTag").toLowerCase();
  const titleLevel = /^h[1-6]$/.test(titleTag) ? Number(titleTag[1]) : 1;
  const firstLevel = (title ? Math.min(titleLevel + 1, 5) : 2) as CardHeadingLevel;
  const v2 = isVariant2(data.layout);
  const highlight = data.highlightLatestStory && state.tags.length === 0 && state.items.length > 0;
  const pending = status.kind === "pending";
  const filtering = pending && status.what === "filter";
  return (
    <section className={`fc-stories${v2 ? " fc-stories--v2" : ""}`}>
      <div className="fc-container">
        {title && (
          <Heading fields={fields} def="h1" className="fc-stories__title">
            {title}
          </Heading>
        )}
        <RichText fields={fields} name="Text" className="fc-block__intro" />
        {data.tags.length > 0 && (
          <div className="fc-stories__chips" role="group" aria-label={t("filterByTag", "Filtrera på ämne")}>
            <button type="button" className="fc-chip" aria-pressed={state.tags.length === 0} onClick={() => state.tags.length && load([], false)}>
              {t("showAll", "Visa alla")}
            </button>
            {data.tags.map((tag) => (
              <button key={tag.id} type="button" className="fc-chip" aria-pressed={state.tags.includes(tag.id)} onClick={() => toggle(tag.id)}>
                {tag.value}
              </button>
            ))}
          </div>
        )}
        <p className="fc-visually-hidden" role="status" aria-live="polite">
          {pending ? t("loading", "Laddar…") : `${t("showingStories", "Visar")} ${state.items.length} / ${state.total}`}
        </p>
        <div className={`fc-stories__results${filtering ? " fc-stories__results--pending" : ""}`} aria-busy={pending}>
          {status.kind === "success" && state.items.length === 0 && <p className="fc-stories__empty">{t("noStories", "Inga nyheter hittades.")}</p>}
          {highlight && (
            <div className="fc-stories__highlight">
              <StoryCard story={state.items[0]} showDates={data.showDates} size="large" headingLevel={firstLevel} ref={(el) => void (cardRefs.current[0] = el)} />
            </div>
          )}
          <ul className="fc-stories__grid">
            {state.items.slice(highlight ? 1 : 0).map((s, i) => {
              const idx = i + (highlight ? 1 : 0);
              return (
                <li key={s.id}>
                  <StoryCard story={s} showDates={data.showDates} headingLevel={(highlight ? firstLevel + 1 : firstLevel) as CardHeadingLevel} ref={(el) => void (cardRefs.current[idx] = el)} />
                </li>
              );
            })}
          </ul>
        </div>
        {status.kind === "error" && (
          <p className="fc-stories__error" role="alert">
            {status.message}
          </p>
        )}
        <div className="fc-stories__more">
          {pending && <span className="fc-spinner" aria-hidden="true" />}
          {!pending && state.items.length < state.total && (
            <button type="button" className="fc-button fc-button--secondary" onClick={() => load(state.tags, true)}>
              {t("loadMore", "Visa fler")} ({state.total - state.items.length})
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
