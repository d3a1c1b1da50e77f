import { useEffect, type RefObject } from "react";

/** useDismiss calls onDismiss on a pointer press outside root or on Escape, while active. */
export function useDismiss(root: RefObject<HTMLElement | null>, active: boolean, onDismiss: (reason: "outside" | "escape") => void): void {
  useEffect(() => {
    if (!active) return;
    const onDown = (e: Event) => {
      if (root.current && !root.current.contains(e.target as Node)) onDismiss("outside");
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onDismiss("escape");
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("touchstart", onDown, { passive: true });
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("touchstart", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [root, active, onDismiss]);
}
