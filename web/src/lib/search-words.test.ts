import { describe, expect, it } from "vitest";
import { searchQuery, splitSearch } from "./search-words";

const brands = [
  { text: "Mercedes-Benz", children: [{ text: "A-Klass" }, { text: "EQS" }] },
  { text: "Land Rover", children: [{ text: "Defender" }] },
  { text: "Volvo", children: [{ text: "XC60" }, { text: "V60" }] },
  { text: "Škoda", children: [{ text: "Octavia" }] },
  { text: "Peugeot", children: [{ text: "208" }] },
  { text: "Opel", children: [{ text: "Corsa" }, { text: "208" }] },
];

describe("splitSearch", () => {
  it.each([
    { text: "", filters: {}, keyphrase: "" },
    { text: "dragkrok", filters: {}, keyphrase: "dragkrok" },
    { text: "volvo", filters: { car_brand: ["Volvo"] }, keyphrase: "" },
    { text: "Volvo XC60 dragkrok", filters: { car_brand: ["Volvo"], car_model: ["Volvo>XC60"] }, keyphrase: "dragkrok" },
    { text: "land rover defender", filters: { car_brand: ["Land Rover"], car_model: ["Land Rover>Defender"] }, keyphrase: "" },
    { text: "mercedes benz eqs", filters: { car_brand: ["Mercedes-Benz"], car_model: ["Mercedes-Benz>EQS"] }, keyphrase: "" },
    { text: "a klass", filters: { car_brand: ["Mercedes-Benz"], car_model: ["Mercedes-Benz>A-Klass"] }, keyphrase: "" },
    { text: "skoda octavia", filters: { car_brand: ["Škoda"], car_model: ["Škoda>Octavia"] }, keyphrase: "" },
    { text: "xc60", filters: { car_brand: ["Volvo"], car_model: ["Volvo>XC60"] }, keyphrase: "" },
    // "208" belongs to two brands: only a brand in the text decides it.
    { text: "208", filters: {}, keyphrase: "208" },
    { text: "peugeot 208", filters: { car_brand: ["Peugeot"], car_model: ["Peugeot>208"] }, keyphrase: "" },
    { text: "volvo  opel", filters: { car_brand: ["Volvo", "Opel"] }, keyphrase: "" },
  ])("splits '$text'", ({ text, filters, keyphrase }) => {
    expect(splitSearch(text, brands)).toEqual({ filters, keyphrase });
  });

  it("uses the facet names it is given", () => {
    expect(splitSearch("volvo", brands, "brand", "model").filters).toEqual({ brand: ["Volvo"] });
  });
});

describe("searchQuery", () => {
  it("writes filters then the keyphrase", () => {
    expect(searchQuery({ filters: { car_brand: ["Volvo", "Opel"] }, keyphrase: "drag krok" })).toBe("car_brand=Volvo&car_brand=Opel&keyphrase=drag+krok");
    expect(searchQuery({ filters: {}, keyphrase: "" })).toBe("");
  });
});

describe("splitSearch with extra facets", () => {
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
