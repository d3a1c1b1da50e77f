// The workshop step shows the workshops listed on a map, the
// chosen one highlighted and named as chosen (the list stays how a keyboard
// chooses; the map is a complement).
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useReducer } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Pin } from "../../components/site-map/site-map";
import { StepWorkshop, workshopPins } from "./components/step-workshop";
import { bookingReducer, initialStore } from "./store";
import type { WorkshopSite } from "./types";
import { translator } from "../../lib/text";

// The map as the pins it is given (MapLibre itself is tested in site-map.test.tsx).
vi.mock("../../components/site-map/site-map", () => ({
  SiteMap: ({ label, pins }: { label: string; pins?: Pin[] }) => (
    <ul role="region" aria-label={label}>
      {(pins ?? []).map((p) => (
        <li key={p.name} data-chosen={p.chosen ? "yes" : "no"}>
          {p.name} @ {p.lat},{p.lng}
        </li>
      ))}
    </ul>
  ),
}));

const t = translator({ bookingChooseWorkshop: "Välj", bookingDistance: "{km} km", bookingMap: "Karta över {name}" });

const site = (n: number, name: string, lat: number, lng: number): WorkshopSite => ({ departmentId: `D-${n}`, siteId: String(n), siteName: name, address: `Gatan ${n}`, latitude: lat, longitude: lng, distanceKm: n, brands: ["VO"], firstTimeSlot: null });
const SITES = [site(1, "Forecourt Bil Kungsholmen", 59.33, 18.03), site(2, "Forecourt Bil Bromma", 59.34, 17.94), site(3, "Forecourt Bil Solna", 59.36, 18.0)];

function stream(messages: unknown[]) {
  return new Response(messages.map((m) => `data: ${JSON.stringify(m)}\n\n`).join(""), { headers: { "Content-Type": "text/event-stream" } });
}

afterEach(() => vi.restoreAllMocks());

function Step() {
  const [store, dispatch] = useReducer(bookingReducer, { ...initialStore(), services: { wheelchange: { name: "Hjulskifte", price: 1, priceKnown: true, priceDiscount: 0, category: "c", type: "service" as const, unit: "", unitAbbreviation: "", userInput: "" } } } as never);
  return <StepWorkshop car={{ registrationNumber: "ABC123", brand: "Volvo", model: "V60", buildYear: 2020, hasServiceAgreement: false }} location={{ name: "Stockholm", latitude: 59.33, longitude: 18.06, placeId: "p", region: "r" }} store={store} dispatch={dispatch} t={t} />;
}

describe("the workshop step's map", () => {
  it("shows every listed workshop, then highlights the chosen one among them", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => (String(url).includes("closestAvailable") ? stream([...SITES, { end: true, more: false }]) : new Response("{}", { status: 404 })));
    render(<Step />);
    const map = await screen.findByRole("region", { name: "Karta över verkstäderna" });
    await within(map).findByText(/Forecourt Bil Solna/);
    expect(within(map).getAllByRole("listitem").map((li) => [li.textContent, li.dataset.chosen])).toEqual([
      ["Forecourt Bil Kungsholmen @ 59.33,18.03", "no"],
      ["Forecourt Bil Bromma @ 59.34,17.94", "no"],
      ["Forecourt Bil Solna @ 59.36,18", "no"],
    ]);
    await user.click(screen.getByRole("button", { name: "Välj Forecourt Bil Bromma" }));
    const chosen = await screen.findByRole("region", { name: "Karta över verkstäderna" });
    expect(within(chosen).getAllByRole("listitem").map((li) => [li.textContent, li.dataset.chosen])).toEqual([
      ["Forecourt Bil Kungsholmen @ 59.33,18.03", "no"],
      ["Forecourt Bil Bromma, vald verkstad @ 59.34,17.94", "yes"],
      ["Forecourt Bil Solna @ 59.36,18", "no"],
    ]);
  });

  it("workshopPins adds a chosen workshop that is not listed and leaves out workshops without a position", () => {
    const pins = workshopPins([SITES[0], site(4, "Utan position", 0, 0)], { departmentId: "D-9", siteName: "Forecourt Bil Täby", latitude: 59.44, longitude: 18.07 }, t);
    expect(pins).toEqual([
      { lat: 59.33, lng: 18.03, name: "Forecourt Bil Kungsholmen" },
      { lat: 59.44, lng: 18.07, name: "Forecourt Bil Täby, vald verkstad", chosen: true },
    ]);
  });
});
