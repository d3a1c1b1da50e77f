import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PageProvider } from "../../../lib/page-context";
import type { PageData } from "../../../lib/types";
import type { CarListData } from "../types";
import { CarList } from "./car-list";
import { RangeFacet } from "./range-facet";

const dictionary: Record<string, string> = {
  facet_car_brand: "Märke",
  facet_car_model: "Modell",
  facet_car_fuel: "Bränsle",
  facet_car_price: "Pris",
  filters: "Filter",
  filterSticky: "Fast",
  filterToggle: "Fäll ut",
  showFilters: "Visa filter",
  hideFilters: "Dölj filter",
  compare: "Jämför",
  clearAll: "Rensa alla",
  removeFilter: "Ta bort filter {name}",
  noSearchResults: "Inga bilar matchar din sökning.",
  carListError: "Bilarna kunde inte hämtas just nu.",
  showingXofY: "Visar {x} av {y} bilar",
  showMore: "Visa fler",
  showPrevious: "Visa föregående bilar",
  hits: "{count} träffar",
  pathToCarDetail: "/bilar/",
};

function pageData(): PageData {
  return {
    sitecore: { context: { pageEditing: false, site: { name: "group-se" }, language: "sv", itemPath: "/bilar" }, route: { name: "bilar", displayName: "Bilar", itemId: "1", templateName: "CarListPage", itemLanguage: "sv", itemPath: "/bilar", fields: { Title: { value: "Bilar" } }, placeholders: {} } },
    site: { name: "group-se", kind: "group", language: "sv", defaultLanguage: "sv", locale: "sv-SE", currency: "SEK", languages: [], homePath: "/", isUK: false, isCarStore: false, country: "SE" },
    dictionary,
    path: "/bilar",
    query: "",
    status: 200,
    data: {},
    flags: { hideAlert: false },
  };
}

function listData(over: Partial<CarListData> = {}): CarListData {
  return {
    index: "vehicles_group_se",
    basePath: "/bilar",
    query: { filters: {}, ranges: {}, keyphrase: "", sort: "car_publishdate_desc", page: 0 },
    facets: [
      { name: "car_brand", child_name: "car_model", type: "list", values: [{ text: "BMW", count: 2, children: [{ text: "X3", count: 1 }, { text: "X5", count: 1 }] }, { text: "Volvo", count: 1, children: [{ text: "XC60", count: 1 }] }] },
      { name: "car_fuel", type: "list", values: [{ text: "Diesel", count: 2 }, { text: "El", count: 1 }] },
    ],
    cars: [
      { car_id: 1, slug: "bmw-x3", car_brand: "BMW", car_model: "X3", car_price: 400000, car_year: 2022, car_mileage: 1200, car_fuel: "Diesel", car_gearbox: "Automat" },
      { car_id: 2, slug: "volvo-xc60", car_brand: "Volvo", car_model: "XC60", car_price: 450000 },
    ],
    total: 3,
    pageSize: 48,
    maxPages: 20,
    firstPage: 0,
    sorts: ["car_publishdate_desc", "car_price_asc"],
    error: false,
    ...over,
  };
}

function renderList(data: CarListData | null) {
  const page = pageData();
  return render(
    <PageProvider value={{ page, navigate: () => {}, navigating: false }}>
      <CarList rendering={{ uid: "u", componentName: "CarList", params: {}, fields: {} }} fields={{}} params={{}} data={data} />
    </PageProvider>,
  );
}

afterEach(cleanup);

/** asked returns the query of the list's last call to its API (GET /api/car-list). */
function asked(fetchMock: ReturnType<typeof vi.fn>): URLSearchParams {
  const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), "http://localhost");
  expect(url.pathname).toBe("/api/car-list");
  return url.searchParams;
}

describe("CarList", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // A desktop: sticky filter panel.
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("min-width: 1024px"), media: q, addEventListener: () => {}, removeEventListener: () => {} }));
    fetchMock = vi.fn(async () => new Response(JSON.stringify({ facet: listData().facets, content: listData().cars, total_items: 3, limit: 48, offset: 0 }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    window.history.replaceState(null, "", "/bilar");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows cards with formatted price and chips, and 'showing X of Y'", () => {
    renderList(listData());
    expect(screen.getByRole("heading", { level: 3, name: "BMW X3" })).toBeInTheDocument();
    expect(screen.getByText((t) => t.replace(/\s/g, " ") === "400 000 kr")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "BMW X3" })).toHaveTextContent("2022");
    expect(screen.getByText("Visar 2 av 3 bilar")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /jämför bmw x3/i })).toHaveAttribute("aria-pressed", "false");
  });

  it("ticking a brand shows its models; unticking it drops the model chip too; clear-all empties", async () => {
    const user = userEvent.setup();
    renderList(listData());
    await user.click(screen.getByRole("checkbox", { name: /BMW/ }));
    expect(window.location.pathname).toBe("/bilar/bmw");
    const models = screen.getByRole("list", { name: "Modell BMW" });
    await user.click(within(models).getByRole("checkbox", { name: /X3/ }));
    expect(window.location.pathname).toBe("/bilar/bmw/x3");
    expect(screen.getByRole("button", { name: "Ta bort filter BMW X3" })).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: /Diesel/ }));
    expect(window.location.search).toBe("?car_fuel=Diesel");
    await user.click(screen.getByRole("checkbox", { name: /BMW/ }));
    expect(screen.queryByRole("button", { name: "Ta bort filter BMW X3" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ta bort filter BMW" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ta bort filter Diesel" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Rensa alla" }));
    expect(window.location.pathname + window.location.search).toBe("/bilar");
    expect(asked(fetchMock).toString()).toBe("");
  });

  it("a document from a later page offers the previous cars before its own", async () => {
    const user = userEvent.setup();
    const later = listData({ query: { filters: {}, ranges: {}, keyphrase: "", sort: "car_publishdate_desc", page: 3 }, firstPage: 2, total: 500 });
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ facet: later.facets, content: [{ car_id: 9, slug: "audi-a4", car_brand: "Audi", car_model: "A4" }], total_items: 500, limit: 48, offset: 48 }), { status: 200 }));
    renderList(later);
    expect(screen.getByText("Visar 98 av 500 bilar")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Visa föregående bilar" }));
    expect(asked(fetchMock).get("page")).toBe("1"); // offset 48
    const audi = await screen.findByRole("heading", { level: 3, name: "Audi A4" });
    const bmw = screen.getByRole("heading", { level: 3, name: "BMW X3" });
    expect(audi.compareDocumentPosition(bmw) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("button", { name: "Visa föregående bilar" })).toBeInTheDocument();
  });

  it("asks for the list state in the list's own parameters and removes a chip", async () => {
    const user = userEvent.setup();
    renderList(listData({ query: { filters: { car_brand: ["BMW"], car_model: ["BMW>X3"] }, ranges: {}, keyphrase: "", sort: "car_publishdate_desc", page: 0 } }));
    await user.click(screen.getByRole("button", { name: "Ta bort filter BMW X3" }));
    expect(window.location.pathname).toBe("/bilar/bmw");
    expect(asked(fetchMock).toString()).toBe("car_brand=BMW");
  });

  it("shows noSearchResults and carListError", () => {
    const { unmount } = renderList(listData({ cars: [], total: 0 }));
    expect(screen.getByText("Inga bilar matchar din sökning.")).toBeInTheDocument();
    unmount();
    renderList(listData({ cars: [], facets: [], total: 0, error: true }));
    expect(screen.getByRole("alert")).toHaveTextContent("Bilarna kunde inte hämtas just nu.");
  });

  it("shows 10000+ when the total is 10000 (spec), and a larger total as it is", () => {
    const { unmount } = renderList(listData({ total: 10000 }));
    expect(screen.getByRole("status", { name: "" }).textContent?.replace(/\s/g, " ")).toBe("10 000+ träffar");
    unmount();
    renderList(listData({ total: 20500 }));
    expect(screen.getByRole("status", { name: "" }).textContent?.replace(/\s/g, " ")).toBe("20 500 träffar");
  });

  it("at the last of 20 pages of a longer list, says so and offers the filters that split it", async () => {
    const cars = Array.from({ length: 96 }, (_, i) => ({ car_id: 1000 + i, slug: `car-${i}`, car_brand: "BMW", car_model: "X3" }));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ facet: [], content: [], total_items: 2, limit: 48, offset: 0 })));
    vi.stubGlobal("fetch", fetchMock);
    renderList(listData({ total: 20500, cars, firstPage: 18, query: { filters: {}, ranges: {}, keyphrase: "", sort: "car_publishdate_desc", page: 19 } }));
    expect(screen.queryByRole("button", { name: "Visa fler" })).toBeNull();
    const note = screen.getByRole("note", { name: /Listan visar de första 960 av 20\s500 bilar/ });
    const bmw = within(note).getByRole("link", { name: /BMW \(2\)/ });
    expect(bmw).toHaveAttribute("href", "/bilar/bmw");
    expect(within(note).getByRole("link", { name: /Volvo \(1\)/ })).toHaveAttribute("href", "/bilar/volvo");
    await userEvent.setup().click(bmw);
    expect(window.location.pathname).toBe("/bilar/bmw");
    vi.unstubAllGlobals();
  });

  it("a list that fits in 20 pages has no such note", () => {
    renderList(listData({ total: 3 }));
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("says when the URL's sort is unknown and which sort is used instead", () => {
    renderList(listData({ query: { filters: {}, ranges: {}, keyphrase: "", sort: "car_publishdate_desc", page: 0, unknownSort: "colour" } }));
    expect(screen.getByText(/Sorteringen ”colour” finns inte/)).toHaveTextContent("Bilarna visas sorterade på: car_publishdate_desc.");
  });
});

describe("RangeFacet", () => {
  const histogram = { min: 0, max: 1000, buckets: [{ min: 0, max: 500, count: 10 }, { min: 500, max: 1000, count: 1000 }] };
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(value?: [number, number]) {
    const onCommit = vi.fn();
    render(<RangeFacet name="car_price" label="Pris" histogram={histogram} value={value} locale="sv-SE" minLabel="Lägst" maxLabel="Högst" onCommit={onCommit} />);
    return onCommit;
  }

  it("arrow keys move a handle by the step and commit after 1500 ms idle", () => {
    const onCommit = setup();
    const lo = screen.getByRole("slider", { name: "Pris Lägst" });
    fireEvent.keyDown(lo, { key: "ArrowRight" });
    fireEvent.keyDown(lo, { key: "ArrowRight" });
    expect(lo).toHaveAttribute("aria-valuenow", "20");
    act(() => vi.advanceTimersByTime(1499));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledWith([20, 1000]);
  });

  it("inputs strip spaces, clamp to the facet and clamp the ends together", () => {
    const onCommit = setup([100, 900]);
    const lo = screen.getByRole("textbox", { name: "Pris Lägst" });
    fireEvent.change(lo, { target: { value: "9 50" } });
    act(() => vi.advanceTimersByTime(1500));
    expect(onCommit).toHaveBeenLastCalledWith([950, 950]);
    const hi = screen.getByRole("textbox", { name: "Pris Högst" });
    fireEvent.change(hi, { target: { value: "5 000" } });
    fireEvent.blur(hi);
    expect(onCommit).toHaveBeenLastCalledWith([950, 1000]);
  });

  it("a range over the whole span removes the filter", () => {
    const onCommit = setup([100, 900]);
    const lo = screen.getByRole("slider", { name: "Pris Lägst" });
    fireEvent.keyDown(lo, { key: "Home" });
    const hi = screen.getByRole("slider", { name: "Pris Högst" });
    fireEvent.keyDown(hi, { key: "End" });
    act(() => vi.advanceTimersByTime(1500));
    expect(onCommit).toHaveBeenLastCalledWith(undefined);
  });
});

describe("CarList panel and compare", () => {
  beforeEach(() => {
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("min-width: 1024px"), media: q, addEventListener: () => {}, removeEventListener: () => {} }));
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("remembers the filter panel mode per session under filterType", async () => {
    const user = userEvent.setup();
    const { unmount } = renderList(listData());
    expect(screen.getByRole("complementary", { name: "Filter" })).toBeVisible();
    await user.click(screen.getByRole("radio", { name: "Fäll ut" }));
    expect(window.sessionStorage.getItem("filterType")).toBe("Toggle");
    const toggle = screen.getByRole("button", { name: "Visa filter" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    unmount();
    renderList(listData());
    expect(await screen.findByRole("button", { name: "Visa filter" })).toBeInTheDocument();
  });

  it("the compare toggle dispatches forecourt:compare-toggle and reflects compareList", async () => {
    const user = userEvent.setup();
    const seen: unknown[] = [];
    const on = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener("forecourt:compare-toggle", on);
    renderList(listData());
    const btn = screen.getByRole("button", { name: /jämför bmw x3/i });
    await user.click(btn);
    expect(seen).toEqual([expect.objectContaining({ car_id: 1, car_brand: "BMW" })]);
    window.sessionStorage.setItem("compareList", JSON.stringify([{ car_id: 1 }]));
    act(() => void window.dispatchEvent(new Event("forecourt:compare-changed")));
    expect(btn).toHaveAttribute("aria-pressed", "true");
    window.removeEventListener("forecourt:compare-toggle", on);
  });
});
