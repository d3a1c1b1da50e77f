import { useEffect, useRef } from "react";

// Which sections of the page have yet to hydrate. Each section is a Suspense
// boundary (placeholder.tsx) that React hydrates in a task of its own after
// the shell, and a press replayed into one not hydrated yet is lost; the
// document says the page has hydrated (data-hydrated, which the browser
// tests wait for) only once every section has. Waiting for the browser's
// first idle moment instead ended at its 2-second deadline on a slow phone
// or a loaded machine, while sections were still hydrating.
//
// A section's outer part hydrates with the shell and says it waits
// (useSectionKey); its content says it is done (SectionHydrated) when its
// boundary has hydrated, or its error boundary says so when it failed. The
// order of the two does not matter: rendered from scratch (a client-side
// fallback), the content's effect runs before its parent's.

type Key = object;
const waiting = new Set<Key>();
const done = new WeakSet<Key>();
let onAll: (() => void) | null = null;

function settle(key: Key) {
  done.add(key);
  if (waiting.delete(key) && waiting.size === 0 && onAll) {
    const f = onAll;
    onAll = null;
    f();
  }
}

/** useSectionKey registers a section until its content has hydrated and returns the key its content settles. */
export function useSectionKey(): Key {
  const key = useRef<Key>({}).current;
  useEffect(() => {
    if (!done.has(key)) waiting.add(key);
    return () => settle(key);
  }, [key]);
  return key;
}

/** SectionHydrated, rendered inside a section's Suspense boundary, settles the section once the boundary has hydrated. */
export function SectionHydrated({ section }: { section: Key }) {
  useEffect(() => settle(section), [section]);
  return null;
}

/** settleSection settles a section whose content failed (its error boundary shows the apology instead). */
export const settleSection = settle;

/**
 * whenSectionsHydrated calls f once every section registered so far has
 * hydrated (at once if none waits). The shell's effect calls it: the
 * sections' outer parts registered in the same commit, before it.
 * Returns a function that cancels the call.
 */
export function whenSectionsHydrated(f: () => void): () => void {
  if (waiting.size === 0) {
    f();
    return () => {};
  }
  onAll = f;
  return () => {
    if (onAll === f) onAll = null;
  };
}
