import { json } from "../../../lib/api-client";
import type { StoriesPage } from "../types";

/** StoriesQuery is one request of GET /api/stories. */
export interface StoriesQuery {
  index: string;
  lang: string;
  tags: string[];
  cursor?: string;
  limit: number;
}

export function storiesURL(q: StoriesQuery): string {
  const p = new URLSearchParams({ index: q.index, lang: q.lang, limit: String(q.limit) });
  if (q.tags.length) p.set("tags", q.tags.join(","));
  if (q.cursor) p.set("cursor", q.cursor);
  return `/api/stories?${p}`;
}

/** getStories fetches one page of stories; it throws an ApiError (with the server's message) on errors. */
export async function getStories(q: StoriesQuery, signal?: AbortSignal): Promise<StoriesPage> {
  const body = await json<unknown>(storiesURL(q), { signal });
  // The response schema (zod) is loaded with the first "show more", not
  // with the page: the first screen of stories comes in the page data.
  const { page } = await import("./stories-schema");
  const parsed = page.parse(body);
  return { ...parsed, items: parsed.items.map((i) => ({ ...i, image: i.image ?? undefined })) };
}
