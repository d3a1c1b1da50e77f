// The tyre hotel as a car owner meets it: a time taken meanwhile, pasted plates, where focus goes,
// bookable days of the next month, page impressions, focusable blocked buttons.
import fs from "node:fs";
import path from "node:path";
import { describe, it, expect, vi, beforeEach, afterEach } from "vitest";
import { screen, within, fireEvent, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parseDate, today } from "@internationalized/date";
import { renderWithPage, makePage } from "../../test-utils";
import { TireHotel } from "./components/tire-hotel";
import { WheelCalendar } from "./components/wheel-calendar";
import { BookingPage } from "./components/booking-page";
import { normalizePlate, openingDay, TIME_ZONE } from "./rules";
import type { Validated } from "./types";

vi.setConfig({ testTimeout: 30_000 });

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
    tires: [],
  }],
};

type Route = (url: URL, init: RequestInit) => { status: number; body?: unknown } | undefined;
let routes: Route[] = [];
const calls: { url: URL; init: RequestInit }[] = [];
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
      if (a) return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers: { "Content-Type": "application/json" } });
    }
    if (url.pathname === "/api/tirehotel/session") return new Response(JSON.stringify({ signedIn: false }), { status: 200 });
    return new Response(JSON.stringify({ message: "oväntat anrop" }), { status: 500 });
  }));
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("plates as pasted (21.2)", () => {
  it("spaces and dashes go before the limit of 7", () => {
    expect(normalizePlate("abc-123")).toBe("ABC123");
    expect(normalizePlate("ABC – 1234")).toBe("ABC1234");
    expect(normalizePlate("ab c-12 345")).toBe("ABC1234");
  });
  it("the search field takes a pasted 'ABC 123' whole", () => {
    renderWithPage(<TireHotel {...block} />, page());
    const box = screen.getByRole("textbox", { name: "Registreringsnummer" });
    fireEvent.change(box, { target: { value: "dck-123" } });
    expect(box).toHaveValue("DCK123");
  });
});

describe("blocked submit buttons stay focusable and say why (20.8)", () => {
  it("'Fortsätt' is aria-disabled, in the Tab order, and described by what is missing", async () => {
    const user = userEvent.setup();
    renderWithPage(<TireHotel {...block} />, page());
    const button = screen.getByRole("button", { name: "Fortsätt" });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAccessibleDescription(DICT.thMissingPlate);
    await user.click(button);
    expect(calls.filter((c) => c.url.pathname.includes("/authorization/search"))).toHaveLength(0);
    const box = screen.getByRole("textbox", { name: "Registreringsnummer" });
    box.focus();
    await user.tab();
    expect(button).toHaveFocus();
    await user.type(box, "dc");
    expect(button).not.toHaveAttribute("aria-disabled");
    expect(screen.queryByText(DICT.thMissingPlate)).toBeNull();
  });
});

describe("the calendar (21.5)", () => {
  const now = parseDate("2026-11-26");
  it("opens on the month where the first free day and more show; next-month free days in the grid are bookable", async () => {
    // 30 November is a Monday: it heads December's grid, so December opens.
    expect(openingDay(["2026-11-30", "2026-12-01", "2026-12-02"])).toBe("2026-12-01");
    expect(openingDay(["2026-11-27", "2026-12-01"])).toBe("2026-11-27");
    expect(openingDay(["2026-11-30"])).toBe("2026-11-30");
    const onChange = vi.fn();
    renderWithPage(<WheelCalendar label="Datum" available={["2026-11-27", "2026-12-01", "2026-12-02"]} value={null} onChange={onChange} now={now} />, page());
    expect(screen.getByRole("heading", { level: 2, name: /Datum/ })).toHaveTextContent(/november 2026/i);
    const next = screen.getByRole("button", { name: "tisdag 1 december 2026" });
    expect(next).toHaveAttribute("tabindex", "-1");
    fireEvent.click(next);
    expect(onChange).toHaveBeenCalledWith("2026-12-01");
  });
});

describe("page impressions (21.11)", () => {
  it("a signed-in reload logs LoggedIn, never Search, after the page's own page view", async () => {
    routes.push((u) => (u.pathname.endsWith("/session") ? { status: 200, body: { signedIn: true, ...VALIDATED } } : undefined));
    renderWithPage(<TireHotel {...block} />, page());
    expect(await screen.findByRole("heading", { name: "Ditt däckhotell" })).toBeInTheDocument();
    // The shell pushes the page view after the block's effects ran.
    window.dataLayer!.push({ event: "page_impression", page_path: "/dackhotell" });
    await waitFor(() => expect(window.dataLayer!.some((e) => e.page_name === "LoggedIn")).toBe(true), { timeout: 2000 });
    const views = window.dataLayer!.filter((e) => e.event === "page_impression");
    expect(views.map((e) => e.page_name ?? "site")).toEqual(["site", "LoggedIn"]);
  });
  it("with the page view already logged, a signed-in reload still waits for the session and never logs Search", async () => {
    window.dataLayer!.push({ event: "page_impression", page_path: "/dackhotell" });
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    const session = new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
    vi.mocked(fetch).mockImplementation(async (input) => {
      if (String(input).endsWith("/api/tirehotel/session")) {
        const a = await session;
        return new Response(JSON.stringify(a.body), { status: a.status, headers: { "Content-Type": "application/json" } });
      }
      return new Response("{}", { status: 500 });
    });
    renderWithPage(<TireHotel {...block} />, page());
    // Nothing is logged while the session is unknown.
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(window.dataLayer!.filter((e) => e.page_name)).toEqual([]);
    answer({ status: 200, body: { signedIn: true, ...VALIDATED } });
    expect(await screen.findByRole("heading", { name: "Ditt däckhotell" })).toBeInTheDocument();
    await waitFor(() => expect(window.dataLayer!.some((e) => e.page_name === "LoggedIn")).toBe(true));
    expect(window.dataLayer!.filter((e) => e.event === "page_impression").map((e) => e.page_name ?? "site")).toEqual(["site", "LoggedIn"]);
  });
});

describe("the wheel change booking", () => {
  const d1 = today(TIME_ZONE).add({ days: 5 }).toString();
  async function toForm(user: ReturnType<typeof userEvent.setup>) {
    const grid = await screen.findByRole("grid", {}, { timeout: 10_000 });
    const cell = within(grid).getAllByRole("gridcell").find((c) => c.getAttribute("aria-disabled") !== "true" && c.querySelector("[role=button]"))!;
    await user.click(within(cell).getByRole("button"));
    // 21.3: focus goes to the time step's heading, not to the top of the page.
    await waitFor(() => expect(screen.getByRole("heading", { name: DICT.thStepTime })).toHaveFocus());
    const slots = await screen.findByRole("list", { name: /Välj tid/ });
    await user.click(within(slots).getByRole("button", { name: "07:30" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: DICT.thStepContact })).toHaveFocus());
  }

  it("focus follows the chosen date and time (21.3)", async () => {
    routes.push((u) => (u.pathname.endsWith("/GetTimeslotDays") ? { status: 200, body: { availableDates: [{ date: d1 }] } } : undefined));
    routes.push((u) => (u.pathname.endsWith("/GetTimeslots") ? { status: 200, body: { availableTimeSlotDates: [{ startTime: [`${d1}T07:30:00`, `${d1}T10:00:00`] }] } } : undefined));
    const user = userEvent.setup();
    renderWithPage(<BookingPage validated={VALIDATED} onBack={() => {}} onConfirmed={() => {}} />, page());
    await toForm(user);
    await user.click(screen.getByRole("button", { name: "Ändra tid" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: DICT.thStepTime })).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Ändra datum" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: DICT.thStepDate })).toHaveFocus());
  });

  it("a time taken meanwhile: the message, the refreshed times, and the typed details kept (21.1); the submit says what is missing (20.8)", async () => {
    let slotCalls = 0;
    routes.push((u) => (u.pathname.endsWith("/GetTimeslotDays") ? { status: 200, body: { availableDates: [{ date: d1 }] } } : undefined));
    routes.push((u) => {
      if (!u.pathname.endsWith("/GetTimeslots")) return undefined;
      slotCalls++;
      const times = slotCalls === 1 ? ["07:30", "10:00"] : ["10:00"];
      return { status: 200, body: { availableTimeSlotDates: [{ startTime: times.map((t) => `${d1}T${t}:00`) }] } };
    });
    routes.push((u) => (u.pathname.endsWith("/booking/create") ? { status: 409, body: { message: "Tiden är inte tillgänglig, vänligen välj en annan tid", code: "TimeslotNotAvailable" } } : undefined));
    const onConfirmed = vi.fn();
    const user = userEvent.setup();
    renderWithPage(<BookingPage validated={VALIDATED} onBack={() => {}} onConfirmed={onConfirmed} />, page());
    await toForm(user);
    const submit = screen.getByRole("button", { name: "Genomför bokning" });
    expect(submit).toHaveAttribute("aria-disabled", "true");
    expect(submit).toHaveAccessibleDescription("Fyll i för att kunna boka: Förnamn, Efternamn, E-post, Mobilnummer.");
    await user.type(screen.getByRole("textbox", { name: "Förnamn" }), "Anna");
    await user.type(screen.getByRole("textbox", { name: "Efternamn" }), "Berg");
    expect(submit).toHaveAccessibleDescription("Fyll i för att kunna boka: E-post, Mobilnummer.");
    await user.type(screen.getByRole("textbox", { name: "E-post" }), "anna@example.se");
    await user.type(screen.getByRole("textbox", { name: "Mobilnummer" }), "0701234567");
    expect(submit).not.toHaveAttribute("aria-disabled");
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Tiden är inte tillgänglig, vänligen välj en annan tid");
    await waitFor(() => expect(screen.getByRole("heading", { name: DICT.thStepTime })).toHaveFocus());
    const slots = await screen.findByRole("list", { name: /Välj tid/ });
    expect(within(slots).getAllByRole("button").map((b) => b.textContent)).toEqual(["10:00"]);
    expect(calls.filter((c) => c.url.pathname.endsWith("/GetTimeslotDays"))).toHaveLength(2);
    await user.click(within(slots).getByRole("button", { name: "10:00" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Förnamn" })).toHaveValue("Anna");
    expect(screen.getByRole("textbox", { name: "E-post" })).toHaveValue("anna@example.se");
    expect(screen.getByRole("textbox", { name: "Mobilnummer" })).toHaveValue("0701234567");
    expect(screen.getByRole("button", { name: "Genomför bokning" })).not.toHaveAttribute("aria-disabled");
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it("a taken time that was the day's last: back to the calendar with the message", async () => {
    // Mid-month days: the calendar opens on their month whatever today is.
    const mid = today(TIME_ZONE).add({ months: 1 }).set({ day: 15 });
    const [first, second] = [mid.toString(), mid.add({ days: 1 }).toString()];
    let dayCalls = 0;
    routes.push((u) => {
      if (!u.pathname.endsWith("/GetTimeslotDays")) return undefined;
      dayCalls++;
      return { status: 200, body: { availableDates: (dayCalls === 1 ? [first, second] : [second]).map((date) => ({ date })) } };
    });
    routes.push((u) => (u.pathname.endsWith("/GetTimeslots") ? { status: 200, body: { availableTimeSlotDates: [{ startTime: [`${first}T07:30:00`] }] } } : undefined));
    routes.push((u) => (u.pathname.endsWith("/booking/create") ? { status: 409, body: { message: "Tiden är inte tillgänglig, vänligen välj en annan tid", code: "TimeslotNotAvailable" } } : undefined));
    const user = userEvent.setup();
    renderWithPage(<BookingPage validated={VALIDATED} onBack={() => {}} onConfirmed={() => {}} />, page());
    await toForm(user);
    await user.type(screen.getByRole("textbox", { name: "Förnamn" }), "Anna");
    await user.type(screen.getByRole("textbox", { name: "Efternamn" }), "Berg");
    await user.type(screen.getByRole("textbox", { name: "E-post" }), "anna@example.se");
    await user.type(screen.getByRole("textbox", { name: "Mobilnummer" }), "0701234567");
    await user.click(screen.getByRole("button", { name: "Genomför bokning" }));
    expect(await screen.findByRole("grid", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Tiden är inte tillgänglig, vänligen välj en annan tid");
    await waitFor(() => expect(screen.getByRole("heading", { name: DICT.thStepDate })).toHaveFocus());
  });
});
