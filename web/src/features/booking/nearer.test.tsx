// Why the nearest workshops are not listed, their offer for the
// other services, and opening hours on the workshop cards.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkshopList } from "./components/workshop-list";
import { bookingReducer, initialStore } from "./store";
import { translator } from "../../lib/text";

const t = translator({ bookingChooseWorkshop: "Välj", bookingDistance: "{km} km" });

function stream(messages: unknown[]) {
  return new Response(messages.map((m) => `data: ${JSON.stringify(m)}\n\n`).join(""), { headers: { "Content-Type": "text/event-stream" } });
}

afterEach(() => vi.restoreAllMocks());

describe("nearer workshops", () => {
  it("explains the nearer workshops, offers them without the service they cannot do, and shows opening hours", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      stream([
        { nearer: [{ departmentId: "D-1", siteName: "Forecourt Bil Kungsholmen", distanceKm: 1.7, missing: [{ code: "originalservice", name: "Service enligt serviceintervall", reason: "Service enligt serviceintervall kräver en verkstad auktoriserad för Volvo" }] }] },
        { departmentId: "D-2", siteId: "2", siteName: "Forecourt Bil Bromma", address: "Montörgatan 7", latitude: 59, longitude: 17, distanceKm: 6.9, brands: ["VO"], firstTimeSlot: null, openingHours: ["Måndag–Fredag 07:00–17:00", "Lördag–Söndag Stängt"] },
        { end: true, more: false },
      ]),
    );
    const onDrop = vi.fn();
    render(<WorkshopList reg="ABC123" codes={["originalservice", "wheelchange"]} lat={59.3} lng={18} place="Stockholm" onChoose={() => {}} onDropServices={onDrop} t={t} />);
    const note = await screen.findByRole("note");
    expect(note).toHaveTextContent("Därför visas inte de närmaste verkstäderna");
    expect(note).toHaveTextContent("Forecourt Bil Kungsholmen (1,7 km): Service enligt serviceintervall kräver en verkstad auktoriserad för Volvo.");
    expect(await screen.findByText(/Måndag–Fredag 07:00–17:00 · Lördag–Söndag Stängt/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Visa närmare verkstäder utan Service enligt serviceintervall" }));
    expect(onDrop).toHaveBeenCalledWith(["originalservice"]);
  });

  it("dropServices deselects the services and forgets the chosen workshop", () => {
    const s = {
      ...initialStore(),
      services: {
        originalservice: { name: "Service", price: 1, priceKnown: true, priceDiscount: 0, category: "c", type: "service" as const, unit: "", unitAbbreviation: "", userInput: "" },
        wheelchange: { name: "Hjulskifte", price: 1, priceKnown: true, priceDiscount: 0, category: "c", type: "service" as const, unit: "", unitAbbreviation: "", userInput: "" },
      },
      mileage: 4500,
    };
    const next = bookingReducer(s as never, { type: "dropServices", codes: ["originalservice"] });
    expect(Object.keys(next.services)).toEqual(["wheelchange"]);
    expect(next.mileage).toBeNull();
    expect(next.bookingInfo).toBeNull();
  });
});
