// The wheel change's reminder opt-in and the plate from a reminder mail's link.
import fs from "node:fs";
import path from "node:path";
import { today } from "@internationalized/date";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makePage, renderWithPage } from "../../test-utils";
import { BookingPage } from "./components/booking-page";
import { TireHotel } from "./components/tire-hotel";
import { platePrefill, TIME_ZONE } from "./rules";
import type { Validated } from "./types";

vi.setConfig({ testTimeout: 30_000 });

const DICT: Record<string, string> = { pathToServiceBooking: "/boka-service" };
for (const m of fs.readFileSync(path.resolve(process.cwd(), "../content/group-se/dictionary-tirehotel.yaml"), "utf8").matchAll(/^ {2}(\w+): "(.*)"$/gm)) DICT[m[1]] = m[2];
const page = () => makePage({ dictionary: DICT, path: "/dackhotell" });

const VALIDATED: Validated = {
  status: 0,
  vehicles: [{
    regNo: "DCK123", brandCode: "VO", brand: "Volvo", model: "V60", name: "Volvo V60", productId: "TH-STD", packageLevel: "Däckhotell Plus",
    location: { erpId: "D-1042", locationName: "Bilhallen Uppsala", departmentName: "Verkstad", address: "Bolandsgatan 12, 753 23 Uppsala", phone: "018-12 34 50", email: "verkstad.uppsala@forecourt.se" },
    tires: [],
  }],
};

const calls: { url: URL; init: RequestInit }[] = [];
const d1 = today(TIME_ZONE).add({ days: 5 }).toString();
beforeEach(() => {
  calls.length = 0;
  window.sessionStorage.clear();
  window.dataLayer = [];
  vi.stubGlobal("fetch", vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    calls.push({ url, init });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    if (url.pathname.endsWith("/GetTimeslotDays")) return json(200, { availableDates: [{ date: d1 }] });
    if (url.pathname.endsWith("/GetTimeslots")) return json(200, { availableTimeSlotDates: [{ startTime: [`${d1}T07:30:00`] }] });
    if (url.pathname.endsWith("/booking/create")) return json(200, { bookingConfirmationId: "WC-4K7P2M", ...JSON.parse(String(init.body)) });
    if (url.pathname.endsWith("/session")) return json(200, { signedIn: false });
    return json(401, { message: "Inte inloggad", code: "Unauthorized" });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("wheel-change reminder", () => {
  it("the checkbox is unticked; ticked, the booking asks for the reminder", async () => {
    const user = userEvent.setup();
    const onConfirmed = vi.fn();
    renderWithPage(<BookingPage validated={VALIDATED} onBack={() => {}} onConfirmed={onConfirmed} />, page());
    const grid = await screen.findByRole("grid", {}, { timeout: 10_000 });
    const cell = within(grid).getAllByRole("gridcell").find((c) => c.getAttribute("aria-disabled") !== "true")!;
    await user.click(within(cell).getByRole("button"));
    await user.click(within(await screen.findByRole("list", { name: /Välj tid/ })).getByRole("button", { name: "07:30" }));
    const box = screen.getByRole("checkbox", { name: "Påminn mig inför nästa däckbyte" });
    expect(box).not.toBeChecked();
    await user.type(screen.getByRole("textbox", { name: "Förnamn" }), "Anna");
    await user.type(screen.getByRole("textbox", { name: "Efternamn" }), "Berg");
    await user.type(screen.getByRole("textbox", { name: "E-post" }), "anna@example.se");
    await user.type(screen.getByRole("textbox", { name: "Mobilnummer" }), "0701234567");
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Genomför bokning" }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    const create = calls.find((c) => c.url.pathname.endsWith("/booking/create"))!;
    expect(JSON.parse(String(create.init.body))).toMatchObject({ regNo: "DCK123", reminder: true });
  });
});

describe("plate from the link", () => {
  it("reads ?regnr= like typed input", () => {
    expect(platePrefill("?regnr=dck%20123")).toBe("DCK123");
    expect(platePrefill("?regnr=D")).toBe(""); // shorter than the search needs
    expect(platePrefill("?regnr=DCK12345")).toBe(""); // longer than the field takes
    expect(platePrefill("?regnr=DCK-12")).toBe("");
    expect(platePrefill("?plats=Uppsala")).toBe("");
  });

  it("/dackhotell?regnr=DCK123 starts the search with the plate filled in", async () => {
    window.history.replaceState(null, "", "/dackhotell?regnr=dck123");
    const block = { rendering: { uid: "th", componentName: "TireHotel", params: {}, fields: {} }, fields: {}, params: {}, data: null };
    renderWithPage(<TireHotel {...block} />, page());
    const plate = await screen.findByRole("textbox", { name: "Registreringsnummer" });
    await waitFor(() => expect(plate).toHaveValue("DCK123"));
    expect(screen.getByRole("button", { name: "Fortsätt" })).not.toHaveAttribute("aria-disabled");
    expect(window.location.search).toBe("");
  });
});
