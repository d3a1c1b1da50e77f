import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PageProvider } from "../../lib/page-context";
import { makePage } from "../../test-utils";
import { ServiceBookingCancel } from "./components/service-booking-cancel";
import { WorkshopList } from "./components/workshop-list";
import { translator } from "../../lib/text";

const t = translator({
  bookingNoSites: "Vi kan ej hitta några anläggningar som passar dig",
  bookingLoadMore: "Hämta fler",
  bookingChooseWorkshop: "Välj",
  bookingSortNearest: "Närmast",
  bookingSortFirstTime: "Första lediga tid",
  bookingWorkshopsHeading: "Verkstäder nära {place}",
});

function site(i: number, first: string | null) {
  return { departmentId: `D-${i}`, siteId: `${i}`, siteName: `Verkstad ${i}`, address: `Gatan ${i}`, latitude: 59, longitude: 17, distanceKm: i, brands: [], firstTimeSlot: first };
}

function stream(messages: unknown[]) {
  return new Response(messages.map((m) => `data: ${JSON.stringify(m)}\n\n`).join(""), { headers: { "Content-Type": "text/event-stream" } });
}

afterEach(() => vi.restoreAllMocks());

describe("workshop list", () => {
  it("streams sites, sorts by first free time and loads more from the last department", async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
      calls.push(String(url));
      if (String(url).includes("cursor=D-5")) return stream([site(6, null), { end: true, more: false }]);
      return stream([...[1, 2, 3, 4, 5].map((i) => site(i, `2026-12-0${6 - i}T07:30:00`)), { end: true, more: true }]);
    });
    const onChoose = vi.fn();
    render(<WorkshopList reg="ABC123" codes={["originalservice", "oilchange"]} lat={59.8} lng={17.6} place="Uppsala" onChoose={onChoose} t={t} />);
    await screen.findByRole("button", { name: "Välj Verkstad 5" });
    expect(calls[0]).toContain("serviceOfferings=originalservice%2Coilchange");
    expect(calls[0]).toContain("limit=5");
    const names = () => screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent);
    expect(names()).toEqual(["Verkstad 1", "Verkstad 2", "Verkstad 3", "Verkstad 4", "Verkstad 5"]);
    await user.click(screen.getByRole("radio", { name: "Första lediga tid" }));
    expect(names()).toEqual(["Verkstad 5", "Verkstad 4", "Verkstad 3", "Verkstad 2", "Verkstad 1"]);
    await user.click(screen.getByRole("button", { name: "Hämta fler" }));
    await screen.findByRole("button", { name: "Välj Verkstad 6" });
    expect(calls[1]).toContain("cursor=D-5");
    await waitFor(() => expect(screen.getByRole("button", { name: "Hämta fler" })).toBeDisabled());
    await user.click(screen.getByRole("button", { name: "Välj Verkstad 6" }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ departmentId: "D-6" }));
  });

  it("says so when nothing fits, and on a stream error", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => stream([{ nosites: true }, { end: true, more: false }]));
    const { unmount } = render(<WorkshopList reg="ABC123" codes={["x"]} lat={59.8} lng={17.6} place="Uppsala" onChoose={() => {}} t={t} />);
    expect(await screen.findByText("Vi kan ej hitta några anläggningar som passar dig")).toBeInTheDocument();
    unmount();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => stream([{ error: "boom" }, { end: true, more: false }]));
    render(<WorkshopList reg="ABC123" codes={["x"]} lat={59.8} lng={17.6} place="Uppsala" onChoose={() => {}} t={t} />);
    expect(await screen.findByText("Vi kan ej hitta några anläggningar som passar dig")).toBeInTheDocument();
  });
});

describe("cancel page", () => {
  it("shows the booking and cancels it", async () => {
    const user = userEvent.setup();
    const booking = {
      id: "BK-7F3K9Q",
      status: "booked",
      registrationNumber: "ABC123",
      timeSlot: "2026-12-01T10:00:00",
      isFullDay: false,
      siteName: "Forecourt Bil Uppsala",
      address: "Bolandsgatan 12, 753 23 Uppsala",
      latitude: 59.85,
      longitude: 17.67,
      services: [{ code: "originalservice", name: "Service enligt serviceintervall" }],
      customer: { firstName: "Anna", lastName: "Berg" },
    };
    const calls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      calls.push(`${init?.method ?? "GET"} ${url}`);
      return new Response(JSON.stringify(init?.method === "POST" ? { ...booking, status: "cancelled" } : booking), { headers: { "Content-Type": "application/json" } });
    });
    render(
      <PageProvider value={{ page: makePage({ query: "?id=BK-7F3K9Q&token=abc" }), navigate: () => {}, navigating: false }}>
        <ServiceBookingCancel rendering={{ uid: "c", componentName: "ServiceBookingCancel", params: {}, fields: {} }} fields={{}} params={{}} data={null} />
      </PageProvider>,
    );
    expect(await screen.findByText("BK-7F3K9Q")).toBeInTheDocument();
    expect(screen.getByText("tisdag 1 december kl. 10:00")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Avboka tiden" }));
    expect(await screen.findByText("Din bokning är avbokad. Välkommen att boka en ny tid.")).toBeInTheDocument();
    expect(calls).toEqual(["GET /api/mechmate/bookings/BK-7F3K9Q?token=abc", "POST /api/mechmate/bookings/BK-7F3K9Q/cancel?token=abc"]);
  });
});
