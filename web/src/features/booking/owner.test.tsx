// The service booking as a car owner meets it: pasted plates, 'Steg n/5', closed days and where the
// calendar starts, whose price is shown, no personal data left in session
// storage, and focus after choosing a time.
import { readFileSync } from "node:fs";
import path from "node:path";
import * as React from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stepLabel } from "./components/booking-flow";
import { StepCar } from "./components/step-car";
import { PriceTag } from "./components/step-offerings";
import { StepWorkshop } from "./components/step-workshop";
import { Summary } from "./components/summary";
import { calendarStart, WeekCalendar } from "./components/week-calendar";
import { useBookingStore } from "./hooks/use-booking-store";
import { normalizePlate } from "./rules";
import { bookingReducer, initialStore, parseStored, STORAGE_KEY, type Action } from "./store";
import type { BookingStore, Car, Category, Confirmation, Location, Offering } from "./types";
import { translator } from "../../lib/text";

const dictionary: Record<string, string> = {};
for (const line of readFileSync(path.resolve(__dirname, "../../../../content/group-se/dictionary-booking.yaml"), "utf8").split("\n")) {
  const m = /^  (\w+): "(.*)"$/.exec(line);
  if (m) dictionary[m[1]] = m[2];
}
const t = translator(dictionary);

const car: Car = { registrationNumber: "ABC123", brand: "Volvo", model: "XC60", buildYear: 2019, hasServiceAgreement: false };
const uppsala: Location = { name: "Uppsala", latitude: 59.86, longitude: 17.64, placeId: "se-1", region: "Uppsala län" };
const offering = (over: Partial<Offering>): Offering => ({
  code: "x", name: "X", description: "", price: 100, unitPrice: null, isAvailable: true, priceKnown: true, notKnownPriceText: "", priceDiscount: 0, allowUserInput: false, ...over,
});
const service = offering({ code: "originalservice", name: "Service enligt serviceintervall", price: 4295 });
const oil = offering({ code: "oil", name: "Motorolja", price: 189, unitPrice: { unit: "liter", minimum: 4, maximum: 6, unitAbbreviation: "l", postfix: "/l" } });
const services: Category = { name: "Service", icon: "service", selectionType: null, offerings: [service, oil] };
const workshop = { departmentId: "D-1042", siteName: "Bilhallen Uppsala", address: "Bolandsgatan 12", latitude: 59.86, longitude: 17.66 };

const run = (s: BookingStore, ...actions: Action[]) => actions.reduce(bookingReducer, s);
const withCar = () => run(initialStore(), { type: "plate", plate: "ABC123" }, { type: "place", location: uppsala }, { type: "carLoaded", car, hasBrand: true });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function StoreHarness({ initial, children }: { initial: BookingStore; children: (s: BookingStore, d: (a: Action) => void) => React.ReactNode }) {
  const [s, dispatch] = React.useReducer(bookingReducer, initial);
  return <>{children(s, dispatch)}</>;
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe("plates as pasted (21.2)", () => {
  it("spaces and dashes go before the limit of 6", () => {
    expect(normalizePlate("abc 123")).toBe("ABC123");
    expect(normalizePlate("ABC-123")).toBe("ABC123");
    expect(normalizePlate(" ab c – 12 3 ")).toBe("ABC123");
  });
  it("the plate field has no maxlength that would cut a pasted 'ABC 123' first", () => {
    render(<StoreHarness initial={initialStore()}>{(s, d) => <StepCar store={s} dispatch={d} t={t} />}</StoreHarness>);
    expect(screen.getByRole("textbox", { name: "Registreringsnummer" })).not.toHaveAttribute("maxlength");
  });
});

describe("'Steg n/5' (21.6)", () => {
  it("reads 'Steg n/4' before the car is known and 'Steg n/5' after; the stored maximum is 5", () => {
    expect(stepLabel(1, initialStore(), t)).toBe("Steg 1/4");
    const s = withCar();
    expect(s.maxBookingState).toBe(5);
    expect(stepLabel(2, s, t)).toBe("Steg 2/5");
    expect(parseStored(JSON.stringify({ ...s, maxBookingState: 4 }))?.maxBookingState).toBe(5);
  });
});

describe("the week calendar (21.7)", () => {
  it("starts on the workshop's first free day", () => {
    expect(calendarStart("2026-11-26", "2026-12-02T07:30:00")).toBe("2026-12-02");
    expect(calendarStart("2026-11-26", null)).toBe("2026-11-26");
    expect(calendarStart("2026-11-26", "2026-11-20T07:30:00")).toBe("2026-11-26");
  });
  it("tells closed days and holidays from fully booked ones", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      json([
        { date: "2026-12-24", availableSlots: [], allDaySlotAvailable: false, closed: true, closedName: "Julafton" },
        { date: "2026-12-25", availableSlots: [], allDaySlotAvailable: false, closed: true, closedName: "Juldagen" },
        { date: "2026-12-26", availableSlots: [], allDaySlotAvailable: false, closed: true },
        { date: "2026-12-28", availableSlots: [], allDaySlotAvailable: false },
        { date: "2026-12-29", availableSlots: ["10:00"], allDaySlotAvailable: false },
      ]),
    );
    render(<WeekCalendar reg="ABC123" departmentId="D-1" codes={["originalservice"]} start="2026-12-24" value={null} onChange={() => {}} reloadToken={0} t={t} />);
    expect(await screen.findByText("Julafton")).toBeInTheDocument();
    expect(screen.getByText("Juldagen")).toBeInTheDocument();
    expect(screen.getByText("Stängt")).toBeInTheDocument();
    expect(screen.getAllByText("Inga lediga tider")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "10:00" })).toBeInTheDocument();
  });
});

describe("whose price (21.9)", () => {
  it("'från' before a unit price; the offering's reason next to 'Pris saknas*'", () => {
    const { container } = render(<PriceTag o={oil} hasAgreement={false} t={t} />);
    expect(container).toHaveTextContent("från 189 kr/l");
    render(<PriceTag o={offering({ priceKnown: false, notKnownPriceText: "Pris efter felsökning" })} hasAgreement={false} t={t} />);
    expect(screen.getByText("Pris saknas*").parentElement ?? screen.getByText("Pris saknas*")).toHaveTextContent("Pris saknas* Pris efter felsökning");
  });
  it("the chosen workshop's own prices replace the median ones, labelled, and go back when the workshop is changed", () => {
    let s = run(withCar(), { type: "toggle", offering: service, category: services, kind: "service", on: true });
    const { rerender } = render(<Summary store={s} t={t} />);
    expect(screen.getByText(dictionary.bookingPricesMedian)).toBeInTheDocument();
    s = run(s, { type: "workshop", workshop }, { type: "prices", departmentId: "D-1042", offers: [{ code: "originalservice", price: 3995, priceKnown: true, priceDiscount: 0 }] });
    rerender(<Summary store={s} t={t} />);
    expect(screen.getByText("Priser hos Bilhallen Uppsala, för din bil och ditt miltal.")).toBeInTheDocument();
    expect(screen.getAllByText("3 995 kr").length).toBeGreaterThan(0);
    // A late answer for another workshop changes nothing.
    expect(run(s, { type: "prices", departmentId: "D-9", offers: [{ code: "originalservice", price: 1, priceKnown: true, priceDiscount: 0 }] }).services.originalservice.price).toBe(3995);
    s = run(s, { type: "workshop", workshop: null });
    expect(s.services.originalservice.price).toBe(4295);
    rerender(<Summary store={s} t={t} />);
    expect(screen.getByText(dictionary.bookingPricesMedian)).toBeInTheDocument();
  });
  it("the chosen workshop's card shows its price", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) =>
      String(url).includes("/prices/") ? json({ offers: [{ code: "originalservice", price: 3995, priceKnown: true, priceDiscount: 0 }] }) : json([]),
    );
    const s = run(withCar(), { type: "toggle", offering: service, category: services, kind: "service", on: true }, { type: "workshop", workshop });
    render(<StoreHarness initial={s}>{(st, d) => <StepWorkshop car={car} location={uppsala} store={st} dispatch={d} t={t} />}</StoreHarness>);
    expect(await screen.findByText(/Ditt pris hos Bilhallen Uppsala/)).toHaveTextContent("Ditt pris hos Bilhallen Uppsala: 3 995 kr");
  });
});

describe("after a time is chosen (20.7)", () => {
  it("focus moves to the contact details, which name the chosen time", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
      if (String(url).includes("/prices/")) return json({ offers: [] });
      const from = /\/(\d{4}-\d{2}-\d{2})T00:00:00\//.exec(String(url))?.[1] ?? "";
      return json([{ date: from, availableSlots: ["07:30", "10:00"], allDaySlotAvailable: false }]);
    });
    const user = userEvent.setup();
    const s = run(withCar(), { type: "toggle", offering: service, category: services, kind: "service", on: true }, { type: "workshop", workshop });
    render(<StoreHarness initial={s}>{(st, d) => <StepWorkshop car={car} location={uppsala} store={st} dispatch={d} t={t} />}</StoreHarness>);
    await user.click(await screen.findByRole("button", { name: "10:00" }));
    const heading = screen.getByRole("heading", { name: "Dina uppgifter" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAccessibleDescription(/^Vald tid: .* kl\. 10:00$/);
  });
});

describe("no personal data left behind (21.19)", () => {
  it("session storage keeps no name, phone or e-mail once the booking is made", async () => {
    const customer = { firstName: "Anna", lastName: "Berg", phone: "0701234567", email: "anna@example.se" };
    let dispatch: (a: Action) => void = () => {};
    function Probe() {
      const b = useBookingStore();
      dispatch = b.dispatch;
      return <p>{b.store.confirmation?.customer?.email ?? ""}</p>;
    }
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<Probe />);
    const info = { ...workshop, time: "2026-12-01T10:00", isFullDay: false };
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEY)).not.toBeNull());
    React.act(() => dispatch({ type: "contact", contact: { ...customer, freeText: "Gnissel" } }));
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEY)).toContain("anna@example.se"));
    // The attempt's fingerprint names the contact details as well.
    React.act(() => dispatch({ type: "attempt", key: "k-1", fingerprint: JSON.stringify(["ABC123", customer]) }));
    const confirmation: Confirmation = { response: { id: "BK-1", registrationNumber: "ABC123", kobraProductIds: [] }, car, info, services: [], customer };
    React.act(() => dispatch({ type: "booked", confirmation }));
    // The confirmation on screen still has the address it was sent to.
    expect(await screen.findByText("anna@example.se")).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEY)).toContain("BK-1"));
    const stored = sessionStorage.getItem(STORAGE_KEY)!;
    for (const v of ["Anna", "Berg", "0701234567", "anna@example.se", "Gnissel"]) expect(stored).not.toContain(v);
  });
});
