import { useCallback, useEffect, useRef, useState } from "react";

/** CLOSE_DELAY_MS are the close delays after the pointer leaves: items with a dropdown, items without. */
export const CLOSE_DELAY_MS = { withChildren: 200, withoutChildren: 600 } as const;

/** ActiveItem is what the desktop bar has open or highlighted: an item (by id), the 'More' menu, the language switcher, or nothing. */
export type ActiveItem = { kind: "item"; id: string } | { kind: "showMore" } | { kind: "languageSwitch" } | { kind: "reset" };

export const RESET: ActiveItem = { kind: "reset" };

export function sameItem(a: ActiveItem, b: ActiveItem): boolean {
  return a.kind === b.kind && (a.kind !== "item" || a.id === (b as { id: string }).id);
}

/**
 * useActiveItem holds the desktop bar's active item. open() sets it at once;
 * closeLater() resets it after the item's delay unless something else was
 * opened meanwhile; reset() clears it and any pending close.
 */
export function useActiveItem() {
  const [active, setActive] = useState<ActiveItem>(RESET);
  const timer = useRef<number | undefined>(undefined);
  const cancel = useCallback(() => window.clearTimeout(timer.current), []);
  const open = useCallback(
    (item: ActiveItem) => {
      cancel();
      setActive(item);
    },
    [cancel],
  );
  const closeLater = useCallback(
    (item: ActiveItem, hasChildren: boolean) => {
      cancel();
      timer.current = window.setTimeout(
        () => setActive((cur) => (sameItem(cur, item) ? RESET : cur)),
        hasChildren ? CLOSE_DELAY_MS.withChildren : CLOSE_DELAY_MS.withoutChildren,
      );
    },
    [cancel],
  );
  const reset = useCallback(() => {
    cancel();
    setActive(RESET);
  }, [cancel]);
  useEffect(() => cancel, [cancel]);
  return { active, open, closeLater, reset, cancel };
}
