import { useCallback, useEffect, useMemo, useState } from "react";
import type { PageData } from "../lib/types";
import { PageProvider, type PageContextValue } from "../lib/page-context";
import { fetchPage, routableURL } from "../lib/router";
import { usePageViewEvents } from "../lib/personalize";
import { usePageImpression } from "../lib/data-layer";
import { Shell } from "./shell";
import { preloadBlocks } from "./component-factory";
import { replayEarlyClicks, stopKeepingEarlyClicks } from "../lib/early-clicks";
import { whenSectionsHydrated } from "./sections-hydrated";
import { useLatestCall } from "../lib/use-request";

/**
 * App is the whole React tree: a pure function of the page data on the
 * server; in the browser it also owns client-side navigation.
 */
export function App({ initial }: { initial: PageData }) {
  const [page, setPage] = useState(initial);
  const [navigating, setNavigating] = useState(false);
  const navigation = useLatestCall();

  const editing = page.sitecore.context.pageEditing;
  const { run } = navigation;
  const load = useCallback(async (url: URL, mode: "push" | "replace" | "pop", scroll: boolean) => {
    // An editor stays in editing mode while moving between pages.
    if (editing && url.searchParams.get("mode") !== "edit") url.searchParams.set("mode", "edit");
    setNavigating(true);
    const o = await run(async (signal) => {
      const answer = await fetchPage(url, signal);
      await preloadBlocks(answer.data); // the new page's lazy blocks, before it shows
      return answer;
    });
    if (!o) return; // a later navigation took over (and owns "navigating")
    setNavigating(false);
    if (!o.ok) {
      // Anything unexpected: let the browser load the page the classic way.
      window.location.assign(url.href);
      return;
    }
    const { data, title } = o.value;
    if (mode === "push") window.history.pushState({ fc: true }, "", url.pathname + url.search + url.hash);
    if (mode === "replace") window.history.replaceState({ fc: true }, "", url.pathname + url.search + url.hash);
    document.title = title;
    document.documentElement.lang = data.site.language;
    setPage(data);
    if (scroll) {
      const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    }
  }, [editing, run]);

  const navigate = useCallback<PageContextValue["navigate"]>(
    (href, opts) => {
      const url = new URL(href, window.location.href);
      if (url.origin !== window.location.origin) {
        window.location.assign(url.href);
        return;
      }
      void load(url, opts?.replace ? "replace" : "push", opts?.scroll ?? true);
    },
    [load],
  );

  // Hydrated (or rendered, for a client-side fallback): presses from now on
  // are React's (the document's head stops keeping them), those kept before
  // are pressed again, and the document says so (data-hydrated, which the
  // browser tests wait for). This effect runs once the shell has hydrated;
  // each section is a Suspense boundary of its own that React hydrates in
  // later tasks, and a press replayed into one not hydrated yet was lost: the
  // replay waits until every section has hydrated (sections-hydrated.tsx),
  // in a task of its own after that section's effects.
  useEffect(() => {
    stopKeepingEarlyClicks();
    let id = 0;
    const cancel = whenSectionsHydrated(() => {
      id = window.setTimeout(() => {
        document.documentElement.dataset.hydrated = "";
        replayEarlyClicks();
      });
    });
    return () => {
      cancel();
      window.clearTimeout(id);
    };
  }, []);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.("a");
      if (!a) return;
      const url = routableURL(a as HTMLAnchorElement, e);
      if (!url) return;
      e.preventDefault();
      void load(url, "push", true);
    };
    const onPop = () => {
      void load(new URL(window.location.href), "pop", false);
    };
    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onPop);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPop);
    };
  }, [load]);

  usePageViewEvents(page);
  usePageImpression(page);

  const value = useMemo(() => ({ page, navigate, navigating }), [page, navigate, navigating]);
  return (
    <PageProvider value={value}>
      <Shell />
    </PageProvider>
  );
}
