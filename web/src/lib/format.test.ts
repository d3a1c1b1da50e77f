import { describe, expect, it } from "vitest";
import { formatNumber, moneyFormat, numberFormat, textOrder, warmUpFormats } from "./format";

describe("format", () => {
  it("formats as toLocaleString does", () => {
    for (const locale of ["sv-SE", "nb-NO", "da-DK", "fi-FI", "sk-SK", "en-GB"]) {
      for (const n of [0, 7, 1234, 19639, 444900, 1234567.5]) {
        expect(formatNumber(n, locale)).toBe(n.toLocaleString(locale));
      }
    }
  });
  it("shares one formatter per locale and options", () => {
    const opts = { style: "currency", currency: "SEK", maximumFractionDigits: 0 } as const;
    expect(numberFormat("sv-SE", opts)).toBe(numberFormat("sv-SE", { ...opts }));
    expect(numberFormat("sv-SE", opts)).not.toBe(numberFormat("sv-SE"));
    expect(numberFormat("sv-SE", opts).format(19900)).toBe(new Intl.NumberFormat("sv-SE", opts).format(19900));
    expect(moneyFormat("sv-SE", "SEK")).toBe(moneyFormat("sv-SE", "SEK"));
    expect(moneyFormat("en-GB", "GBP").format(12345)).toBe(new Intl.NumberFormat("en-GB", { ...opts, currency: "GBP" }).format(12345));
  });
  it("warms up the formatters the page will use, and leaves a currency Intl refuses to the render", async () => {
    await warmUpFormats("nb-NO", "NOK");
    expect(formatNumber(1234, "nb-NO")).toBe((1234).toLocaleString("nb-NO"));
    expect(moneyFormat("nb-NO", "NOK").format(100)).toBe(new Intl.NumberFormat("nb-NO", { style: "currency", currency: "NOK", maximumFractionDigits: 0 }).format(100));
    await expect(warmUpFormats("sv-SE", "not a currency")).resolves.toBeUndefined();
    expect(() => moneyFormat("sv-SE", "not a currency")).toThrow(RangeError);
  });
  it("orders texts as localeCompare does", () => {
    const words = ["Škoda", "Audi", "Volvo", "Öresund", "Ängel", "MAN", "Citroën", "a10", "a9", "Zeekr"];
    for (const [locale, numeric] of [["sv-SE", true], ["sk-SK", false], ["en-GB", true]] as const) {
      const want = [...words].sort((a, b) => a.localeCompare(b, locale, { numeric }));
      expect([...words].sort(textOrder(locale, numeric))).toEqual(want);
    }
  });
});
