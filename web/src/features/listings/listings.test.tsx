import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { f, renderBlock } from "../../test-utils";
import { SiteSelection } from "./components/site-selection";
import { SiteBlock } from "./components/site-block";
import { CarTeasers } from "./components/car-teasers";
import type { CarTeasersData, SiteBlockData, SiteSelectionData } from "./types";

afterEach(cleanup);

const sites = Array.from({ length: 8 }, (_, i) => ({
  siteId: String(i + 1), slug: `ort-${i + 1}`, name: `Forecourt Bil ${["Borås", "Göteborg Hisingen", "Malmö", "Umeå", "Luleå", "Växjö", "Örebro", "Kalmar"][i]}`,
  street: `Storgatan ${i + 1}`, zip: "123 45", city: ["Borås", "Göteborg", "Malmö", "Umeå", "Luleå", "Växjö", "Örebro", "Kalmar"][i], href: `/anlaggningar/ort-${i + 1}`,
}));
const car = (i: number) => ({ car_id: 100 + i, slug: `volvo-xc40-${i}`, car_brand: "Volvo", car_model: "XC40", car_year: 2023, car_mileage: 1200, car_price: 349900, car_price_currency: "SEK", car_primary_image: { thumbnail_url: "/-/media/demo/car/suv/blue/1.jpg" } });

describe("SiteSelection", () => {
  it("links every site to {pathToSiteDetail}{slug} and filters as you type", () => {
    renderBlock<SiteSelectionData>(SiteSelection, { fields: f({ Title: "Alla anläggningar" }), data: { sites }, page: { dictionary: { siteSelectionFilter: "Filtrera på namn eller ort" } } });
    expect(screen.getByRole("heading", { name: "Alla anläggningar" })).toBeInTheDocument();
    expect(screen.getAllByRole("link")).toHaveLength(8);
    expect(screen.getByRole("link", { name: /Forecourt Bil Malmö/ })).toHaveAttribute("href", "/anlaggningar/ort-3");
    fireEvent.change(screen.getByRole("searchbox", { name: "Filtrera på namn eller ort" }), { target: { value: "vaxjo" } });
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(screen.getByRole("link")).toHaveAccessibleName(/Forecourt Bil Växjö/);
  });
  it("says so when the search failed", () => {
    renderBlock<SiteSelectionData>(SiteSelection, { data: { sites: [], error: true }, page: { dictionary: { carListError: "Något gick fel." } } });
    expect(screen.getByRole("alert")).toHaveTextContent("Något gick fel.");
  });
});

describe("SiteBlock", () => {
  it("shows the site with its link and up to 4 cars", () => {
    const data: SiteBlockData = { site: sites[0], cars: [car(1), car(2), car(3), car(4)], carDetailPath: "/bilar/", carsHref: "/bilar?car_site_name=Forecourt+Bil+Bor%C3%A5s", total: 57 };
    renderBlock<SiteBlockData>(SiteBlock, { fields: f({ Title: "Månadens anläggning" }), data, page: { dictionary: { siteBlockVisit: "Mer om {name}", siteBlockAllCars: "Alla {count} bilar", latestArrivals: "Senast inkomna" } } });
    expect(screen.getByRole("heading", { level: 2, name: "Forecourt Bil Borås" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Mer om Forecourt Bil Borås" })).toHaveAttribute("href", "/anlaggningar/ort-1");
    expect(screen.getByRole("link", { name: "Alla 57 bilar" })).toHaveAttribute("href", data.carsHref);
    const list = screen.getByRole("list", { name: "Senast inkomna" });
    expect(within(list).getAllByRole("article")).toHaveLength(4);
    expect(within(list).getAllByRole("link")[0]).toHaveAttribute("href", "/bilar/101/volvo-xc40-1");
  });
  it("renders nothing for visitors without a site", () => {
    const { container } = renderBlock<SiteBlockData>(SiteBlock, { data: { site: null, cars: [], carDetailPath: "/bilar/", total: 0 } });
    expect(container.textContent).toBe("");
  });
});

describe("CarTeasers", () => {
  it("shows the cars and links to the filtered list", () => {
    const data: CarTeasersData = { cars: Array.from({ length: 8 }, (_, i) => car(i)), carDetailPath: "/bilar/", moreHref: "/bilar?car_fuel=El", total: 412 };
    renderBlock<CarTeasersData>(CarTeasers, { fields: f({ Title: "Elbilar i lager" }), data, page: { dictionary: { carTeasersMore: "Se alla {count} bilar" } } });
    expect(screen.getByRole("heading", { name: "Elbilar i lager" })).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(8);
    expect(screen.getByRole("link", { name: "Se alla 412 bilar" })).toHaveAttribute("href", "/bilar?car_fuel=El");
  });
  it("renders nothing without cars", () => {
    const { container } = renderBlock<CarTeasersData>(CarTeasers, { data: { cars: [], carDetailPath: "/bilar/", total: 0 } });
    expect(container.textContent).toBe("");
  });
});
