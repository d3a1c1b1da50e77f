// useQuery keeps a page's state in its address (?department=&view=&date=),
// so a reload, a bookmark or the print view shows the same day; Back goes
// to the previous day or week.
import { useCallback, useEffect, useState } from "react";

export function useQuery(): [URLSearchParams, (next: Record<string, string>, how?: "push" | "replace") => void] {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const on = () => setSearch(window.location.search);
    window.addEventListener("popstate", on);
    return () => window.removeEventListener("popstate", on);
  }, []);
  const set = useCallback((next: Record<string, string>, how: "push" | "replace" = "push") => {
    const q = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(next)) {
      if (v) q.set(k, v);
      else q.delete(k);
    }
    const s = `?${q.toString()}`;
    if (s === window.location.search) return;
    window.history[how === "push" ? "pushState" : "replaceState"](window.history.state, "", `${window.location.pathname}${s}`);
    setSearch(s);
  }, []);
  return [new URLSearchParams(search), set];
}

/** validDate returns v when it is a real YYYY-MM-DD date, else fallback. */
export function validDate(v: string | null, fallback: string): string {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return fallback;
  const [y, m, d] = v.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? v : fallback;
}
