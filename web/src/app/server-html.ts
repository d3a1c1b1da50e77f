import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";

// React's server renderer hoists a <link rel="preload" as="image"> for the
// first ten eager pictures of a page and for every fetchpriority="high" one,
// ahead of the app's HTML. For a picture with a srcset that preload is a
// guess the browser need not follow: Chrome's <img> takes a denser candidate
// it already holds in its memory cache (the 1920-wide header of a story, met
// again 1280 wide at the head of the stories list), while its preload
// scanner, which fetches the <link>, does not look at the cache. The 1280
// one is then fetched for nothing, and Chrome warns on the console that a
// preload went unused (on a slow machine, where the warning's few seconds
// pass before the visitor moves on). Such a preload also gains nothing here:
// the <img> itself is in the same server HTML a few kilobytes later, where
// the same scanner finds it, and the page's largest picture asks for its
// priority with fetchpriority="high". So these links are dropped; a preload
// of one plain URL (the logo) is the one the <img> uses, and stays.

/** SRCSET_PRELOAD opens React's preload of a picture chosen from a srcset. */
const SRCSET_PRELOAD = '<link rel="preload" as="image" imageSrcSet="';

/**
 * withoutSrcsetPreloads drops React's srcset image preloads from the run of
 * <link> elements it writes at the start of the HTML (and looks no further).
 */
export function withoutSrcsetPreloads(html: string): string {
  let i = 0;
  let kept = "";
  while (html.startsWith("<link ", i)) {
    const end = html.indexOf("/>", i);
    if (end < 0) break;
    const link = html.slice(i, end + 2);
    if (!link.startsWith(SRCSET_PRELOAD)) kept += link;
    i = end + 2;
  }
  return i === 0 ? html : kept + html.slice(i);
}

/** renderHTML renders the app root's HTML as the render worker sends it. */
export function renderHTML(node: ReactNode): string {
  return withoutSrcsetPreloads(renderToString(node));
}
