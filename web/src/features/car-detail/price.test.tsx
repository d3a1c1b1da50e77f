import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { PricePanel, PriceChart, dayText, historyLines } from "./components/price-panel";
import type { Car } from "./types";

const sv: Record<string, string> = {
  priceRating_good: "Bra pris",
  priceBasis: "jämfört med {count} liknande bilar",
  priceExpected: "Liknande bilar kostar {low}–{high}",
  priceHistoryTitle: "Prishistorik",
  priceHistoryChart: "Prisutveckling från {first} till {last}",
  priceFirst: "Pris {amount} från den {date}",
  priceDropped: "Sänkt {amount} den {date}",
  priceRaised: "Höjt {amount} den {date}",
  priceNoChanges: "Priset har inte ändrats sedan bilen kom in.",
};
const t = (k: string, f?: string) => sv[k] ?? f ?? k;
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

afterEach(cleanup);

const car = (extra: Partial<Car>): Car => ({ car_id: 1, slug: "volvo-xc60", car_brand: "Volvo", car_model: "XC60", car_price: 377900, car_price_currency: "SEK", ...extra });

describe("price history", () => {
  it("reads the changes in words, newest first", () => {
    const money = (n: number) => `${n} kr`;
    const lines = historyLines(
      [{ date: "2026-10-01", price: 399900 }, { date: "2026-10-20", price: 389900 }, { date: "2026-11-02", price: 389900 }, { date: "2026-11-12", price: 377900 }],
      money, (d) => d, t);
    expect(lines).toEqual(["Sänkt 12000 kr den 2026-11-12", "Sänkt 10000 kr den 2026-10-20", "Pris 399900 kr från den 2026-10-01"]);
    expect(historyLines([{ date: "2026-10-01", price: 300000 }, { date: "2026-10-05", price: 310000 }], money, (d) => d, t)[0]).toBe("Höjt 10000 kr den 2026-10-05");
  });

  it("writes dates in the page's language, with the year only when it is not this year's", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(dayText("2026-11-12", "sv-SE", now)).toBe("12 november");
    expect(dayText("2025-12-30", "sv-SE", now)).toBe("30 december 2025");
    expect(dayText("2026-11-12", "en-GB", now)).toBe("12 November");
  });

  it("shows the label with its basis, the chart with a text alternative and the list", () => {
    render(<PricePanel car={car({
      car_price_rating: "good", car_price_estimate: { low: 380000, high: 420000, basis: 143 },
      car_price_history: [{ date: "2026-10-01", price: 389900 }, { date: "2026-11-12", price: 377900 }],
    })} locale="sv-SE" currency="SEK" t={t} />);
    expect(screen.getByText("Bra pris").parentElement).toHaveTextContent("Bra pris jämfört med 143 liknande bilar");
    expect(nbsp(screen.getByText(/Liknande bilar kostar/).textContent!)).toBe("Liknande bilar kostar 380 000 kr–420 000 kr");
    expect(nbsp(screen.getByRole("img").getAttribute("aria-label")!)).toBe("Prisutveckling från 389 900 kr till 377 900 kr");
    const items = within(screen.getByRole("list")).getAllByRole("listitem").map((li) => nbsp(li.textContent!));
    expect(items[0]).toMatch(/^Sänkt 12 000 kr den 12 november/);
    expect(items[1]).toMatch(/^Pris 389 900 kr från den 1 oktober/);
  });

  it("shows no label without a rating, and says when the price never changed", () => {
    render(<PricePanel car={car({ car_price_history: [{ date: "2026-10-01", price: 377900 }] })} locale="sv-SE" currency="SEK" t={t} />);
    expect(screen.queryByText("Bra pris")).toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("Priset har inte ändrats sedan bilen kom in.")).toBeInTheDocument();
  });

  it("draws one step per change up to today", () => {
    render(<PriceChart points={[{ date: "2026-10-01", price: 400000 }, { date: "2026-11-01", price: 380000 }]} money={(n) => String(n)} day={(d) => d} t={t} today={new Date("2026-11-30T12:00:00Z")} />);
    const path = document.querySelector("path")!.getAttribute("d")!;
    expect(path.match(/V/g)).toHaveLength(1);
    expect(document.querySelectorAll("circle")).toHaveLength(2);
  });
});
