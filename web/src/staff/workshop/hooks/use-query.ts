// useQuery keeps a page's state in its address (?department=&view=&date=)
// through the shell's router, so a reload, a bookmark or the print view
// shows the same day, and Back goes to the previous day or week.
import { useCallback } from "react";
import { navigate, useLocation } from "../../shell/router";

export function useQuery(): [URLSearchParams, (next: Record<string, string>, how?: "push" | "replace") => void] {
  const loc = useLocation();
  const set = useCallback((next: Record<string, string>, how: "push" | "replace" = "push") => {
    const q = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(next)) {
      if (v) q.set(k, v);
      else q.delete(k);
    }
    const s = q.toString() ? `?${q.toString()}` : "";
    if (s === window.location.search) return;
    navigate(`${window.location.pathname}${s}`, { replace: how === "replace" });
  }, []);
  return [loc.searchParams, set];
}

/** validDate returns v when it is a real YYYY-MM-DD date, else fallback. */
export function validDate(v: string | null, fallback: string): string {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return fallback;
  const [y, m, d] = v.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? v : fallback;
}
