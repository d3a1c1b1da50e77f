// The schema of GET /api/stories answers, in a module of its own so that
// zod is fetched when a visitor asks for more stories, not with the page.
import { z } from "zod";

const tag = z.object({ id: z.string(), key: z.string(), value: z.string() });
export const page = z.object({
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
