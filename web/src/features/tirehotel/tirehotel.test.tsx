import fs from "node:fs";
import path from "node:path";
import { describe, it, expect, vi, beforeEach, afterEach } from "vitest";
import { screen, within, fireEvent, waitFor, act } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parseDate, today } from "@internationalized/date";
import { renderWithPage, makePage } from "../../test-utils";
import { TireHotel } from "./components/tire-hotel";
import { WheelCalendar } from "./components/wheel-calendar";
import { BookingPage } from "./components/booking-page";
import { canSubmit, codeFromPaste, codeFromTyping, monthGrid, normalizePlate, plateReady, slotTimes, TIME_ZONE } from "./rules";
import type { Validated } from "./types";

// Journeys type a lot; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

// The real dictionary file: the components show exactly what content says.
function dictionary(): Record<string, string> {
  const text = fs.readFileSync(path.resolve(process.cwd(), "../content/group-se/dictionary-tirehotel.yaml"), "utf8");
  const out: Record<string, string> = { pathToServiceBooking: "/boka-service" };
  for (const m of text.matchAll(/^ {2}(\w+): "(.*)"$/gm)) out[m[1]] = m[2];
  return out;
}
const DICT = dictionary();
const page = () => makePage({ dictionary: DICT, path: "/dackhotell" });
const block = { rendering: { uid: "th", componentName: "TireHotel", params: {}, fields: {} }, fields: {}, params: {}, data: null };

const VALIDATED: Validated = {
  status: 0,
  vehicles: [{
    regNo: "DCK123", brandCode: "VO", brand: "Volvo", model: "V60", name: "Volvo V60", productId: "TH-STD", packageLevel: "Däckhotell Plus",
    location: { erpId: "D-1042", locationName: "Bilhallen Uppsala", departmentName: "Verkstad", address: "Bolandsgatan 12, 753 23 Uppsala", phone: "018-12 34 50", email: "verkstad.uppsala@forecourt.se" },
    tires: [
      { equipmentPosition: "VF", wheel: { name: "Michelin X-Ice North 4", rimDiameter: 17, sectionWidth: 225, aspectRatio: 50, threadPattern: "Vinter dubb", threadDepth: 6.5, threadStatusId: 0, threadStatusMessage: "Bra" } },
      { equipmentPosition: "HB", wheel: { name: "Michelin X-Ice North 4", rimDiameter: 17, sectionWidth: 225, aspectRatio: 50, threadPattern: "Vinter dubb", threadDepth: 2.9, threadStatusId: 1, threadStatusMessage: "Bör bytas" } },
    ],
  }],
};

type Route = (url: URL, init: RequestInit) => { status: number; body?: unknown } | undefined;
let routes: Route[] = [];
const calls: { url: URL; init: RequestInit }[] = [];
function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
beforeEach(() => {
  routes = [];
  calls.length = 0;
  window.sessionStorage.clear();
  window.dataLayer = [];
  vi.stubGlobal("fetch", vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    calls.push({ url, init });
    for (const r of routes) {
      const a = r(url, init);
      if (a) return json(a.status, a.body);
    }
    if (url.pathname === "/api/tirehotel/session") return json(200, { signedIn: false });
    return json(500, { message: "oväntat anrop" });
  }));
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("rules", () => {
  it("plate: spaces removed, upper case, at most 7, continue from 2", () => {
    expect(normalizePlate(" dck 123 ")).toBe("DCK123");
    expect(normalizePlate("abc12345")).toBe("ABC1234");
    expect(plateReady("a")).toBe(false);
    expect(plateReady("ab")).toBe(true);
  });
  it("code: digits only, at most 4; a paste takes its first 4 characters", () => {
    expect(codeFromTyping("1a2b345")).toBe("1234");
    expect(codeFromPaste("98765")).toBe("9876");
    expect(codeFromPaste("12-4567")).toBe("124");
  });
  it("the mobile as people write it counts (21.14): dashes, spaces, (0), 00", () => {
    const c = { firstName: "Anna", lastName: "Lind", email: "anna@example.se" };
    for (const phoneMobile of ["070-123 45 67", "+46 (0)70 123 45 67", "0046 70 123 45 67"]) {
      expect(canSubmit({ date: "2026-12-01", time: null, slotsExist: false, customer: { ...c, phoneMobile } }, "SE")).toBe(true);
    }
  });
  it("slots: HH:mm, deduplicated and sorted", () => {
    expect(slotTimes({ availableTimeSlotDates: [{ startTime: ["2026-12-01T10:00:00", "2026-12-01T07:30:00"] }, { startTime: ["2026-12-01T07:30:00"] }] }).map((s) => s.label)).toEqual(["07:30", "10:00"]);
  });
  it("month grid: 42 days from the Monday on or before the 1st", () => {
    const g = monthGrid(parseDate("2026-12-15"));
    expect(g).toHaveLength(42);
    expect(g[0].toString()).toBe("2026-11-30");
    expect(g[41].toString()).toBe("2027-01-10");
  });
  const customer = { firstName: "Anna", lastName: "Berg", email: "anna@example.se", phoneMobile: "0701234567" };
  it.each([
    ["complete", { date: "2026-12-01", time: "2026-12-01T07:30:00", slotsExist: true, customer }, true],
    ["no slots that day: no time needed", { date: "2026-12-01", time: null, slotsExist: false, customer }, true],
    ["no date", { date: null, time: null, slotsExist: true, customer }, false],
    ["slots but no time", { date: "2026-12-01", time: null, slotsExist: true, customer }, false],
    ["e-mail without top level of 2", { date: "2026-12-01", time: null, slotsExist: false, customer: { ...customer, email: "anna@example.s" } }, false],
    ["mobile of 7", { date: "2026-12-01", time: null, slotsExist: false, customer: { ...customer, phoneMobile: "0701234" } }, false],
    ["mobile of 16", { date: "2026-12-01", time: null, slotsExist: false, customer: { ...customer, phoneMobile: "+467012345678901" } }, false],
    ["blank last name", { date: "2026-12-01", time: null, slotsExist: false, customer: { ...customer, lastName: "  " } }, false],
  ])("submit rule: %s", (_n, s, want) => {
    expect(canSubmit(s, "SE")).toBe(want);
  });
});

describe("Search and login", () => {
  it("normalises the plate as typed and continues from 2 characters", async () => {
    const user = userEvent.setup();
    renderWithPage(<TireHotel {...block} />, page());
    const input = screen.getByRole("textbox", { name: "Registreringsnummer" });
    const cont = screen.getByRole("button", { name: "Fortsätt" });
    await user.type(input, "d");
    expect(input).toHaveValue("D");
    expect(cont).toHaveAttribute("aria-disabled", "true");
    await user.type(input, "c k 1 2 3 4 5");
    expect(input).toHaveValue("DCK1234");
    expect(cont).not.toHaveAttribute("aria-disabled");
  });

  it("a plate without agreement shows the 404 text and the book-service link", async () => {
    routes.push((u) => (u.pathname.endsWith("/authorization/search") ? { status: 404, body: { message: "x", code: "NotFound" } } : undefined));
    const user = userEvent.setup();
    renderWithPage(<TireHotel {...block} />, page());
    await user.type(screen.getByRole("textbox", { name: "Registreringsnummer" }), "abc999");
    await user.click(screen.getByRole("button", { name: "Fortsätt" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Vi hittar inget däckhotellsavtal för detta registreringsnummer.");
    expect(within(alert).getByRole("link", { name: "Boka service" })).toHaveAttribute("href", "/boka-service");
  });

  it("login shows the obfuscated number; the code input takes digits only, pastes 4, verifies at 4 and shows the server message", async () => {
    routes.push((u) => (u.pathname.endsWith("/authorization/search") ? { status: 200, body: { regNo: "DCK123", obfuscatedPhoneNumber: "070-*** ** 67", encryptedPhoneNumber: "sealed" } } : undefined));
    routes.push((u) => (u.pathname.endsWith("/authorization/login") ? { status: 200, body: { authorizationToken: "tok" } } : undefined));
    routes.push((u) => (u.pathname.endsWith("/authorization/validate") && u.searchParams.get("otpToken") !== "4821" ? { status: 400, body: { message: "Fel kod. Du har 4 försök kvar.", code: "Invalid" } } : undefined));
    routes.push((u) => (u.pathname.endsWith("/authorization/validate") ? { status: 200, body: VALIDATED } : undefined));
    const user = userEvent.setup();
    renderWithPage(<TireHotel {...block} />, page());
    await user.type(screen.getByRole("textbox", { name: "Registreringsnummer" }), "dck123");
    await user.click(screen.getByRole("button", { name: "Fortsätt" }));
    expect(await screen.findByText("070-*** ** 67")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Skicka kod" }));
    expect(calls.find((c) => c.url.pathname.endsWith("/login"))?.url.searchParams.get("encryptedPhoneNumber")).toBe("sealed");

    const code = await screen.findByRole("textbox", { name: "Kod från SMS" });
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    const verify = screen.getByRole("button", { name: "Logga in" });
    await user.type(code, "1a2b");
    expect(code).toHaveValue("12");
    expect(verify).toHaveAttribute("aria-disabled", "true");
    await user.clear(code);
    fireEvent.paste(code, { clipboardData: { getData: () => "11115555" } });
    expect(code).toHaveValue("1111");
    expect(verify).not.toHaveAttribute("aria-disabled");
    await user.click(verify);
    expect(await screen.findByRole("alert")).toHaveTextContent("Fel kod. Du har 4 försök kvar.");
    expect(window.dataLayer?.some((e) => e.event === "event_error")).toBe(true);

    await user.type(code, "4821");
    await user.click(screen.getByRole("button", { name: "Logga in" }));
    expect(await screen.findByRole("heading", { name: "Ditt däckhotell" })).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem("tirehotel") ?? "{}").validated.status).toBe(0);
  });
});

describe("LoggedIn", () => {
  it("a stored session skips to LoggedIn: vehicle, workshop, tyres, warning; Logga ut clears and returns to Search", async () => {
    window.sessionStorage.setItem("tirehotel", JSON.stringify({ validated: VALIDATED, confirmation: null }));
    routes.push((u) => (u.pathname.endsWith("/session") ? { status: 200, body: { signedIn: true, ...VALIDATED } } : undefined));
    routes.push((u) => (u.pathname.endsWith("/logout") ? { status: 204 } : undefined));
    const user = userEvent.setup();
    renderWithPage(<TireHotel {...block} />, page());
    expect(await screen.findByRole("heading", { name: "Ditt däckhotell" })).toBeInTheDocument();
    expect(screen.getByText("Volvo V60")).toBeInTheDocument();
    expect(screen.getByText("Bilhallen Uppsala")).toBeInTheDocument();
    expect(screen.getByText("Däckhotell Plus")).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "Vänster fram" })).toBeInTheDocument();
    expect(screen.getAllByRole("cell", { name: "225/50 R17" })).toHaveLength(2);
    expect(screen.getByText(/behöver bytas ut/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Logga ut" }));
    expect(await screen.findByRole("textbox", { name: "Registreringsnummer" })).toBeInTheDocument();
    expect(window.sessionStorage.getItem("tirehotel")).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/tirehotel/logout" && c.init.method === "POST")).toBe(true));
  });
});

describe("an ended server session", () => {
  it("a stored session the server no longer knows (200 signedIn false) returns to Search and clears storage", async () => {
    window.sessionStorage.setItem("tirehotel", JSON.stringify({ validated: VALIDATED, confirmation: null }));
    renderWithPage(<TireHotel {...block} />, page());
    expect(await screen.findByRole("textbox", { name: "Registreringsnummer" })).toBeInTheDocument();
    expect(window.sessionStorage.getItem("tirehotel")).toBeNull();
  });
  it("a 401 while booking signs out to Search with the plate kept and a notice", async () => {
    window.sessionStorage.setItem("tirehotel", JSON.stringify({ validated: VALIDATED, confirmation: null }));
    routes.push((u) => (u.pathname.endsWith("/session") ? { status: 200, body: { signedIn: true, ...VALIDATED } } : undefined));
    routes.push((u) => (u.pathname.endsWith("/GetTimeslotDays") ? { status: 401, body: { message: "Inte inloggad", code: "Unauthorized" } } : undefined));
    const user = userEvent.setup();
    renderWithPage(<TireHotel {...block} />, page());
    await user.click(await screen.findByRole("button", { name: "Boka tid för hjulskifte" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Du har blivit utloggad. Logga in igen för att fortsätta.");
    expect(screen.getByRole("textbox", { name: "Registreringsnummer" })).toHaveValue("DCK123");
    expect(window.sessionStorage.getItem("tirehotel")).toBeNull();
  });
});

describe("WheelCalendar", () => {
  const now = parseDate("2026-11-26");
  it("is 6 weeks of 42 cells starting on Monday in sv-SE; only available days are selectable", async () => {
    const onChange = vi.fn();
    renderWithPage(<WheelCalendar label="Datum för hjulskifte" available={["2026-12-01", "2026-12-03", "2027-01-12"]} value={null} onChange={onChange} now={now} />, page());
    const grid = screen.getByRole("grid");
    expect(within(grid).getAllByRole("gridcell")).toHaveLength(42);
    const heads = within(grid).getAllByRole("columnheader", { hidden: true });
    expect(heads).toHaveLength(7);
    expect(heads[0]).toHaveTextContent(/^mån/i);
    expect(heads[6]).toHaveTextContent(/^sön/i);
    const selectable = within(grid).getAllByRole("gridcell").filter((c) => c.getAttribute("aria-disabled") !== "true");
    expect(selectable.map((c) => c.textContent)).toEqual(["1", "3"]);
    fireEvent.click(within(selectable[1]).getByRole("button"));
    expect(onChange).toHaveBeenCalledWith("2026-12-03");
  });

  it("previous month is disabled at the current month, next at the last month with dates", async () => {
    const user = userEvent.setup();
    renderWithPage(<WheelCalendar label="Datum för hjulskifte" available={["2026-12-01", "2027-01-12"]} value={null} onChange={() => {}} now={now} />, page());
    const [prev] = screen.getAllByRole("button", { name: "Föregående" });
    const [next] = screen.getAllByRole("button", { name: "Nästa" });
    expect(screen.getByRole("heading", { level: 2, name: /Datum för hjulskifte/ })).toHaveTextContent(/december 2026/i);
    await user.click(prev);
    expect(screen.getByRole("heading", { level: 2, name: /Datum för hjulskifte/ })).toHaveTextContent(/november 2026/i);
    expect(prev).toBeDisabled();
    await user.click(next);
    await user.click(next);
    expect(screen.getByRole("heading", { level: 2, name: /Datum för hjulskifte/ })).toHaveTextContent(/januari 2027/i);
    expect(next).toBeDisabled();
    expect(within(screen.getByRole("grid")).getAllByRole("gridcell")).toHaveLength(42);
  });
});

describe("BookingPage", () => {
  const t0 = today(TIME_ZONE);
  const d1 = t0.add({ days: 5 }).toString();
  it("date → slots in 3 columns → form; 'Genomför bokning' enabled only when valid; booking shows the confirmation data", async () => {
    routes.push((u) => (u.pathname.endsWith("/GetTimeslotDays") ? { status: 200, body: { availableDates: [{ date: d1 }] } } : undefined));
    routes.push((u) => (u.pathname.endsWith("/GetTimeslots") ? { status: 200, body: { availableTimeSlotDates: [{ startTime: [`${d1}T10:00:00`, `${d1}T07:30:00`, `${d1}T07:30:00`] }] } } : undefined));
    const onConfirmed = vi.fn();
    routes.push((u, init) => (u.pathname.endsWith("/booking/create") ? { status: 200, body: { bookingConfirmationId: "WC-4K7P2M", ...JSON.parse(String(init.body)) } } : undefined));
    const user = userEvent.setup();
    renderWithPage(<BookingPage validated={VALIDATED} onBack={() => {}} onConfirmed={onConfirmed} />, page());
    expect(screen.getByRole("status")).toHaveTextContent("Hämtar datum...");
    expect(screen.getByRole("heading", { name: "När vill du lämna bilen?" })).toBeInTheDocument();
    const grid = await screen.findByRole("grid", {}, { timeout: 10_000 });
    const days = calls.find((c) => c.url.pathname.endsWith("/GetTimeslotDays"))!;
    expect(days.url.searchParams.get("workshopIdentifier")).toBe("D-1042");
    expect(JSON.parse(String(days.init.body))).toEqual({ startDate: t0.add({ days: 3 }).toString(), endDate: t0.add({ months: 3 }).toString(), regNo: "DCK123" });
    const cell = within(grid).getAllByRole("gridcell").find((c) => c.getAttribute("aria-disabled") !== "true")!;
    await user.click(within(cell).getByRole("button"));
    const slots = await screen.findByRole("list", { name: /Välj tid/ });
    expect(within(slots).getAllByRole("button").map((b) => b.textContent)).toEqual(["07:30", "10:00"]);
    await user.click(within(slots).getByRole("button", { name: "07:30" }));
    expect(screen.getByRole("button", { name: "Ändra tid" })).toBeInTheDocument();
    const submit = screen.getByRole("button", { name: "Genomför bokning" });
    expect(submit).toHaveAttribute("aria-disabled", "true");
    await user.type(screen.getByRole("textbox", { name: "Förnamn" }), "Anna");
    await user.type(screen.getByRole("textbox", { name: "Efternamn" }), "Berg");
    await user.type(screen.getByRole("textbox", { name: "E-post" }), "anna@example.se");
    const mobile = screen.getByRole("textbox", { name: "Mobilnummer" });
    await user.type(mobile, "070-123 45");
    expect(mobile).toHaveValue("070-123 45"); // kept as typed: the server stores E.164
    expect(submit).not.toHaveAttribute("aria-disabled");
    await user.clear(screen.getByRole("textbox", { name: "E-post" }));
    await user.type(screen.getByRole("textbox", { name: "E-post" }), "anna@example");
    expect(submit).toHaveAttribute("aria-disabled", "true");
    await user.type(screen.getByRole("textbox", { name: "E-post" }), ".se");
    await user.click(submit);
    await waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    const create = calls.find((c) => c.url.pathname.endsWith("/booking/create"))!;
    expect(create.url.searchParams.get("departmentIdentifier")).toBe("D-1042");
    expect(new Headers(create.init.headers).get("Idempotency-Key")).toBeTruthy();
    expect(JSON.parse(String(create.init.body))).toEqual({
      bookingDate: `${d1}T07:30:00`, bookingStart: `${d1}T07:30:00`, regNo: "DCK123", freeText: "",
      customer: { firstName: "Anna", lastName: "Berg", email: "anna@example.se", phoneMobile: "070-123 45" },
    });
    const purchase = window.dataLayer?.find((e) => e.event === "purchase") as { ecommerce: { currency: string; value: number }; flow_version: string } | undefined;
    expect(purchase?.ecommerce.currency).toBe("SEK");
    expect(purchase?.ecommerce.value).toBe(0);
    expect(purchase?.flow_version).toBe("2.0");
  });

  it("no dates: the contact box with the workshop's phone and e-mail", async () => {
    routes.push((u) => (u.pathname.endsWith("/GetTimeslotDays") ? { status: 200, body: { availableDates: [] } } : undefined));
    renderWithPage(<BookingPage validated={VALIDATED} onBack={() => {}} onConfirmed={() => {}} />, page());
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("Det finns för närvarande inga tillgängliga tider på din verkstad. Kontakta oss så hjälper vi dig att hitta första bästa tid.");
    expect(within(box).getByRole("link", { name: "018-12 34 50" })).toHaveAttribute("href", "tel:018123450");
    expect(within(box).getByRole("link", { name: "verkstad.uppsala@forecourt.se" })).toHaveAttribute("href", "mailto:verkstad.uppsala@forecourt.se");
  });

  it("dates call fails: 'Ett fel uppstod'; slots call fails: 'Kunde inte hämta tider för valt datum.'", async () => {
    routes.push((u) => (u.pathname.endsWith("/GetTimeslotDays") ? { status: 500, body: { message: "x" } } : undefined));
    renderWithPage(<BookingPage validated={VALIDATED} onBack={() => {}} onConfirmed={() => {}} />, page());
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Ett fel uppstod$/);
    expect(window.dataLayer?.some((e) => e.event === "event_error")).toBe(true);
    expect(console.error).toHaveBeenCalled();
  });

  it("a day without slots: 'Verkstaden återkommer med tid' and the form without a time (full-day booking)", async () => {
    routes.push((u) => (u.pathname.endsWith("/GetTimeslotDays") ? { status: 200, body: { availableDates: [{ date: d1 }] } } : undefined));
    routes.push((u) => (u.pathname.endsWith("/GetTimeslots") ? { status: 500 } : undefined));
    const user = userEvent.setup();
    renderWithPage(<BookingPage validated={VALIDATED} onBack={() => {}} onConfirmed={() => {}} />, page());
    const grid = await screen.findByRole("grid", {}, { timeout: 10_000 });
    const cell = within(grid).getAllByRole("gridcell").find((c) => c.getAttribute("aria-disabled") !== "true")!;
    await user.click(within(cell).getByRole("button"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Kunde inte hämta tider för valt datum.");
    await user.click(screen.getByRole("button", { name: "Ändra datum" }));
    routes.unshift((u) => (u.pathname.endsWith("/GetTimeslots") ? { status: 200, body: { availableTimeSlotDates: [] } } : undefined));
    const cell2 = within(await screen.findByRole("grid", {}, { timeout: 10_000 })).getAllByRole("gridcell").find((c) => c.getAttribute("aria-disabled") !== "true")!;
    await act(async () => { await user.click(within(cell2).getByRole("button")); });
    expect(await screen.findByText("Verkstaden återkommer med tid")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Genomför bokning" })).toHaveAttribute("aria-disabled", "true");
  });
});

describe("Confirmation and rating", () => {
  const confirmation = {
    bookingConfirmationId: "WC-4K7P2M",
    customerBase: { firstName: "Anna", lastName: "Berg", email: "anna@example.se", phoneMobile: "0701234567" },
    services: [{ name: "Hjulskifte med däckhotell" }],
    appointmentTime: "2026-12-01T07:30:00",
    isFullDay: false,
    workshop: { name: "Bilhallen Uppsala", address: "Bolandsgatan 12, 753 23 Uppsala", email: "verkstad.uppsala@forecourt.se", phoneNumber: "018-12 34 50" },
    freeText: "Lånebil tack",
  };
  it("shows the summary, previews stars on hover, and thanks even when the call fails", async () => {
    window.sessionStorage.setItem("tirehotel", JSON.stringify({ validated: VALIDATED, confirmation: null }));
    routes.push((u) => (u.pathname.endsWith("/review/addReview") ? { status: 500, body: { message: "x" } } : undefined));
    const { ConfirmationPage } = await import("./components/confirmation-page");
    const user = userEvent.setup();
    renderWithPage(<ConfirmationPage confirmation={confirmation} onOtherCar={() => {}} />, page());
    expect(screen.getByRole("heading", { name: "Tack för din bokningsförfrågan!" })).toBeInTheDocument();
    expect(screen.getByText("Vi har skickat en bekräftelse till anna@example.se.")).toBeInTheDocument();
    expect(screen.getByText("WC-4K7P2M")).toBeInTheDocument();
    expect(screen.getByText("tisdag 1 december 2026 kl. 07:30")).toBeInTheDocument();
    expect(screen.getByText("Lånebil tack")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Bolandsgatan 12/ }).getAttribute("href")).toMatch(/maps.*Bilhallen/);
    expect(screen.getByRole("link", { name: "Gå till startsidan" })).toHaveAttribute("href", "/");
    const send = screen.getByRole("button", { name: "Skicka betyg" });
    expect(send).toBeDisabled();
    const stars = screen.getAllByRole("radio");
    expect(stars).toHaveLength(5);
    await user.hover(stars[2].closest("label")!);
    expect(document.querySelectorAll(".fc-th-star.is-on")).toHaveLength(3);
    await user.click(screen.getByRole("radio", { name: "4 av 5" }));
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText("Tack för ditt betyg!")).toBeInTheDocument();
    expect(screen.queryByRole("radio")).toBeNull();
    const review = calls.find((c) => c.url.pathname.endsWith("/review/addReview"))!;
    const body = JSON.parse(String(review.init.body));
    expect(body).toMatchObject({ rating: 4, comment: "", bookingConfirmationId: "WC-4K7P2M" });
    expect(Number.isNaN(Date.parse(body.date))).toBe(false);
  });
});
