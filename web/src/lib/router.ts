// Client-side navigation: in-site links fetch /_page/<path>?<query> (the same
// page data the server rendered with) and re-render without a full reload.
import type { PageData } from "./types";

const NOT_ROUTED = /^\/(api|_page|_img|assets|-\/|healthz|metrics|robots\.txt|sitemap\.xml|favicon)/;

/** routableURL returns the URL to navigate to, or null when the browser should handle the click. */
export function routableURL(anchor: HTMLAnchorElement, event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.hasAttribute("download") || anchor.dataset.reload !== undefined) return null;
  const href = anchor.getAttribute("href");
  if (!href || href.startsWith("#") || href.startsWith("mailto:") || href.startsWith("tel:")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (NOT_ROUTED.test(url.pathname)) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return null;
  return url;
}

export interface PageResponse {
  data: PageData;
  title: string;
}

/** fetchPage loads the page data of a path; it throws on network or server errors. */
export async function fetchPage(url: URL, signal?: AbortSignal): Promise<PageResponse> {
  const res = await fetch(`/_page${url.pathname}${url.search}`, { headers: { Accept: "application/json" }, signal, credentials: "same-origin" });
  if (!res.ok && res.status !== 404) throw new Error(`page ${url.pathname}: HTTP ${res.status}`);
  const body = (await res.json()) as { page: PageData; title: string; redirect?: string };
  if (body.redirect) {
    window.location.assign(body.redirect);
    throw new Error("redirect");
  }
  return { data: body.page, title: body.title };
}
