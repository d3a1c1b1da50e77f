// Fetching favourites' cards through the public search API: ids go in
// chunks of the API's page size (48), so a full list of 100 is 3 calls.
import type { CarCardData } from "../../../components/car-card/car-card";
import { search } from "../../../lib/search";

export const CHUNK = 48;

/** fetchCars returns the cards of the ids that are for sale; ids missing from the answer are sold or removed. */
export async function fetchCars(index: string, fields: string[], ids: number[], signal?: AbortSignal): Promise<Map<number, CarCardData>> {
  const out = new Map<number, CarCardData>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const body = await search<CarCardData>({ index, fields, filters: { car_id: chunk.map(String) }, limit: chunk.length }, signal);
    for (const c of body.content ?? []) if (c && typeof c.car_id === "number") out.set(c.car_id, c);
  }
  return out;
}
