import { useEffect, useState } from "react";
import { COMPARE_CHANGED, readCompareList, type CompareCar } from "./compare-list";

/** useCompareList is the compare list, empty during server render and hydration. */
export function useCompareList(): CompareCar[] {
  const [list, setList] = useState<CompareCar[]>([]);
  useEffect(() => {
    setList(readCompareList());
    const on = () => setList(readCompareList());
    window.addEventListener(COMPARE_CHANGED, on);
    window.addEventListener("storage", on);
    return () => {
      window.removeEventListener(COMPARE_CHANGED, on);
      window.removeEventListener("storage", on);
    };
  }, []);
  return list;
}
