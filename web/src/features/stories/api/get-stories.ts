import { z } from "zod";
import type { StoriesPage } from "../types";

/** StoriesQuery is one request of GET /api/stories. */
export interface StoriesQuery {
  index: string;
  lang: string;
  tags: string[];
  cursor?: string;
  limit: number;
}

const tag = z.object({ id: z.string(), key: z.string(), value: z.string() });
const page = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      path: z.string(),
      url: z.string(),
      title: z.string(),
      intro: z.string(),
      date: z.string(),
      formattedDate: z.string(),
      image: z.object({ src: z.string(), alt: z.string(), width: z.number().optional(), height: z.number().optional() }).optional().nullable(),
      tags: z.array(tag),
    }),
  ),
  total: z.number(),
  endCursor: z.string(),
  hasNext: z.boolean(),
});

export function storiesURL(q: StoriesQuery): string {
  const p = new URLSearchParams({ index: q.index, lang: q.lang, limit: String(q.limit) });
  if (q.tags.length) p.set("tags", q.tags.join(","));
  if (q.cursor) p.set("cursor", q.cursor);
  return `/api/stories?${p}`;
}

/** getStories fetches one page of stories; it throws with the server's message on errors. */
export async function getStories(q: StoriesQuery, signal?: AbortSignal): Promise<StoriesPage> {
  const res = await fetch(storiesURL(q), { headers: { Accept: "application/json" }, signal });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.error?.message ?? `stories: HTTP ${res.status}`);
  const parsed = page.parse(body);
  return { ...parsed, items: parsed.items.map((i) => ({ ...i, image: i.image ?? undefined })) };
}
