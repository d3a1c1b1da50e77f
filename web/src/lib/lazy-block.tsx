// Lazily loaded blocks: code that only some pages render lives in its own
// chunk, and a page loads the chunks of the blocks it shows *before* it
// renders or hydrates, so the server HTML and the first client render are the
// same tree (no hydration mismatch, no flash). See app/component-factory.ts.
// Parts that only editing mode renders (the editor bar, field editors) are
// lazy too, with { editing: true }: pages in editing mode load them first.
import { createElement, useEffect, useState, type ComponentType } from "react";

type Loader<P> = () => Promise<ComponentType<P>>;

/** A block component whose code is fetched on demand; preload() fetches it. */
export type LazyBlock<P> = ComponentType<P> & { preload: () => Promise<void>; loaded: () => boolean };

/**
 * lazyBlock wraps the dynamic import of a block. Once loaded it renders the
 * block synchronously (the server preloads every block at start; the browser
 * preloads a page's blocks before hydrating or showing it). Rendered before
 * its code arrived (only if a caller skipped the preload) it shows nothing
 * and renders itself when the chunk is there.
 */
const all: { preload: () => Promise<void>; editing: boolean }[] = [];

export function lazyBlock<P extends object>(load: Loader<P>, opts?: { editing?: boolean }): LazyBlock<P> {
  let impl: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (c) => {
        impl = c;
      },
      (err) => {
        pending = undefined; // a failed fetch may be retried by the next page
        throw err;
      },
    ));
  function Lazy(props: P) {
    const [, setReady] = useState(false);
    useEffect(() => {
      if (!impl) void preload().then(() => setReady(true));
    }, []);
    return impl ? createElement(impl, props) : null;
  }
  all.push({ preload, editing: opts?.editing ?? false });
  return Object.assign(Lazy, { preload, loaded: () => impl !== undefined });
}

/** preloadAll loads every lazy component (the server renders any page). */
export function preloadAll(): Promise<unknown> {
  return Promise.all(all.map((l) => l.preload()));
}

/** preloadEditing loads the editor's lazy parts (editing mode pages). */
export function preloadEditing(): Promise<unknown> {
  return Promise.all(all.filter((l) => l.editing).map((l) => l.preload()));
}

/** isLazy tells lazy blocks from eagerly imported ones. */
export function isLazy(c: unknown): c is LazyBlock<object> {
  return typeof c === "function" && typeof (c as { preload?: unknown }).preload === "function";
}
