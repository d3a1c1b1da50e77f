import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LangProvider } from "../shell/i18n";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { booking, calendar, day } from "./fixtures";
import { FakeEventSource, fakeStaffApi } from "./test-server";
import { WorkshopPage } from "./components/workshop-page";
import { HoursPage } from "./components/hours-page";
import { PrintPage } from "./components/print-page";
import type { Calendar } from "./types";

const departments = [
  { id: "D-1011", name: "Bilverkstan Norrtälje", site: "group-se", city: "Norrtälje" },
  { id: "D-1002", name: "Bilverkstan Solna", site: "group-se", city: "Solna" },
];

beforeEach(() => {
  document.documentElement.lang = "sv";
  window.history.replaceState(null, "", "/staff/workshop?department=D-1011&date=2026-11-30");
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.last = null;
});

describe("WorkshopPage", () => {
  it("shows the day's times with their use and bookings, and a new booking live with an announcement", async () => {
    let cal: Calendar = calendar();
    fakeStaffApi({
      "GET /api/staff/departments": () => ({ body: departments }),
      "GET /api/staff/bookings": () => ({ body: cal }),
    });
    render(<LangProvider><WorkshopPage /></LangProvider>);
    const times = await screen.findByRole("list", { name: /^Tid, måndag 30 november/ }, { timeout: 10_000 });
    const rows = within(times).getAllByRole("listitem").filter((li) => li.parentElement === times);
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByText("1 av 3 platser")).toBeInTheDocument();
    expect(within(rows[1]).getByRole("button", { name: /ABC123 Volvo XC60/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Dagslista (CSV)" })).toHaveAttribute("href", "/api/staff/bookings.csv?department=D-1011&from=2026-11-30&to=2026-11-30");
    expect(screen.getByRole("link", { name: "Utskrift" })).toHaveAttribute("href", "/staff/workshop/print?department=D-1011&date=2026-11-30");
    expect(FakeEventSource.last?.url).toBe("/api/staff/events?department=D-1011");

    const fresh = booking({ id: "B-2", start: "2026-11-30T09:00:00", end: "2026-11-30T10:00:00", car: { regno: "XYZ789", brand: "Kia", model: "Niro" } });
    cal = calendar({ bookings: [booking(), fresh], days: [day("2026-11-30", { slots: day().slots.map((s, i) => (i === 2 ? { ...s, used: 1 } : s)) })] });
    act(() => FakeEventSource.last!.emit("booking", { type: "created", booking: fresh }));
    await waitFor(() => expect(document.querySelector("[aria-live=polite]")).toHaveTextContent("Ny bokning 09:00: XYZ789 Kia Niro"));
    const card = screen.getByRole("button", { name: /XYZ789 Kia Niro/ });
    expect(card).toHaveTextContent("Ny");
    // The refetch brings the time's new use.
    const row = card.closest("li.ws-time") as HTMLElement;
    await waitFor(() => expect(within(row).getByText("1 av 3 platser")).toBeInTheDocument());
  });

  it("says when the live stream is lost, and fetches what it missed once it is back", async () => {
    let asked = 0;
    fakeStaffApi({
      "GET /api/staff/departments": () => ({ body: departments }),
      "GET /api/staff/bookings": () => {
        asked++;
        return { body: calendar() };
      },
    });
    render(<LangProvider><WorkshopPage /></LangProvider>);
    await screen.findByText("Ansluter…", undefined, { timeout: 10_000 });
    act(() => FakeEventSource.last!.onopen!());
    await screen.findByText("Uppdateras direkt");
    await waitFor(() => expect(asked).toBe(1));
    act(() => FakeEventSource.last!.onerror!());
    await screen.findByText("Återansluter…");
    act(() => FakeEventSource.last!.onopen!());
    await screen.findByText("Uppdateras direkt");
    await waitFor(() => expect(asked).toBe(2));
  });

  it("switches to the week and to another department, keeping both in the address", async () => {
    const asked: string[] = [];
    fakeStaffApi({
      "GET /api/staff/departments": () => ({ body: departments }),
      "GET /api/staff/bookings": ({ url }) => {
        asked.push(url.search);
        const from = url.searchParams.get("from")!;
        const days = Array.from({ length: from === url.searchParams.get("to") ? 1 : 7 }, (_, i) => day(`2026-${i === 0 ? "11-30" : `12-0${i}`}`));
        return { body: calendar({ from, to: url.searchParams.get("to")!, days }) };
      },
    });
    const user = userEvent.setup();
    render(<LangProvider><WorkshopPage /></LangProvider>);
    await screen.findByRole("heading", { level: 2, name: /måndag 30 november 2026/ }, { timeout: 10_000 });
    await user.click(screen.getByRole("radio", { name: "Vecka" }));
    await screen.findByRole("heading", { level: 2, name: /^Vecka 49/ }, { timeout: 10_000 });
    expect(window.location.search).toContain("view=week");
    expect(asked.at(-1)).toBe("?department=D-1011&from=2026-11-30&to=2026-12-06");
    expect(screen.getAllByRole("region")).toHaveLength(7);

    await user.click(screen.getByRole("button", { name: "Nästa vecka" }));
    await waitFor(() => expect(asked.at(-1)).toBe("?department=D-1011&from=2026-12-07&to=2026-12-13"));

    await user.click(screen.getByRole("button", { name: /Avdelning/ }));
    await user.click(await screen.findByRole("option", { name: /Bilverkstan Solna/ }, { timeout: 10_000 }));
    await waitFor(() => expect(asked.at(-1)).toBe("?department=D-1002&from=2026-12-07&to=2026-12-13"));
    expect(FakeEventSource.last?.url).toBe("/api/staff/events?department=D-1002");
  });

  it("moves a booking: a taken time says so and refreshes the list, a free one moves it", async () => {
    let taken = true;
    const slotsAsked: string[] = [];
    const calls = fakeStaffApi({
      "GET /api/staff/departments": () => ({ body: [departments[0]] }),
      "GET /api/staff/bookings": () => ({ body: calendar() }),
      "GET /api/staff/bookings/B-1/slots": ({ url }) => {
        slotsAsked.push(url.searchParams.get("date")!);
        const d = url.searchParams.get("date");
        return { body: { date: d, slots: [{ start: `${d}T08:00:00`, free: 2 }, { start: `${d}T10:00:00`, free: taken ? 1 : 0 }, { start: `${d}T13:00:00`, free: 1 }] } };
      },
      "POST /api/staff/bookings/B-1/move": ({ body }) => {
        const start = (body as { start: string }).start;
        if (taken && start.endsWith("T10:00:00")) {
          taken = false;
          return { status: 409, body: { error: { code: "conflict", message: "The time is no longer free." } } };
        }
        return { body: booking({ start, end: start.replace("T13:00", "T14:00") }) };
      },
    });
    const user = userEvent.setup();
    render(<LangProvider><WorkshopPage /></LangProvider>);
    await user.click(await screen.findByRole("button", { name: /ABC123 Volvo XC60/ }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("dialog", undefined, { timeout: 10_000 });
    expect(within(dialog).getByRole("heading", { name: /ABC123/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Flytta" }));
    const times = await within(dialog).findByRole("radiogroup", { name: /Lediga tider/ }, { timeout: 10_000 });
    // The booking's own time is not offered.
    expect(within(times).queryByRole("radio", { name: /08:00/ })).toBeNull();
    await user.click(within(times).getByRole("radio", { name: /10:00/ }));
    await user.click(within(dialog).getByRole("button", { name: "Flytta hit" }));
    await within(dialog).findByText(/Tiden hann bli upptagen/, undefined, { timeout: 10_000 });
    await waitFor(() => expect(within(dialog).queryByRole("radio", { name: /10:00/ })).toBeNull());
    expect(slotsAsked.length).toBe(2);
    await user.click(within(dialog).getByRole("radio", { name: /13:00/ }));
    await user.click(within(dialog).getByRole("button", { name: "Flytta hit" }));
    await within(dialog).findByText(/Bokningen är flyttad till mån 30 nov\.? 13:00/, undefined, { timeout: 10_000 });
    const move = calls.find((c) => c.method === "POST" && c.body && (c.body as { start: string }).start.endsWith("T13:00:00"));
    expect(move?.headers["X-CSRF-Token"]).toBeDefined();
  });

  it("marks arrived, and cancels only with a reason", async () => {
    let current = booking();
    const posted: unknown[] = [];
    fakeStaffApi({
      "GET /api/staff/departments": () => ({ body: [departments[0]] }),
      "GET /api/staff/bookings": () => ({ body: calendar({ bookings: [current] }) }),
      "POST /api/staff/bookings/B-1/cancel": ({ body }) => {
        posted.push(body);
        current = booking({ status: "cancelled", cancelReason: (body as { reason: string }).reason });
        return { body: current };
      },
      "POST /api/staff/bookings/B-1/status": ({ body }) => {
        current = booking({ status: (body as { status: "arrived" }).status });
        return { body: current };
      },
    });
    const user = userEvent.setup();
    render(<LangProvider><WorkshopPage /></LangProvider>);
    await user.click(await screen.findByRole("button", { name: /ABC123/ }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("dialog", undefined, { timeout: 10_000 });
    // Cancelling asks for a reason first.
    await user.click(within(dialog).getByRole("button", { name: "Avboka" }));
    const reason = await within(dialog).findByRole("textbox", { name: "Orsak" }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole("button", { name: "Avboka bokningen" }));
    expect(await within(dialog).findByText("Skriv en orsak.", undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Tillbaka" }));

    await user.click(within(dialog).getByRole("button", { name: "Anländ" }));
    await within(dialog).findByText("Markerad: Anländ", undefined, { timeout: 10_000 });
    expect(within(dialog).getByRole("button", { name: "Klar" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Flytta" })).toBeNull();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: /ABC123/ })).toHaveTextContent("Anländ");
    void reason;
  });

  it("cancels with a reason", async () => {
    let current = booking();
    fakeStaffApi({
      "GET /api/staff/departments": () => ({ body: [departments[0]] }),
      "GET /api/staff/bookings": () => ({ body: calendar({ bookings: [current] }) }),
      "POST /api/staff/bookings/B-1/cancel": ({ body }) => {
        current = booking({ status: "cancelled", cancelReason: (body as { reason: string }).reason });
        return { body: current };
      },
    });
    const user = userEvent.setup();
    render(<LangProvider><WorkshopPage /></LangProvider>);
    await user.click(await screen.findByRole("button", { name: /ABC123/ }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("dialog", undefined, { timeout: 10_000 });
    await user.click(within(dialog).getByRole("button", { name: "Avboka" }));
    await user.type(await within(dialog).findByRole("textbox", { name: "Orsak" }, { timeout: 10_000 }), "Mekanikern är sjuk");
    await user.click(within(dialog).getByRole("button", { name: "Avboka bokningen" }));
    await within(dialog).findByText(/Bokningen är avbokad/, undefined, { timeout: 10_000 });
    expect(within(dialog).getByText("Mekanikern är sjuk")).toBeInTheDocument();
    expect(current.status).toBe("cancelled");
  });
});

describe("HoursPage", () => {
  it("saves weekday hours and refuses closing before opening; adds and removes a closure", async () => {
    window.history.replaceState(null, "", "/staff/workshop/hours?department=D-1011");
    const put: unknown[] = [];
    const added: unknown[] = [];
    const closures = [{ id: "C-1", from: "2026-12-24T00:00:00", to: "2026-12-25T00:00:00", reason: "Julafton", createdBy: "verkstad" }];
    fakeStaffApi({
      "GET /api/staff/departments": () => ({ body: [departments[0]] }),
      "GET /api/staff/departments/D-1011/hours": () => ({
        body: {
          department: "D-1011",
          weekdays: [1, 2, 3, 4, 5, 6, 7].map((d) => (d < 6 ? { weekday: d, open: "07:00", close: "17:00", capacity: 3 } : { weekday: d, open: "", close: "", capacity: 0 })),
          closures,
        },
      }),
      "PUT /api/staff/departments/D-1011/hours": ({ body }) => {
        put.push(body);
        return { body: { ...(body as object), closures } };
      },
      "POST /api/staff/closures": ({ body }) => {
        added.push(body);
        return { status: 201, body: { id: "C-2", ...(body as object), createdBy: "verkstad" } };
      },
      "DELETE /api/staff/closures/C-1": () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    render(<LangProvider><HoursPage /></LangProvider>);
    const table = await screen.findByRole("table", undefined, { timeout: 10_000 });
    const saturday = within(table).getByRole("row", { name: /Lördag/ });
    await user.click(within(saturday).getByRole("checkbox", { name: "Öppet Lördag" }));
    const cap = within(saturday).getByRole("textbox", { name: "Platser Lördag" });
    await user.clear(cap);
    await user.type(cap, "2");
    await user.tab();
    // Monday closing before opening is refused, and nothing is sent.
    const monday = within(table).getByRole("row", { name: /Måndag/ });
    const closes = within(monday).getByRole("group", { name: "Stänger Måndag" });
    await user.click(within(closes).getAllByRole("spinbutton")[0]);
    await user.keyboard("06");
    await user.click(screen.getByRole("button", { name: "Spara öppettider" }));
    expect(await within(monday).findByText("Stängningstiden måste vara efter öppningstiden.", undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(put).toEqual([]);
    await user.click(within(closes).getAllByRole("spinbutton")[0]);
    await user.keyboard("17");
    await user.click(screen.getByRole("button", { name: "Spara öppettider" }));
    await screen.findByText(/Öppettiderna är sparade/, undefined, { timeout: 10_000 });
    expect((put[0] as { weekdays: unknown[] }).weekdays[5]).toEqual({ weekday: 6, open: "08:00", close: "16:00", capacity: 2 });

    // A closure: Julafton is listed with a remove button; add a day.
    const list = screen.getByRole("list", { name: "Kommande" });
    expect(within(list).getByText("Julafton")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Lägg till stängning" }));
    expect(await screen.findByText("Välj ett datum.", undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText("Skriv en orsak.")).toBeInTheDocument();
    const dateGroup = screen.getByRole("group", { name: "Datum" });
    await user.click(within(dateGroup).getAllByRole("spinbutton")[0]);
    await user.keyboard("20261231");
    await user.type(screen.getByRole("textbox", { name: "Orsak" }), "Nyårsafton");
    await user.click(screen.getByRole("button", { name: "Lägg till stängning" }));
    await screen.findByText(/Stängningen är tillagd/, undefined, { timeout: 10_000 });
    expect(added).toEqual([{ department: "D-1011", from: "2026-12-31T00:00:00", to: "2027-01-01T00:00:00", reason: "Nyårsafton" }]);
    expect(within(list).getByText("Nyårsafton")).toBeInTheDocument();

    await user.click(within(list).getByRole("button", { name: /Ta bort stängning .*Julafton/ }));
    await screen.findByText("Stängningen är borttagen.", undefined, { timeout: 10_000 });
    expect(within(list).queryByText("Julafton")).toBeNull();
  });
});

describe("PrintPage", () => {
  it("lists the day's bookings in a table, without cancelled ones", async () => {
    window.history.replaceState(null, "", "/staff/workshop/print?department=D-1011&date=2026-11-30");
    fakeStaffApi({
      "GET /api/staff/bookings": () => ({ body: calendar({ bookings: [booking(), booking({ id: "B-9", status: "cancelled", car: { regno: "GON999", brand: "Saab", model: "9-3" } })] }) }),
    });
    render(<LangProvider><PrintPage /></LangProvider>);
    const table = await screen.findByRole("table", { name: /Dagslista, måndag 30 november 2026/ }, { timeout: 10_000 });
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(within(table).getByText("ABC123")).toBeInTheDocument();
    expect(within(table).queryByText("GON999")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Dagslista: Bilverkstan Norrtälje");
  });
});

// A test drive at a dealer's sales department, beside a workshop job.
const testDrive = booking({
  id: "BK-TD1", kind: "testdrive", start: "2026-11-30T09:00:00", end: "2026-11-30T09:45:00",
  car: { regno: "KZG77P", brand: "Cupra", model: "Born", year: 2024 },
  services: [{ name: "Provkörning", minutes: 45, price: null }],
  testDrive: { carId: 104231, url: "https://forecourt.example/bilar/104231" },
});
const salesDepartments = [
  { id: "S-1011", name: "Forecourt Bil Norrtälje – Bilförsäljning", site: "group-se", city: "Norrtälje", kind: "sales" as const },
  { id: "D-1011", name: "Forecourt Bil Norrtälje", site: "group-se", city: "Norrtälje", kind: "workshop" as const },
];

describe("Test drives in the calendar", () => {
  it("tells a test drive from a workshop job: its label, its car and a link to the car's page, in the day and in the dialog", async () => {
    fakeStaffApi({
      "GET /api/staff/departments": () => ({ body: [departments[0]] }),
      "GET /api/staff/bookings": () => ({ body: calendar({ bookings: [booking(), testDrive] }) }),
    });
    const user = userEvent.setup();
    render(<LangProvider><WorkshopPage /></LangProvider>);
    const card = await screen.findByRole("button", { name: /KZG77P Cupra Born/ }, { timeout: 10_000 });
    expect(card).toHaveTextContent("Provkörning");
    expect(screen.getByRole("button", { name: /ABC123 Volvo XC60/ })).not.toHaveTextContent("Provkörning");
    const link = screen.getByRole("link", { name: "Bilens sida: KZG77P Cupra Born 2024 (öppnas i ny flik)" });
    expect(link).toHaveAttribute("href", "https://forecourt.example/bilar/104231");
    expect(link).toHaveAttribute("target", "_blank");
    expect(screen.getAllByRole("link", { name: /^Bilens sida/ })).toHaveLength(1);

    await user.click(card);
    const dialog = await screen.findByRole("dialog", undefined, { timeout: 10_000 });
    expect(within(dialog).getByText("Provkörning")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: /^Bilens sida: KZG77P/ })).toHaveAttribute("href", "https://forecourt.example/bilar/104231");
    expect(within(dialog).queryByText("Arbeten")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Flytta" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Avboka" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Uteblev" })).toBeInTheDocument();
  });

  it("is the sellers' calendar at /staff/testdrives: the sales departments only, no opening hours, its own day list", async () => {
    window.history.replaceState(null, "", "/staff/testdrives?date=2026-11-30");
    const asked: string[] = [];
    fakeStaffApi({
      "GET /api/staff/departments": () => ({ body: salesDepartments }),
      "GET /api/staff/bookings": ({ url }) => {
        asked.push(url.searchParams.get("department")!);
        return { body: calendar({ department: { id: "S-1011", name: salesDepartments[0].name, site: "group-se" }, bookings: [testDrive] }) };
      },
    });
    render(<LangProvider><WorkshopPage area="sales" /></LangProvider>);
    expect(await screen.findByRole("heading", { level: 1, name: "Provkörningar" })).toBeInTheDocument();
    await screen.findByRole("button", { name: /KZG77P/ }, { timeout: 10_000 });
    expect(asked).toEqual(["S-1011"]);
    // One sales department: its name, no picker of the workshop.
    expect(screen.getByText("Forecourt Bil Norrtälje – Bilförsäljning")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Öppettider och stängt" })).toBeNull();
    expect(screen.getByRole("link", { name: "Utskrift" })).toHaveAttribute("href", "/staff/testdrives/print?department=S-1011&date=2026-11-30");
  });

  it("says so when a seller has no sales department", async () => {
    window.history.replaceState(null, "", "/staff/testdrives");
    fakeStaffApi({ "GET /api/staff/departments": () => ({ body: [salesDepartments[1]] }) });
    render(<LangProvider><WorkshopPage area="sales" /></LangProvider>);
    expect(await screen.findByText("Ditt konto har ingen provkörningskalender.", undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("prints a test drive with its label and the car page's address", async () => {
    window.history.replaceState(null, "", "/staff/testdrives/print?department=S-1011&date=2026-11-30");
    fakeStaffApi({ "GET /api/staff/bookings": () => ({ body: calendar({ bookings: [booking(), testDrive] }) }) });
    render(<LangProvider><PrintPage base="/staff/testdrives" /></LangProvider>);
    const table = await screen.findByRole("table", undefined, { timeout: 10_000 });
    const row = within(table).getByText("KZG77P").closest("tr") as HTMLElement;
    expect(within(row).getByText("Provkörning")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "forecourt.example/bilar/104231" })).toHaveAttribute("href", "https://forecourt.example/bilar/104231");
    expect(screen.getByRole("link", { name: /Till kalendern/ })).toHaveAttribute("href", "/staff/testdrives?department=S-1011&date=2026-11-30");
  });
});
