import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { f, renderBlock } from "../../../test-utils";
import { StoriesList } from "./stories-list";
import { StoriesTeaser } from "./stories-teaser";
import { ArticleFooter } from "./article-footer";
import type { StoriesListData, StoryCardData } from "../types";

const story = (n: number, tags = [] as StoryCardData["tags"]): StoryCardData => ({
  id: `id${n}`,
  name: `s${n}`,
  path: `/nyheter/s${n}`,
  url: `/nyheter/s${n}`,
  title: `Nyhet ${n}`,
  intro: `Ingress ${n}`,
  date: `2026-01-${String(20 - n).padStart(2, "0")}`,
  formattedDate: `${20 - n} januari 2026`,
  tags,
});
const tagA = { id: "a", key: "elbil", value: "Elbil" };
const tagB = { id: "b", key: "service", value: "Service" };

function listData(over: Partial<StoriesListData> = {}): StoriesListData {
  return {
    index: "/nyheter",
    indexUrl: "/nyheter",
    language: "sv",
    showDates: true,
    layout: "",
    highlightLatestStory: false,
    pageSize: 4,
    tags: [tagA, tagB],
    page: { items: [1, 2, 3, 4].map((n) => story(n)), total: 6, endCursor: "c4", hasNext: true },
    ...over,
  };
}

function mockFetch(pages: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      const tags = new URL(url, "http://x").searchParams.get("tags") ?? "";
      const key = Object.keys(pages).find((k) => (k.startsWith("tags=") ? k === `tags=${tags}` : url.includes(k) && !tags));
      if (!key) return new Response(JSON.stringify({ error: { message: "nope" } }), { status: 400 });
      return new Response(JSON.stringify(pages[key]), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("StoriesList", () => {
  it("renders the first page with dates and loads more with the cursor until count equals total", async () => {
    const calls = mockFetch({ "cursor=c4": { items: [story(5), story(6)], total: 6, endCursor: "c6", hasNext: false } });
    renderBlock(StoriesList, { fields: f({ Title: "Nyheter" }), data: listData() });
    expect(screen.getByRole("heading", { level: 1, name: "Nyheter" })).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(4);
    expect(screen.getAllByText(/januari 2026/)).toHaveLength(4);
    await userEvent.click(screen.getByRole("button", { name: "Visa fler (2)" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(6));
    expect(calls[0]).toBe("/api/stories?index=%2Fnyheter&lang=sv&limit=4&cursor=c4");
    expect(screen.queryByRole("button", { name: /Visa fler/ })).toBeNull();
    // Focus moves in a passive effect after the new cards commit; on a busy machine that can land
    // a tick after the cards appear, so wait for it rather than read it once.
    await waitFor(() => expect(screen.getByRole("link", { name: "Nyhet 5" })).toHaveFocus());
  });

  it("toggles tags in an OR filter and 'show all' clears it", async () => {
    const calls = mockFetch({
      "tags=a,b": { items: [story(1, [tagA]), story(2, [tagB])], total: 2, endCursor: "x", hasNext: false },
      "tags=a": { items: [story(1, [tagA])], total: 1, endCursor: "x", hasNext: false },
      "limit=4": { items: [1, 2, 3, 4].map((n) => story(n)), total: 6, endCursor: "c4", hasNext: true },
    });
    renderBlock(StoriesList, { data: listData() });
    const chips = screen.getByRole("group", { name: "Filtrera på ämne" });
    expect(within(chips).getByRole("button", { name: "Visa alla" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(chips).getByRole("button", { name: "Elbil" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    await userEvent.click(within(chips).getByRole("button", { name: "Service" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    expect(within(chips).getByRole("button", { name: "Elbil" })).toHaveAttribute("aria-pressed", "true");
    expect(within(chips).getByRole("button", { name: "Visa alla" })).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(within(chips).getByRole("button", { name: "Visa alla" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(4));
    expect(calls.map((c) => new URL(c, "http://x").searchParams.get("tags"))).toEqual(["a", "a,b", null]);
  });

  it("shows the empty text, a spinner while pending, and no dates without ShowDates", async () => {
    let resolve!: (r: Response) => void;
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>((r) => (resolve = r))));
    const { container } = renderBlock(StoriesList, { data: listData({ showDates: false }) });
    expect(screen.queryByText(/januari 2026/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Elbil" }));
    expect(container.querySelector(".fc-spinner")).not.toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Laddar…");
    resolve(new Response(JSON.stringify({ items: [], total: 0, endCursor: "", hasNext: false })));
    expect(await screen.findByText("Inga nyheter hittades.")).toBeInTheDocument();
    expect(container.querySelector(".fc-spinner")).toBeNull();
  });

  it("highlights the latest story large and uses horizontal cards in Variant 2", () => {
    const { container } = renderBlock(StoriesList, { data: listData({ highlightLatestStory: true, layout: "Variant 2" }) });
    expect(container.querySelector(".fc-stories--v2")).not.toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "Nyhet 1" }).closest("article")).toHaveClass("fc-story-card--large");
  });
});

describe("StoriesTeaser", () => {
  const data = { indexUrl: "/nyheter", showDates: false, items: [1, 2, 3].map((n) => story(n)) };
  it("shows the latest 3 and a 'show more' link to the index", () => {
    renderBlock(StoriesTeaser, { fields: f({ Title: "Senaste nytt", ButtonType: "Primary" }), data });
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Visa fler nyheter" })).toHaveAttribute("href", "/nyheter");
    expect(screen.queryByText(/januari/)).toBeNull();
  });
  it("Variant 2 is a list; nothing without stories", () => {
    const { container } = renderBlock(StoriesTeaser, { fields: f({ Layout: "Variant 2" }), data: { ...data, showDates: true } });
    expect(container.querySelector(".fc-teaser--v2")).not.toBeNull();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Nyhet 2" })).toBeInTheDocument();
    expect(screen.getAllByText(/januari 2026/)).toHaveLength(3);
    cleanup();
    const empty = renderBlock(StoriesTeaser, { data: { indexUrl: "", showDates: false, items: [] } });
    expect(empty.container).toBeEmptyDOMElement();
  });
});

describe("ArticleFooter", () => {
  it("links to previous, next and back", () => {
    renderBlock(ArticleFooter, { data: { previous: story(1), next: story(3), backUrl: "/nyheter", backTitle: "Nyheter" } });
    const nav = screen.getByRole("navigation", { name: "Fler nyheter" });
    expect(within(nav).getByRole("link", { name: /Föregående artikel.*Nyhet 1/ })).toHaveAttribute("href", "/nyheter/s1");
    expect(within(nav).getByRole("link", { name: /Nästa artikel.*Nyhet 3/ })).toHaveAttribute("href", "/nyheter/s3");
    expect(within(nav).getByRole("link", { name: "Tillbaka till Nyheter" })).toHaveAttribute("href", "/nyheter");
  });
  it("has no previous link at the newest story", () => {
    renderBlock(ArticleFooter, { data: { previous: null, next: story(2), backUrl: "/nyheter", backTitle: "Nyheter" } });
    expect(screen.queryByRole("link", { name: /Föregående/ })).toBeNull();
  });
});
