import { describe, expect, it } from "vitest";
import { apiQuery, chips, clampRange, clearAll, emptyState, hitCount, parseIntLoose, rangeFilter, rangeStep, removeChip, setRange, slug, toURL, toggleValue } from "./list-state";

const SORTS = ["car_publishdate_desc", "car_price_asc"];

describe("facet ticks", () => {
  it("ticking a parent adds it; unticking removes it and its children", () => {
    let st = toggleValue(emptyState(), "car_brand", "BMW");
    st = toggleValue(st, "car_brand", "Volvo");
    st = toggleValue(st, "car_model", "BMW>X3");
    st = toggleValue(st, "car_model", "Volvo>XC60");
    expect(st.filters).toEqual({ car_brand: ["BMW", "Volvo"], car_model: ["BMW>X3", "Volvo>XC60"] });
    st = toggleValue(st, "car_brand", "BMW");
    expect(st.filters).toEqual({ car_brand: ["Volvo"], car_model: ["Volvo>XC60"] });
    st = toggleValue(st, "car_brand", "Volvo");
    expect(st.filters).toEqual({});
  });
  it("any filter change resets the page", () => {
    const st = { ...emptyState(), page: 4 };
    expect(toggleValue(st, "car_fuel", "El").page).toBe(0);
    expect(setRange(st, "car_price", [1, 2]).page).toBe(0);
  });
  it("chips remove their filter; removing a brand chip drops its models; clear-all empties filters and keyphrase", () => {
    let st = toggleValue(toggleValue(emptyState(), "car_brand", "BMW"), "car_model", "BMW>X3");
    st = setRange({ ...st, keyphrase: "drag" }, "car_price", [100000, 200000]);
    const list = chips(st, (f, r) => `${f} ${r[0]}-${r[1]}`);
    expect(list.map((c) => c.label)).toEqual(["BMW", "BMW X3", "car_price 100000-200000", "drag"]);
    expect(removeChip(st, list[0]).filters).toEqual({});
    expect(removeChip(st, list[2]).ranges).toEqual({});
    expect(removeChip(st, list[3]).keyphrase).toBe("");
    const cleared = clearAll({ ...st, page: 3, sort: "car_price_asc" });
    expect(cleared).toEqual({ filters: {}, ranges: {}, keyphrase: "", sort: "car_price_asc", page: 0 });
  });
});

describe("ranges", () => {
  it("step is about 1/100 of the span, at least 1", () => {
    expect(rangeStep(0, 1_000_000)).toBe(10_000);
    expect(rangeStep(100, 150)).toBe(1);
    expect(rangeStep(5, 5)).toBe(1);
  });
  it("inputs strip spaces and parse integers", () => {
    expect(parseIntLoose("250 000")).toBe(250000);
    expect(parseIntLoose("250\u00a0000")).toBe(250000);
    expect(parseIntLoose(" 12 ")).toBe(12);
    expect(parseIntLoose("12.5")).toBeNaN();
    expect(parseIntLoose("abc")).toBeNaN();
  });
  it("clamps to the facet and clamps the ends together", () => {
    expect(clampRange(-5, 2_000_000, 0, 1_000_000)).toEqual([0, 1_000_000]);
    expect(clampRange(700, 300, 0, 1000, "lo")).toEqual([700, 700]);
    expect(clampRange(700, 300, 0, 1000, "hi")).toEqual([300, 300]);
  });
  it("a range equal to the full span removes the filter", () => {
    expect(rangeFilter([0, 1000], 0, 1000)).toBeUndefined();
    expect(rangeFilter([10, 1000], 0, 1000)).toEqual([10, 1000]);
  });
});

describe("query string", () => {
  // Reading a query string (and what it means as a search) is the
  // server's: Go's TestParseListQuery and TestSearchFiltersJoinModelsToBrand.
  it("writes the state into the URL", () => {
    let st = toggleValue(toggleValue(emptyState(), "car_fuel", "El"), "car_fuel", "Diesel");
    st = setRange({ ...st, keyphrase: "drag krok", sort: "car_price_asc" }, "car_price", [100000, 300000]);
    st = { ...st, page: 2 };
    const url = toURL("/bilar", st, SORTS);
    expect(url).toBe("/bilar?car_fuel=El&car_fuel=Diesel&car_price=100000-300000&keyphrase=drag+krok&sort=car_price_asc&page=2");
  });
  it("writes one brand and its model as readable path segments", () => {
    let st = toggleValue(emptyState(), "car_brand", "Mercedes-Benz");
    expect(toURL("/bilar", st)).toBe("/bilar/mercedes-benz");
    st = toggleValue(st, "car_model", "Mercedes-Benz>C-Klass");
    expect(toURL("/bilar", st)).toBe("/bilar/mercedes-benz/c-klass");
    st = toggleValue(st, "car_brand", "BMW");
    expect(toURL("/bilar", st)).toBe("/bilar?car_brand=Mercedes-Benz&car_brand=BMW&car_model=Mercedes-Benz%3EC-Klass");
  });
  it("asks the list's API with the URL's parameters, brand and model included, at a page", () => {
    const st = toggleValue(toggleValue(emptyState(), "car_brand", "BMW"), "car_model", "BMW>X3");
    expect(apiQuery(setRange({ ...st, page: 3 }, "car_price", [1, 2]), 4, SORTS)).toBe("car_brand=BMW&car_model=BMW%3EX3&car_price=1-2&page=4");
    expect(apiQuery(emptyState(), 0, SORTS)).toBe("");
  });
  it("slugs and hit counts", () => {
    expect(slug("Škoda Octavia")).toBe("skoda-octavia");
    expect(hitCount(10000, "sv-SE")).toMatch(/^10\s000\+$/);
    expect(hitCount(9999, "en-GB")).toBe("9,999");
    expect(hitCount(20500, "en-GB")).toBe("20,500");
  });
});

describe("monthly cost in the URL", () => {
  const sorts = [...SORTS, "car_monthly_cost_asc", "car_monthly_cost_desc"];
  it("writes car_monthly_cost like the other ranges, with its sorts", () => {
    const st = setRange({ ...emptyState(sorts[0]), sort: "car_monthly_cost_asc" }, "car_monthly_cost", [2000, 4000]);
    expect(toURL("/bilar", st, sorts)).toBe("/bilar?car_monthly_cost=2000-4000&sort=car_monthly_cost_asc");
    const chip = chips(st, (f, r) => `${f} ${r[0]}-${r[1]}`)[0];
    expect(removeChip(st, chip).ranges).toEqual({});
  });
});

describe("price filters", () => {
  it("writes the recently-reduced and fair-price filters and the sort back into the URL", () => {
    const st = { ...emptyState(), filters: { car_price_dropped: ["recent"], car_price_rating: ["good"] }, sort: "car_price_drop_date_desc" };
    expect(toURL("/bilar", st, ["car_publishdate_desc", "car_price_drop_date_desc"])).toBe("/bilar?car_price_dropped=recent&car_price_rating=good&sort=car_price_drop_date_desc");
  });
});

