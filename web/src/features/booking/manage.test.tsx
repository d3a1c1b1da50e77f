// The booking page behind a confirmation's link.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makePage, renderWithPage } from "../../test-utils";
import { BookingManage } from "./components/booking-manage";

const block = { rendering: { uid: "m", componentName: "BookingManage", params: {}, fields: {} }, fields: {}, params: {}, data: null };
const view = (over: Record<string, unknown> = {}) => ({
  id: "BK-7F3K9QX", status: "booked", registrationNumber: "ABC123", timeSlot: "2026-12-01T10:00:00", isFullDay: false,
  siteName: "Forecourt Bil Uppsala", address: "Bolandsgatan 12", latitude: 59.8, longitude: 17.6, services: [{ code: "wheelchange", name: "Hjulskifte" }],
  customer: { firstName: "Anna", lastName: "Lind" }, flow: "service", token: "t2", canChange: true, firstDay: "2026-11-26", lastDay: "2027-02-17",
  phone: "018-12 34 50", email: "verkstad@example.se", calendarUrl: "/api/bookings/manage/calendar?token=t2", ...over,
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
let calls: { path: string; body: Record<string, unknown> }[] = [];
let answer: (path: string, body: Record<string, unknown>) => Response;

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", vi.fn(async (input: string, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body ?? "{}"));
    calls.push({ path: String(input), body });
    return answer(String(input), body);
  }));
  vi.spyOn(window.history, "replaceState").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("booking page", () => {
  it("an expired link says so", async () => {
    answer = () => json(400, { errors: { "Error Result": ["InvalidInput"] }, message: "x", fields: { token: "tokenExpired" } });
    renderWithPage(<BookingManage {...block} />, makePage({ query: "token=old" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Länken har gått ut");
  });

  it("changes the time; a time taken meanwhile says so and reloads the times", async () => {
    let moves = 0;
    answer = (path) => {
      if (path.endsWith("/manage")) return json(200, view());
      if (path.endsWith("/days")) return json(200, { days: [{ date: "2026-12-02", times: ["09:00", "09:30"], fullDay: true }, { date: "2026-12-05", times: [], fullDay: false, closed: "closed" }] });
      if (path.endsWith("/move")) {
        moves++;
        if (moves === 1) return json(409, { errors: { "Error Result": ["TimeslotNotAvailable"] }, message: "Tiden är inte tillgänglig, vänligen välj en annan tid" });
        return json(200, view({ timeSlot: "2026-12-02T09:30:00", token: "t3" }));
      }
      return json(500, {});
    };
    const user = userEvent.setup();
    renderWithPage(<BookingManage {...block} />, makePage({ query: "token=t1" }));
    await user.click(await screen.findByRole("button", { name: "Ändra tid" }));
    expect(calls[0].body).toEqual({ token: "t1" });
    const days = await screen.findByRole("list", { name: "Dagar" });
    expect(within(days).getByRole("button", { name: /lör 5 dec\..*Stängt/ })).toBeDisabled();
    await user.click(within(days).getByRole("button", { name: /ons 2 dec\./ }));
    await user.click(screen.getByRole("button", { name: "09:00" }));
    await user.click(screen.getByRole("button", { name: "Bekräfta ny tid" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Tiden är inte tillgänglig, vänligen välj en annan tid");
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith("/days"))).toHaveLength(2));
    await user.click(await screen.findByRole("button", { name: "09:30" }));
    await user.click(screen.getByRole("button", { name: "Bekräfta ny tid" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Tiden är ändrad");
    expect(calls.filter((c) => c.path.endsWith("/move")).map((c) => c.body)).toEqual([
      { token: "t2", timeSlot: "2026-12-02T09:00:00", isFullDay: false },
      { token: "t2", timeSlot: "2026-12-02T09:30:00", isFullDay: false },
    ]);
    expect(screen.getByText(/2 december kl\. 09:30/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Lägg till i kalender" })).toHaveAttribute("href", "/api/bookings/manage/calendar?token=t2");
  });

  it("cancels after asking; a cancelled booking offers no change", async () => {
    answer = (path) => (path.endsWith("/cancel") ? json(200, view({ status: "cancelled", canChange: false })) : json(200, view()));
    const user = userEvent.setup();
    renderWithPage(<BookingManage {...block} />, makePage({ query: "token=t1" }));
    await user.click(await screen.findByRole("button", { name: "Avboka" }));
    await user.click(screen.getByRole("button", { name: "Nej, behåll tiden" }));
    await user.click(screen.getByRole("button", { name: "Avboka" }));
    await user.click(screen.getByRole("button", { name: "Ja, avboka" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Din bokning är avbokad");
    expect(screen.queryByRole("button", { name: "Ändra tid" })).toBeNull();
    expect(calls.filter((c) => c.path.endsWith("/cancel"))).toHaveLength(1);
  });
});
