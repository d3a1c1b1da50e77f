// The compare list (spec §4): kept in sessionStorage under compareList.
// Every change is announced with forecourt:compare-changed so all
// components (list cards, detail page, compare bar) stay in step.
import { search } from "./search";
export type CompareCar = { car_id: number; [key: string]: unknown };

export const COMPARE_KEY = "compareList";
export const COMPARE_CHANGED = "forecourt:compare-changed";
export const COMPARE_MAX = 4;
/** COMPARE_BAR_ID is the compare bar's id, the target of the cards' shortcut link to it. */
export const COMPARE_BAR_ID = "fc-compare-bar";

/**
 * goToCompareBar moves focus to the compare bar's Compare button (or the
 * bar itself while fewer than two cars are chosen). Returns false when the
 * bar is not on the page.
 */
export function goToCompareBar(): boolean {
  const bar = document.getElementById(COMPARE_BAR_ID);
  if (!bar) return false;
  const open = bar.querySelector<HTMLButtonElement>(".fc-compare-bar__open");
  (open && !open.disabled ? open : bar).focus();
  return true;
}

/** The wide field list fetched for a compared car. */
export const COMPARE_FIELDS = [
  "car_id", "slug", "car_brand", "car_model", "car_model_text", "car_year", "car_condition", "car_is_sample",
  "car_price", "car_price_text", "car_mileage", "car_mileage_text", "car_fuel", "car_gearbox", "car_body", "car_color",
  "car_drive", "car_seats", "car_doors", "car_power_text", "car_acceleration_text", "car_emission_mixed_text",
  "car_fuel_combined_text", "wltp_electric_range_text", "battery_size_text", "car_loan_monthly_cost",
  "car_privateleasing_monthly_cost", "car_site_name", "car_site_city", "car_primary_image", "car_price_currency",
];

export function readCompareList(): CompareCar[] {
  try {
    const raw = window.sessionStorage.getItem(COMPARE_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list.filter((c) => c && typeof c === "object" && "car_id" in c) as CompareCar[]) : [];
  } catch {
    return [];
  }
}

export function writeCompareList(list: CompareCar[]): void {
  try {
    window.sessionStorage.setItem(COMPARE_KEY, JSON.stringify(list));
  } catch {
    /* storage full or blocked: the list lives for this page only */
  }
  window.dispatchEvent(new CustomEvent(COMPARE_CHANGED, { detail: list }));
}

/** fetchCompareCar fetches the full record of a car by id through POST /api/search. */
export async function fetchCompareCar(index: string, carId: number): Promise<CompareCar> {
  const body = await search<CompareCar>({ index, fields: COMPARE_FIELDS, filters: { car_id: [String(carId)] }, limit: 1 });
  const car = body.content?.[0];
  if (!car) throw new Error("car not found");
  return car;
}

/**
 * toggleCompare removes the car when present; otherwise it fetches the full
 * record and adds it, falling back to the card data when the fetch fails.
 */
export async function toggleCompare(index: string, card: CompareCar, fetcher = fetchCompareCar): Promise<CompareCar[]> {
  const list = readCompareList();
  if (list.some((c) => c.car_id === card.car_id)) {
    const next = list.filter((c) => c.car_id !== card.car_id);
    writeCompareList(next);
    return next;
  }
  let full: CompareCar = card;
  try {
    full = await fetcher(index, card.car_id);
  } catch {
    full = card;
  }
  const now = readCompareList().filter((c) => c.car_id !== card.car_id);
  const next = [...now, full].slice(-COMPARE_MAX);
  writeCompareList(next);
  return next;
}

export function clearCompare(): void {
  writeCompareList([]);
}
