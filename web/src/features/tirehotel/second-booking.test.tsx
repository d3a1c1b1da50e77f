// The portal lists the customer's upcoming wheel changes with
// their change-or-cancel links, warns before a second one for the car this
// season, and books it only when the customer confirms.
import fs from "node:fs";
import path from "node:path";
import { describe, it, expect, vi, beforeEach, afterEach } from "vitest";
import { screen, within, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { today } from "@internationalized/date";
import { renderWithPage, makePage } from "../../test-utils";
import { BookingPage } from "./components/booking-page";
import { LoggedInPage } from "./components/logged-in-page";
// The booking page loads its calendar lazily: load it before the clock starts.
import "./components/wheel-calendar";
import { TIME_ZONE } from "./rules";
import type { Validated } from "./types";

vi.setConfig({ testTimeout: 30_000 });

function dictionary(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of ["dictionary-tirehotel.yaml", "dictionary-booking-manage.yaml"]) {
    const text = fs.readFileSync(path.resolve(process.cwd(), "../content/group-se", f), "utf8");
    for (const m of text.matchAll(/^ {2}(\w+): "(.*)"$/gm)) out[m[1]] = m[2];
  }
  return out;
}
const page = () => makePage({ dictionary: dictionary(), path: "/dackhotell" });

const VALIDATED: Validated = {
  status: 0,
  vehicles: [{
    regNo: "DCK123", brandCode: "VO", brand: "Volvo", model: "V60", name: "Volvo V60", productId: "TH-STD", packageLevel: "Däckhotell Plus",
    location: { erpId: "D-1042", locationName: "Bilhallen Uppsala", departmentName: "Verkstad", address: "Bolandsgatan 12", phone: "018-12 34 50", email: "verkstad@forecourt.se" },
    tires: [],
  }],
};

let handler: (url: URL, init: RequestInit) => Response;
const creates: unknown[] = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
beforeEach(() => {
  creates.length = 0;
  vi.stubGlobal("fetch", vi.fn(async (input: string, init: RequestInit = {}) => handler(new URL(input, "http://localhost"), init)));
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const upcoming = {
  bookingConfirmationId: "WC-4K7P2M", regNo: "DCK123", status: "booked", appointmentTime: "2026-12-02T09:00:00", isFullDay: false,
  customerBase: { firstName: "Anna", lastName: "Berg", email: "anna@example.se", phoneMobile: "0701234567" }, services: [{ name: "Hjulskifte med däckhotell" }],
  workshop: { name: "Bilhallen Uppsala", address: "Bolandsgatan 12", email: "", phoneNumber: "" }, freeText: "", manageUrl: "/boka-service/hantera?token=t1",
};

describe("upcoming wheel changes", () => {
  it("LoggedIn lists them with their change-or-cancel link and warns about the car's booking", async () => {
    handler = (u) => (u.pathname === "/api/tirehotel/bookings" ? json(200, { bookings: [upcoming] }) : json(500, {}));
    renderWithPage(<LoggedInPage validated={VALIDATED} onBook={() => {}} onOtherCar={() => {}} />, page());
    const list = await screen.findByRole("region", { name: "Dina bokade hjulskiften" });
    expect(within(list).getByText("WC-4K7P2M", { selector: ".fc-th-ref" })).toBeInTheDocument();
    expect(within(list).getByRole("link", { name: /Ändra eller avboka/ })).toHaveAttribute("href", "/boka-service/hantera?token=t1");
    expect(screen.getByRole("note")).toHaveTextContent("Du har redan ett hjulskifte bokat för DCK123 den");
  });

  it("a second booking this season is asked about, and booked when confirmed", async () => {
    const d1 = today(TIME_ZONE).add({ days: 5 }).toString();
    handler = (u, init) => {
      if (u.pathname.endsWith("/GetTimeslotDays")) return json(200, { availableDates: [{ date: d1 }] });
      if (u.pathname.endsWith("/GetTimeslots")) return json(200, { availableTimeSlotDates: [{ startTime: [`${d1}T07:30:00`] }] });
      if (u.pathname.endsWith("/booking/create")) {
        const body = JSON.parse(String(init.body));
        creates.push(body);
        if (!body.confirmSecond) return json(409, { message: "Du har redan ett hjulskifte bokat för DCK123 den 2026-12-02 (WC-4K7P2M). Vill du boka ett till?", code: "Conflict", fields: { confirmSecond: "WC-4K7P2M" } });
        return json(200, { ...upcoming, bookingConfirmationId: "WC-9XY" });
      }
      return json(500, {});
    };
    const onConfirmed = vi.fn();
    const user = userEvent.setup();
    renderWithPage(<BookingPage validated={VALIDATED} onBack={() => {}} onConfirmed={onConfirmed} />, page());
    const grid = await screen.findByRole("grid", {}, { timeout: 20_000 });
    const cell = within(grid).getAllByRole("gridcell").find((c) => c.getAttribute("aria-disabled") !== "true")!;
    await user.click(within(cell).getByRole("button"));
    await user.click(within(await screen.findByRole("list", { name: /Välj tid/ })).getByRole("button", { name: "07:30" }));
    await user.type(screen.getByRole("textbox", { name: "Förnamn" }), "Anna");
    await user.type(screen.getByRole("textbox", { name: "Efternamn" }), "Berg");
    await user.type(screen.getByRole("textbox", { name: "E-post" }), "anna@example.se");
    await user.type(screen.getByRole("textbox", { name: "Mobilnummer" }), "0701234567");
    await user.click(screen.getByRole("button", { name: "Genomför bokning" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Vill du boka ett till?");
    expect(onConfirmed).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Boka ett hjulskifte till ändå" }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    expect(creates).toHaveLength(2);
    expect(creates[1]).toMatchObject({ confirmSecond: true, bookingStart: `${d1}T07:30:00` });
  });
});
