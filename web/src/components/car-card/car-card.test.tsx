import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { CarCard, type CarCardData } from "./car-card";
import { translator } from "../../lib/text";

const sv: Record<string, string> = { priceDropBadge: "Sänkt pris", priceRating_good: "Bra pris", priceRating_high: "Högt pris", priceBasis: "jämfört med {count} liknande bilar" };
const t = translator(sv);
const base: CarCardData = { car_id: 1, slug: "volvo-xc60", car_brand: "Volvo", car_model: "XC60", car_price: 377900, car_price_currency: "SEK" };
const card = (c: Partial<CarCardData>) => render(<CarCard car={{ ...base, ...c }} href="/bilar/1/volvo-xc60" locale="sv-SE" currency="SEK" mileageUnit="mil" t={t} />);

afterEach(cleanup);

describe("CarCard price signals", () => {
  it("shows 'Sänkt pris' for a recent drop and the fair-price label with its basis", () => {
    card({ car_price_drop: { amount: 12000, date: "2026-11-12" }, car_price_rating: "good", car_price_estimate: { low: 380000, high: 420000, basis: 143 } });
    expect(screen.getByText("Sänkt pris")).toBeInTheDocument();
    expect(screen.getByText("Bra pris").parentElement).toHaveTextContent("Bra pris jämfört med 143 liknande bilar");
  });

  it("shows neither without a drop or a confident rating", () => {
    card({ car_price_rating: "high" }); // a label without its range and basis is not shown
    expect(screen.queryByText("Sänkt pris")).toBeNull();
    expect(screen.queryByText("Högt pris")).toBeNull();
  });
});
