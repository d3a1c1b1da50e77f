import { readFileSync } from "node:fs";
import path from "node:path";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PageProvider } from "../../lib/page-context";
import { f, makePage, renderWithPage } from "../../test-utils";
import { parseEvents } from "./api/booking-api";
import { ContactForm } from "./components/contact-form";
import { ServiceBookingIntro } from "./components/service-booking-intro";
import { StepCar } from "./components/step-car";
import { StepOfferings } from "./components/step-offerings";
import { bookingRequest } from "./components/step-workshop";
import { Summary } from "./components/summary";
import { weeksToLoad, WeekCalendar } from "./components/week-calendar";
import { sortSites } from "./components/workshop-list";
import { contactErrors, normalizePlate, parseMileage, bookingTimeSlot } from "./rules";
import { attemptFingerprint, bookingReducer, flowView, initialStore, parseStored, type Action } from "./store";
import type { BookingStore, Car, Category, Location, Offering, WorkshopSite } from "./types";

// The real Swedish texts of content/group-se/dictionary-booking.yaml.
const dictionary: Record<string, string> = {};
for (const line of readFileSync(path.resolve(__dirname, "../../../../content/group-se/dictionary-booking.yaml"), "utf8").split("\n")) {
  const m = /^  (\w+): "(.*)"$/.exec(line);
  if (m) dictionary[m[1]] = m[2];
}
const t = translator(dictionary);

const car: Car = { registrationNumber: "ABC123", brand: "Volvo", model: "XC60", buildYear: 2019, hasServiceAgreement: true };
const uppsala: Location = { name: "Uppsala", latitude: 59.86, longitude: 17.64, placeId: "se-1", region: "Uppsala län" };

function offering(over: Partial<Offering>): Offering {
  return {
    code: "x",
    name: "X",
    description: "",
    price: 100,
    unitPrice: null,
    isAvailable: true,
    priceKnown: true,
    notKnownPriceText: "",
    priceDiscount: 0,
    allowUserInput: false,
    ...over,
  };
}
const service = offering({ code: "originalservice", name: "Service enligt serviceintervall", price: 4295, priceDiscount: 500 });
const oil = offering({ code: "oil", name: "Motorolja", price: 189, unitPrice: { unit: "liter", minimum: 4, maximum: 6, unitAbbreviation: "l", postfix: "/l" } });
const msg = offering({ code: "fault", name: "Felsökning", allowUserInput: true, priceKnown: false });
const gone = offering({ code: "adblue", name: "AdBlue-påfyllning", isAvailable: false });
const services: Category = { name: "Service", icon: "service", selectionType: null, offerings: [service, oil, msg, gone] };
const wash1 = offering({ code: "wash1", name: "Handtvätt", price: 395 });
const wash2 = offering({ code: "wash2", name: "Rekond", price: 1995 });
const washes: Category = { name: "Tvätt", icon: "wash", selectionType: "single", offerings: [wash1, wash2] };

function run(s: BookingStore, ...actions: Action[]): BookingStore {
  return actions.reduce(bookingReducer, s);
}
function withCar(): BookingStore {
  return run(initialStore(), { type: "plate", plate: "ABC123" }, { type: "place", location: uppsala }, { type: "carLoaded", car, hasBrand: true });
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe("booking store", () => {
  it("a new car starts at step 2 with the maximum 5 (spec §3) and no services", () => {
    const s = withCar();
    expect(s.bookingState).toBe(2);
    expect(s.displayState).toBe(2);
    expect(s.maxBookingState).toBe(5);
    expect(s.lat).toBe(59.86);
    expect(flowView(s)).toEqual({ view: "services", car, location: uppsala });
  });

  it("looking up the same car and place again returns to the current step; a new place restarts at 2", () => {
    let s = run(withCar(), { type: "toggle", offering: service, category: services, kind: "service", on: true }, { type: "servicesDone" }, { type: "open", step: 1 });
    expect(s.displayState).toBe(1);
    s = run(s, { type: "carLoaded", car, hasBrand: true });
    expect(s.displayState).toBe(3);
    expect(Object.keys(s.services)).toEqual(["originalservice"]);
    s = run(s, { type: "place", location: { ...uppsala, placeId: "se-2", name: "Enköping" } }, { type: "carLoaded", car, hasBrand: true });
    expect(s.bookingState).toBe(2);
    expect(s.services).toEqual({});
  });

  it("cannot open a step not reached yet", () => {
    expect(run(withCar(), { type: "open", step: 4 }).displayState).toBe(2);
  });

  it("continues from services only with a service chosen, and choosing services clears the workshop", () => {
    let s = run(withCar(), { type: "servicesDone" });
    expect(s.bookingState).toBe(2);
    s = run(s, { type: "toggle", offering: service, category: services, kind: "service", on: true }, { type: "servicesDone" }, { type: "addonsDone", withAddons: false });
    s = run(s, { type: "workshop", workshop: { departmentId: "D-1", siteName: "Bilhallen", address: "Gatan 1", latitude: 1, longitude: 2 } }, { type: "time", time: "2026-12-01T07:30", isFullDay: false });
    expect(s.bookingInfo?.time).toBe("2026-12-01T07:30");
    expect(s.location?.departmentId).toBe("D-1");
    s = run(s, { type: "toggle", offering: oil, category: services, kind: "service", on: true });
    expect(s.bookingInfo).toBeNull();
    expect(s.services.oil.units).toBe(4);
  });

  it("single-choice add-on categories keep one, and clicking the chosen one again deselects it", () => {
    let s = run(withCar(), { type: "toggle", offering: wash1, category: washes, kind: "addon", on: true }, { type: "toggle", offering: wash2, category: washes, kind: "addon", on: true });
    expect(Object.keys(s.services)).toEqual(["wash2"]);
    s = run(s, { type: "toggle", offering: wash2, category: washes, kind: "addon", on: false });
    expect(s.services).toEqual({});
  });

  it("a service with user input counts only with a message; clearing it removes the service", () => {
    let s = run(withCar(), { type: "toggle", offering: msg, category: services, kind: "service", on: true });
    expect(s.services).toEqual({});
    s = run(s, { type: "userInput", offering: msg, category: services, kind: "service", text: "Det knackar fram till vänster" });
    expect(s.services.fault.userInput).toBe("Det knackar fram till vänster");
    s = run(s, { type: "userInput", offering: msg, category: services, kind: "service", text: "" });
    expect(s.services).toEqual({});
  });

  it("unticking originalservice clears the mileage; the request defaults mileage to 1", () => {
    let s = run(withCar(), { type: "toggle", offering: service, category: services, kind: "service", on: true }, { type: "mileage", mileage: 4500 });
    expect(s.mileage).toBe(4500);
    s = run(s, { type: "toggle", offering: service, category: services, kind: "service", on: false });
    expect(s.mileage).toBeNull();
    s = run(
      s,
      { type: "toggle", offering: service, category: services, kind: "service", on: true },
      { type: "servicesDone" },
      { type: "addonsDone", withAddons: false },
      { type: "workshop", workshop: { departmentId: "D-1", siteName: "B", address: "A", latitude: 1, longitude: 2 } },
      { type: "time", time: "2026-12-01T10:00", isFullDay: true },
      { type: "contact", contact: { firstName: "Anna", lastName: "Berg", phone: "070 123 45 67", email: "anna@example.se" } },
    );
    expect(bookingRequest(s)).toEqual({
      customer: { firstName: "Anna", lastName: "Berg", phone: "070 123 45 67", email: "anna@example.se" },
      freeText: "",
      departmentId: "D-1",
      timeSlot: "2026-12-01T08:00:00.00",
      isFullDay: true,
      registrationNumber: "ABC123",
      mileage: 1,
      serviceOfferingRequests: [{ kobraId: "originalservice", unitsSelected: 1, userInput: "" }],
    });
  });

  it("keeps the idempotency key for the same attempt and needs a new one when the time changes", () => {
    let s = run(withCar(), { type: "toggle", offering: service, category: services, kind: "service", on: true }, { type: "servicesDone" }, { type: "addonsDone", withAddons: false });
    s = run(s, { type: "workshop", workshop: { departmentId: "D-1", siteName: "B", address: "A", latitude: 1, longitude: 2 } }, { type: "time", time: "2026-12-01T10:00", isFullDay: false });
    const fp = attemptFingerprint(s);
    s = run(s, { type: "attempt", key: "k1", fingerprint: fp });
    expect(attemptFingerprint(s)).toBe(fp);
    s = run(s, { type: "time", time: "2026-12-01T13:30", isFullDay: false });
    expect(s.attemptKey).toBeNull();
    expect(attemptFingerprint(s)).not.toBe(fp);
  });

  it("restores only its own stored shape", () => {
    const s = withCar();
    expect(parseStored(JSON.stringify(s))).toEqual(s);
    expect(parseStored("{")).toBeNull();
    expect(parseStored(JSON.stringify({ version: 2 }))).toBeNull();
    expect(parseStored(null)).toBeNull();
  });
});

describe("rules", () => {
  it("plate: upper case, no spaces, at most 6", () => {
    expect(normalizePlate("abc 123x")).toBe("ABC123");
  });
  it("mileage: integers above 0", () => {
    expect(parseMileage("4500")).toBe(4500);
    expect(parseMileage("0")).toBeNull();
    expect(parseMileage("12a")).toBeNull();
    expect(parseMileage("")).toBeNull();
  });
  it("contact: all required, a phone number as people write it, e-mail pattern", () => {
    const ok = { firstName: "Anna", lastName: "Berg", phone: "+46 70 123 45 67", email: "anna@example.se", freeText: "" };
    expect(contactErrors(ok, t, "SE")).toEqual({});
    expect(contactErrors({ ...ok, firstName: " ", phone: "12345", email: "anna@x" }, t, "SE")).toEqual({
      firstName: "Ange förnamn",
      phone: "Ange ett giltigt telefonnummer",
      email: "Ange en giltig e-postadress",
    });
    expect(contactErrors({ ...ok, phone: "070-123" }, t, "SE").phone).toBeTruthy();
    expect(contactErrors({ ...ok, phone: "+" + "1".repeat(20) }, t, "SE").phone).toBeTruthy();
    // Numbers as people write them (21.14): dashes, "(0)", 00.
    for (const phone of ["070-123 45 67", "+46 (0)70 123 45 67", "0046 70 123 45 67"]) {
      expect(contactErrors({ ...ok, phone }, t, "SE")).toEqual({});
    }
  });
  it("booking time format", () => {
    expect(bookingTimeSlot("2026-11-30", "07:30")).toBe("2026-11-30T07:30:00.00");
  });
  it("calendar loads more weeks when fewer than 2 remain", () => {
    expect(weeksToLoad(0, 4)).toBe(4);
    expect(weeksToLoad(1, 4)).toBe(4);
    expect(weeksToLoad(2, 4)).toBe(8);
    expect(weeksToLoad(11, 12)).toBe(12);
  });
  it("sorts workshops by first free time, none last", () => {
    const s = (id: string, first: string | null): WorkshopSite => ({ departmentId: id, siteId: id, siteName: id, address: "", latitude: 0, longitude: 0, brands: [], firstTimeSlot: first });
    const list = [s("a", null), s("b", "2026-12-02T07:30:00"), s("c", "2026-12-01T10:00:00")];
    expect(sortSites(list, "first").map((x) => x.departmentId)).toEqual(["c", "b", "a"]);
    expect(sortSites(list, "nearest").map((x) => x.departmentId)).toEqual(["a", "b", "c"]);
  });
  it("parses event-stream text across chunk boundaries", () => {
    const a = parseEvents('data: {"departmentId":"D-1"}\n\ndata: {"end":');
    expect(a.messages).toEqual([{ departmentId: "D-1" }]);
    const b = parseEvents(a.rest + 'true,"more":false}\n\n');
    expect(b.messages).toEqual([{ end: true, more: false }]);
  });
});

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function StoreHarness({ initial, children }: { initial: BookingStore; children: (s: BookingStore, d: (a: Action) => void) => React.ReactNode }) {
  const [s, dispatch] = React.useReducer(bookingReducer, initial);
  return <>{children(s, dispatch)}</>;
}
import * as React from "react";
import { translator } from "../../lib/text";

describe("step 1: plate and place", () => {
  it("keeps continue disabled until plate and place are set; Enter moves to place; plate is upper case", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => jsonResponse({ places: [uppsala] }));
    render(<StoreHarness initial={initialStore()}>{(s, d) => <StepCar store={s} dispatch={d} t={t} />}</StoreHarness>);
    const cont = screen.getByRole("button", { name: "Fortsätt" });
    expect(cont).toBeDisabled();
    const plate = screen.getByRole("textbox", { name: "Registreringsnummer" });
    await user.type(plate, "abc 1234{Enter}");
    expect(plate).toHaveValue("ABC123");
    const place = screen.getByRole("combobox", { name: "Ort eller plats" });
    expect(place).toHaveFocus();
    await user.type(place, "upp");
    const option = await screen.findByRole("option", { name: /Uppsala/ }, { timeout: 2000 });
    await user.click(option);
    expect(cont).toBeEnabled();
  }, 20000);

  it("shows the lookup error texts of the spec", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => jsonResponse({ errors: { "Error Result": ["InvalidReg"] }, message: "x" }, 400));
    const s = run(initialStore(), { type: "plate", plate: "AB1" }, { type: "place", location: uppsala });
    render(<StoreHarness initial={s}>{(st, d) => <StepCar store={st} dispatch={d} t={t} />}</StoreHarness>);
    await user.click(screen.getByRole("button", { name: "Fortsätt" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Ogiltigt registreringsnummer, kontrollera att registreringsnumret är korrekt");
  });

  it("says when a brand is not supported", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => jsonResponse({ isSupported: false, brand: "Ferrari", car: { ...car, brand: "Ferrari" } }));
    const s = run(initialStore(), { type: "plate", plate: "FER001" }, { type: "place", location: uppsala });
    render(<StoreHarness initial={s}>{(st, d) => <StepCar store={st} dispatch={d} t={t} />}</StoreHarness>);
    await user.click(screen.getByRole("button", { name: "Fortsätt" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Vi kan inte erbjuda service för bilar av märket Ferrari.");
  });
});

describe("step 2: services", () => {
  it("shows availability, unknown prices, quantities, mileage and the message rule", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => jsonResponse({ serviceOfferingCategories: [services] }));
    render(<StoreHarness initial={withCar()}>{(s, d) => <StepOfferings kind="service" car={car} location={uppsala} store={s} dispatch={d} t={t} />}</StoreHarness>);
    expect(await screen.findByText("Vi har auktoriserade Volvo-verkstäder")).toBeInTheDocument();
    expect(screen.getByText("AdBlue-påfyllning är inte tillgänglig för denna bilmodell")).toBeInTheDocument();
    expect(screen.getByText("Pris saknas*")).toBeInTheDocument();
    expect(screen.getByText("* Vissa priser kan inte beräknas förrän din bokning nått vår verkstad.")).toBeInTheDocument();
    expect(screen.getByText(/Rabatterade priser gäller/)).toBeInTheDocument();
    const cont = screen.getByRole("button", { name: "Fortsätt" });
    expect(cont).toBeDisabled();

    await user.click(screen.getByRole("checkbox", { name: /Motorolja/ }));
    const qty = screen.getByRole("combobox", { name: "Antal (liter)" });
    expect(within(qty).getAllByRole("option").map((o) => o.textContent)).toEqual(["4 l", "5 l", "6 l"]);
    expect(cont).toBeEnabled();

    await user.click(screen.getByRole("checkbox", { name: /Service enligt serviceintervall/ }));
    expect(screen.getByRole("textbox", { name: "Miltal" })).toHaveAttribute("placeholder", "Ange miltal");

    await user.click(screen.getByRole("checkbox", { name: /Felsökning/ }));
    expect(screen.getByText("Ange meddelande")).toBeInTheDocument();
    const box = screen.getByRole("textbox", { name: "Meddelande till verkstaden" });
    await user.type(box, "Lampa lyser");
    expect(screen.queryByText("Ange meddelande")).toBeNull();
    expect(screen.getByText("11/80")).toBeInTheDocument();
  }, 20000);

  it("says so when services fail", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => jsonResponse({ errors: { "Error Result": ["ServerError"] } }, 500));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<StoreHarness initial={withCar()}>{(s, d) => <StepOfferings kind="service" car={car} location={uppsala} store={s} dispatch={d} t={t} />}</StoreHarness>);
    expect(await screen.findByRole("alert")).toHaveTextContent("Något gick fel, vänligen försök igen senare.");
  });

  it("skips add-ons when there are none", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => jsonResponse({ serviceOfferingCategories: [] }));
    const s = run(withCar(), { type: "toggle", offering: service, category: services, kind: "service", on: true }, { type: "servicesDone" });
    let seen: BookingStore = s;
    render(
      <StoreHarness initial={s}>
        {(st, d) => {
          seen = st;
          return <StepOfferings kind="addon" car={car} location={uppsala} store={st} dispatch={d} t={t} />;
        }}
      </StoreHarness>,
    );
    await waitFor(() => expect(seen.displayState).toBe(4));
    expect(seen.addons).toBe(false);
  });

  it("add-ons: 'Fortsätt' needs a choice, 'Fortsätt utan tillval' only without one", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => jsonResponse({ serviceOfferingCategories: [washes] }));
    const s = run(withCar(), { type: "toggle", offering: service, category: services, kind: "service", on: true }, { type: "servicesDone" });
    render(<StoreHarness initial={s}>{(st, d) => <StepOfferings kind="addon" car={car} location={uppsala} store={st} dispatch={d} t={t} />}</StoreHarness>);
    const without = await screen.findByRole("button", { name: "Fortsätt utan tillval" });
    const cont = screen.getByRole("button", { name: "Fortsätt" });
    expect(cont).toBeDisabled();
    expect(without).toBeEnabled();
    await user.click(screen.getByRole("checkbox", { name: /Handtvätt/ }));
    await user.click(screen.getByRole("checkbox", { name: /Rekond/ }));
    expect(screen.getByRole("checkbox", { name: /Handtvätt/ })).not.toBeChecked();
    expect(cont).toBeEnabled();
    expect(without).toBeDisabled();
  });
});

describe("week calendar", () => {
  it("shows 4 week tabs, free times, the full-day option and 'Inga lediga tider'", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
      const from = /\/(\d{4}-\d{2}-\d{2})T00:00:00\//.exec(String(url))![1];
      if (from !== "2026-12-01") return jsonResponse([]);
      return jsonResponse([
        { date: "2026-12-01", availableSlots: ["07:30", "10:00"], allDaySlotAvailable: true },
        { date: "2026-12-02", availableSlots: [], allDaySlotAvailable: false },
      ]);
    });
    const onChange = vi.fn();
    render(<WeekCalendar reg="ABC123" departmentId="D-1" codes={["originalservice"]} start="2026-12-01" value={null} onChange={onChange} reloadToken={0} t={t} />);
    expect(screen.getAllByRole("tab")).toHaveLength(4);
    await user.click(await screen.findByRole("button", { name: "10:00" }));
    expect(onChange).toHaveBeenLastCalledWith({ time: "2026-12-01T10:00", isFullDay: false });
    await user.click(screen.getByRole("button", { name: "Hela dagen – lämna bilen före 08:00" }));
    expect(onChange).toHaveBeenLastCalledWith({ time: "2026-12-01T08:00", isFullDay: true });
    expect(screen.getByText("Inga lediga tider")).toBeInTheDocument();
    await user.click(screen.getAllByRole("tab")[1]);
    expect(await screen.findByText("Inga lediga tider")).toBeInTheDocument();
  });
});

describe("contact form and summary", () => {
  it("shows the field errors on submit and books only when valid", async () => {
    const user = userEvent.setup();
    const onBook = vi.fn();
    function Form() {
      const [v, setV] = React.useState({ firstName: "", lastName: "", phone: "", email: "", freeText: "" });
      return <ContactForm values={v} onChange={(p) => setV((x) => ({ ...x, ...p }))} onBook={onBook} canBook busy={false} error="" t={t} />;
    }
    renderWithPage(<Form />);
    await user.click(screen.getByRole("button", { name: "Boka" }));
    expect(onBook).not.toHaveBeenCalled();
    expect(screen.getByText("Ange förnamn")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Förnamn" })).toHaveFocus();
    await user.type(screen.getByRole("textbox", { name: "Förnamn" }), "Anna");
    await user.type(screen.getByRole("textbox", { name: "Efternamn" }), "Berg");
    await user.type(screen.getByRole("textbox", { name: "Mobilnummer" }), "070-123 45 67");
    await user.type(screen.getByRole("textbox", { name: "E-post" }), "anna@example.se");
    await user.click(screen.getByRole("button", { name: "Boka" }));
    expect(onBook).toHaveBeenCalledTimes(1);
  });

  it("shows a booking error under the button", () => {
    render(<ContactForm values={{ firstName: "", lastName: "", phone: "", email: "", freeText: "" }} onChange={() => {}} onBook={() => {}} canBook busy={false} error="Tiden är inte tillgänglig, vänligen välj en annan tid" t={t} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Tiden är inte tillgänglig, vänligen välj en annan tid");
  });

  it("the drawer toggle says whether the summary is open", async () => {
    const user = userEvent.setup();
    const s = run(withCar(), { type: "toggle", offering: service, category: services, kind: "service", on: true });
    render(<Summary store={s} t={t} />);
    const toggle = screen.getByRole("button", { name: /Visa sammanfattning/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(screen.getByRole("button", { name: /Dölj sammanfattning/ })).toHaveAttribute("aria-expanded", "true");
    // 4 295 kr less the 500 kr service-agreement discount.
    expect(screen.getAllByText("3 795 kr").length).toBeGreaterThan(0);
  });
});

describe("intro", () => {
  it("links out and lists authorised brands with the underscore rule, hiding broken logos", async () => {
    const user = userEvent.setup();
    const fields = f({
      Title: "Boka service, däckbyte och verkstad",
      BmwLink: { href: "https://bmw.example/boka", text: "Boka service för BMW", linktype: "external" },
      MiniLink: { href: "https://mini.example/boka", text: "Boka service för MINI", linktype: "external" },
      Brands: [
        { Code: "VW", Name: "Volkswagen" },
        { Code: "VW_TR", Name: "Volkswagen Transportbilar" },
        { Code: "FI", Name: "Fiat" },
        { Code: "FI_TR", Name: "Fiat Professional" },
      ],
    });
    render(
      <PageProvider value={{ page: makePage(), navigate: () => {}, navigating: false }}>
        <ServiceBookingIntro rendering={{ uid: "i", componentName: "ServiceBookingIntro", params: {}, fields }} fields={fields} params={{}} data={null} />
      </PageProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Boka service, däckbyte och verkstad" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Boka service för BMW/ })).toHaveAttribute("href", "https://bmw.example/boka");
    const toggle = screen.getByRole("button", { name: /Våra auktoriserade märken/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(screen.getAllByRole("img").map((i) => i.getAttribute("alt"))).toEqual(["Volkswagen", "Fiat", "Fiat Professional"]);
    act(() => {
      fireEvent.error(screen.getByRole("img", { name: "Fiat" }));
    });
    expect(screen.queryByRole("img", { name: "Fiat" })).toBeNull();
  });
});

describe("dates", () => {
  it("adds days across months and the clock change", async () => {
    const { addDays } = await import("./rules");
    expect(addDays("2026-11-26", 7)).toBe("2026-12-03");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});
