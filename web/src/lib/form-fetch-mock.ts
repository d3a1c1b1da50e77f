// Test helper: a fetch mock that hands out form tickets
// (GET /api/forms/ticket) and passes form posts to answer.
import { vi } from "vitest";

export interface Post {
  url: string;
  body: Record<string, unknown>;
}

export function mockFormFetch(answer: (p: Post) => Response | Promise<Response>) {
  const posts: Post[] = [];
  let n = 0;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/api/forms/ticket")) {
      n++;
      return new Response(JSON.stringify({ ticket: `v1.ticket${n}`, notBefore: 0, expiresAt: Date.now() + 3_600_000 }), { status: 200 });
    }
    const p = { url, body: JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown> };
    posts.push(p);
    return answer(p);
  });
  return { spy, posts, tickets: () => n };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
