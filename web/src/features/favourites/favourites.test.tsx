import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { renderBlock, renderWithPage, makePage } from "../../test-utils";
import { PageProvider } from "../../lib/page-context";
import { FAVOURITES_KEY, MAX_FAVOURITES, addFavourites, readFavourites, shareURL, toggleFavourite, writeFavourites } from "../../lib/favourites";
import { FavouriteButton } from "../../components/favourite-button/favourite-button";
import { CarCard, monthlyText } from "../../components/car-card/car-card";
import { Favourites } from "./components/favourites-page";
import type { FavouritesData } from "./types";
import { translator } from "../../lib/text";

const t = translator({});
const volvo = { car_id: 11, slug: "volvo-xc60", car_brand: "Volvo", car_model: "XC60", car_price: 450000, car_monthly_cost: 3245, car_monthly_cost_type: "loan" };
const bmw = { car_id: 12, slug: "bmw-x3", car_brand: "BMW", car_model: "X3", car_price: 400000 };

function data(over: Partial<FavouritesData> = {}): FavouritesData {
  return { index: "vehicles_group_se", listPath: "/bilar", fields: ["car_id"], max: 100, sharedCars: [], ...over };
}
const favPage = (query = "") =>
  makePage({ path: "/bilar/favoriter", query, dictionary: { pathToCarDetail: "/bilar/" }, sitecore: { context: { pageEditing: false, site: { name: "group-se" }, language: "sv", itemPath: "/bilar/favoriter" }, route: { name: "favoriter", displayName: "Favoriter", itemId: "f", templateName: "FavouritesPage", itemLanguage: "sv", itemPath: "/bilar/favoriter", fields: { Title: { value: "Mina favoritbilar" } }, placeholders: {} } } });

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe("favourites storage", () => {
  it("toggles a car in and out, newest first, keeping a snapshot to name it by", () => {
    expect(toggleFavourite(bmw, 1)).toBe("added");
    expect(toggleFavourite(volvo, 2)).toBe("added");
    expect(readFavourites()).toEqual([
      { car_id: 11, slug: "volvo-xc60", car_brand: "Volvo", car_model: "XC60", saved_at: 2 },
      { car_id: 12, slug: "bmw-x3", car_brand: "BMW", car_model: "X3", saved_at: 1 },
    ]);
    expect(toggleFavourite(bmw)).toBe("removed");
    expect(readFavourites().map((c) => c.car_id)).toEqual([11]);
  });

  it("refuses a car past the limit", () => {
    writeFavourites(Array.from({ length: MAX_FAVOURITES }, (_, i) => ({ car_id: i + 1 })));
    expect(toggleFavourite({ car_id: 999 })).toBe("full");
    expect(readFavourites()).toHaveLength(MAX_FAVOURITES);
  });

  it("reads what it can of broken or foreign storage", () => {
    window.localStorage.setItem(FAVOURITES_KEY, "{not json");
    expect(readFavourites()).toEqual([]);
    window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify([{ car_id: 5 }, { car_id: "x" }, null, { car_id: -1 }, { car_id: 5 }, { car_id: 2.5 }, { car_id: 6, car_brand: 7 }]));
    expect(readFavourites()).toEqual([{ car_id: 5 }, { car_id: 6 }]);
  });

  it("adds a shared list after the own one, skipping saved cars and stopping at the limit", () => {
    toggleFavourite(bmw, 1);
    expect(addFavourites([bmw, volvo, { car_id: 0 }], 5)).toBe(1);
    expect(readFavourites().map((c) => c.car_id)).toEqual([12, 11]);
    writeFavourites(Array.from({ length: MAX_FAVOURITES - 1 }, (_, i) => ({ car_id: i + 1 })));
    expect(addFavourites([{ car_id: 500 }, { car_id: 501 }])).toBe(1);
  });

  it("writes share links with the ids in order, bounded", () => {
    expect(shareURL("https://forecourt.se", "/bilar/favoriter", [3, 1, 2])).toBe("https://forecourt.se/bilar/favoriter?ids=3,1,2");
    expect(shareURL("", "/x", Array.from({ length: 150 }, (_, i) => i + 1)).split(",")).toHaveLength(MAX_FAVOURITES);
  });
});

describe("FavouriteButton", () => {
  it("is a toggle button named by what it does, in step with storage", async () => {
    const user = userEvent.setup();
    renderWithPage(<><FavouriteButton car={volvo} t={t} /><FavouriteButton car={volvo} t={t} withText /></>);
    const heart = screen.getByRole("button", { name: "Spara som favorit: Volvo XC60" });
    expect(heart).toHaveAttribute("aria-pressed", "false");
    await user.click(heart);
    expect(screen.getByRole("button", { name: "Ta bort från favoriter: Volvo XC60" })).toHaveAttribute("aria-pressed", "true");
    // The detail page's button (with its text) follows the same storage.
    expect(screen.getByRole("button", { name: "Ta bort från favoriter" })).toHaveAttribute("aria-pressed", "true");
    expect(readFavourites().map((c) => c.car_id)).toEqual([11]);
    act(() => writeFavourites([]));
    expect(screen.getByRole("button", { name: "Spara som favorit" })).toHaveAttribute("aria-pressed", "false");
  });

  it("follows other tabs through the storage event", () => {
    renderWithPage(<FavouriteButton car={volvo} t={t} />);
    act(() => {
      window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify([{ car_id: 11 }]));
      window.dispatchEvent(new StorageEvent("storage", { key: FAVOURITES_KEY }));
    });
    expect(screen.getByRole("button", { name: /Volvo XC60/ })).toHaveAttribute("aria-pressed", "true");
  });

  it("renders on the server without touching storage", () => {
    writeFavourites([{ car_id: 11 }]);
    const get = vi.spyOn(Storage.prototype, "getItem");
    const html = renderToString(
      <PageProvider value={{ page: favPage(), navigate: () => {}, navigating: false }}>
        <CarCard car={volvo} href="/bilar/11/volvo-xc60" locale="sv-SE" currency="SEK" mileageUnit="mil" t={t} />
      </PageProvider>,
    );
    expect(get).not.toHaveBeenCalled();
    expect(html).toContain('aria-pressed="false"');
  });
});

describe("card monthly figure", () => {
  it("says which offer the figure is, in the site's currency", () => {
    expect(monthlyText(volvo, "sv-SE", "SEK", t)).toBe("Billån fr. 3\u00a0245\u00a0kr/mån");
    expect(monthlyText({ car_monthly_cost: 2995, car_monthly_cost_type: "privateleasing" }, "sv-SE", "SEK", t)).toBe("Privatleasing fr. 2\u00a0995\u00a0kr/mån");
    expect(monthlyText({ car_monthly_cost: 299, car_monthly_cost_type: "loan" }, "en-GB", "GBP", (k) => (k === "monthlyLoan" ? "Finance from {amount}/month" : k))).toBe("Finance from £299/month");
    expect(monthlyText({}, "sv-SE", "SEK", t)).toBe("");
  });
});

function mockSearch(cars: object[]) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init!.body)) as { filters: { car_id: string[] }; limit: number };
    const content = cars.filter((c) => body.filters.car_id.includes(String((c as { car_id: number }).car_id)));
    return new Response(JSON.stringify({ content, facet: [], total_items: content.length, limit: body.limit, offset: 0 }), { status: 200 });
  });
}

describe("Favourites page", () => {
  it("lists the saved cars, marks a sold one and lets it be removed", async () => {
    const user = userEvent.setup();
    writeFavourites([{ car_id: 11, car_brand: "Volvo", car_model: "XC60" }, { car_id: 77, car_brand: "Saab", car_model: "9-3" }]);
    const fetchMock = mockSearch([volvo]);
    renderBlock(Favourites, { data: data(), page: favPage() });
    expect(screen.getByRole("heading", { level: 1, name: "Mina favoritbilar" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Volvo XC60" })).toBeInTheDocument();
    const gone = screen.getByRole("article", { name: "Saab 9-3" });
    expect(within(gone).getByText("Inte längre till salu")).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]!.body)).filters.car_id).toEqual(["11", "77"]);
    await user.click(within(gone).getByRole("button", { name: "Ta bort Saab 9-3" }));
    expect(screen.queryByRole("article", { name: "Saab 9-3" })).not.toBeInTheDocument();
    expect(readFavourites().map((c) => c.car_id)).toEqual([11]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("fetches a full list in chunks the public API accepts", async () => {
    writeFavourites(Array.from({ length: 100 }, (_, i) => ({ car_id: i + 1 })));
    const fetchMock = mockSearch([]);
    renderBlock(Favourites, { data: data(), page: favPage() });
    await screen.findAllByText("Inte längre till salu");
    const sizes = fetchMock.mock.calls.map((c) => JSON.parse(String(c[1]!.body)).filters.car_id.length);
    expect(sizes).toEqual([48, 48, 4]);
  });

  it("offers a share link with the ids", async () => {
    const user = userEvent.setup();
    writeFavourites([{ car_id: 11 }, { car_id: 12 }]);
    mockSearch([volvo, bmw]);
    renderBlock(Favourites, { data: data(), page: favPage() });
    await user.click(await screen.findByRole("button", { name: "Dela listan" }));
    expect(screen.getByRole("textbox", { name: "Länk till listan" })).toHaveValue(`${window.location.origin}/bilar/favoriter?ids=11,12`);
  });

  it("says so when there are none", async () => {
    renderBlock(Favourites, { data: data(), page: favPage() });
    expect(await screen.findByText(/Du har inga favoriter ännu/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Se alla bilar" })).toHaveAttribute("href", "/bilar");
  });

  it("shows a shared list with notices for bad ids, and saves it into the own favourites", async () => {
    const user = userEvent.setup();
    const fetchMock = vi.spyOn(globalThis, "fetch");
    renderBlock(Favourites, { data: data({ shared: [12, 404, 11], sharedCars: [bmw, volvo], rejected: 2 }), page: favPage("ids=12,404,11,x,y") });
    expect(screen.getByText("2 ogiltiga bil-id i länken ignorerades.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "En delad lista med 3 bilar" })).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Bil 404" })).getByText("Inte längre till salu")).toBeInTheDocument();
    const titles = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(["BMW X3", "Bil 404", "Volvo XC60"]);
    await user.click(screen.getByRole("button", { name: "Spara i mina favoriter" }));
    expect(screen.getByText("Bilarna är sparade i dina favoriter.")).toBeInTheDocument();
    expect(readFavourites().map((c) => c.car_id)).toEqual([12, 11]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Ta bort från favoriter: BMW X3" })).toHaveAttribute("aria-pressed", "true"));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
