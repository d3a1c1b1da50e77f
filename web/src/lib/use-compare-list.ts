import { useEffect, useState } from "react";
import { COMPARE_CHANGED, readCompareList, type CompareCar } from "./compare-list";

/**
 * useCompareList is the compare list, empty during server render and hydration.
 * Every car card uses it: the list read after hydration replaces the state
 * only when it differs, so an empty or unchanged list re-renders no card
 * (48 cards re-rendered at once were a long task after a list's hydration).
 */
export function useCompareList(): CompareCar[] {
  const [list, setList] = useState<CompareCar[]>([]);
  useEffect(() => {
    const on = () => {
      const next = readCompareList();
      setList((prev) => (sameList(prev, next) ? prev : next));
    };
    on();
    window.addEventListener(COMPARE_CHANGED, on);
    window.addEventListener("storage", on);
    return () => {
      window.removeEventListener(COMPARE_CHANGED, on);
      window.removeEventListener("storage", on);
    };
  }, []);
  return list;
}

function sameList(a: CompareCar[], b: CompareCar[]): boolean {
  return a.length === b.length && (a.length === 0 || JSON.stringify(a) === JSON.stringify(b));
}
