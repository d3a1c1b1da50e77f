import { describe, expect, it } from "vitest";
import { searchQuery, splitSearch } from "./search-words";

describe("splitSearch", () => {
  const brands = [{ text: "BMW", children: [{ text: "X3" }] }, { text: "Mercedes-Benz", children: [{ text: "C-Klass" }] }];
  const extra = { car_fuel: ["Diesel", "El"], car_gearbox: ["Automat", "Manuell"] };
  it("maps brand, fuel and gearbox words to filters and keeps the rest", () => {
    const s = splitSearch("bmw diesel automat dragkrok", brands, "car_brand", "car_model", extra);
    expect(s).toEqual({ filters: { car_brand: ["BMW"], car_fuel: ["Diesel"], car_gearbox: ["Automat"] }, keyphrase: "dragkrok" });
    expect(searchQuery(s)).toBe("car_brand=BMW&car_fuel=Diesel&car_gearbox=Automat&keyphrase=dragkrok");
  });
  it("without extra facets the other words stay the keyphrase", () => {
    expect(splitSearch("mercedes benz c klass diesel", brands)).toEqual({ filters: { car_brand: ["Mercedes-Benz"], car_model: ["Mercedes-Benz>C-Klass"] }, keyphrase: "diesel" });
  });
});
