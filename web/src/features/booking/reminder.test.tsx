// The reminder opt-in and the prefill from a reminder mail's link.
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PageProvider } from "../../lib/page-context";
import { makePage } from "../../test-utils";
import { BookingFlow } from "./components/booking-flow";
import { ContactForm } from "./components/contact-form";
import { bookingRequest } from "./components/step-workshop";
import { readPrefill } from "./hooks/use-url-prefill";
import { bookingReducer, initialStore } from "./store";
import type { BookingStore, Car } from "./types";
import { translator } from "../../lib/text";

const dictionary: Record<string, string> = {};
for (const line of readFileSync(path.resolve(__dirname, "../../../../content/group-se/dictionary-booking.yaml"), "utf8").split("\n")) {
  const m = /^  (\w+): "(.*)"$/.exec(line);
  if (m) dictionary[m[1]] = m[2];
}
const t = translator(dictionary);

const car: Car = { registrationNumber: "ABC123", brand: "Volvo", model: "XC60", buildYear: 2019, hasServiceAgreement: false };
const uppsala = { placeId: "se-2666199", name: "Uppsala", region: "Uppsala län", latitude: 59.85882, longitude: 17.63889 };

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("reminder checkbox", () => {
  it("is unticked by default, labelled in Swedish, and ticks", async () => {
    const user = userEvent.setup();
    const seen: boolean[] = [];
    function Form() {
      const [on, setOn] = useState(false);
      return (
        <ContactForm
          values={{ firstName: "", lastName: "", phone: "", email: "", freeText: "" }}
          onChange={() => {}}
          reminder={on}
          onReminder={(v) => {
            seen.push(v);
            setOn(v);
          }}
          onBook={() => {}}
          canBook
          busy={false}
          error=""
          t={t}
        />
      );
    }
    render(<Form />);
    const box = screen.getByRole("checkbox", { name: "Påminn mig när det är dags för nästa service" });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByText("Påminn mig när det är dags för nästa service"));
    expect(box).not.toBeChecked();
    expect(seen).toEqual([true, false]);
  });

  it("sends reminder: true only when ticked", () => {
    let s: BookingStore = { ...initialStore(), car, bookingInfo: { departmentId: "D-1042", siteName: "X", address: "", latitude: 0, longitude: 0, time: "2026-11-30T10:00", isFullDay: false } as BookingStore["bookingInfo"] };
    expect(bookingRequest(s)).not.toHaveProperty("reminder");
    s = bookingReducer(s, { type: "reminder", on: true });
    expect(bookingRequest(s)?.reminder).toBe(true);
  });
});

describe("prefill from the link", () => {
  it("reads the plate and place like typed input", () => {
    expect(readPrefill("?regnr=abc123&plats=Uppsala")).toEqual({ plate: "ABC123", place: "Uppsala" });
    expect(readPrefill("?regnr=ABC%20123")).toEqual({ plate: "ABC123", place: "" });
    expect(readPrefill("?plats=%20G%C3%B6teborg%20")).toEqual({ plate: "", place: "Göteborg" });
    expect(readPrefill("?regnr=ABC1234567&plats=")).toBeNull(); // longer than the field takes
    expect(readPrefill("?regnr=<script>")).toBeNull();
    expect(readPrefill(`?plats=${"x".repeat(65)}`)).toBeNull();
    expect(readPrefill("")).toBeNull();
  });

  it("opens the flow with the plate and the place filled in, and drops them from the address", async () => {
    const urls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      urls.push(String(input));
      return jsonResponse({ places: [{ ...uppsala, name: "Uppsala" }, { ...uppsala, placeId: "se-2", name: "Uppsala-Näs" }] });
    });
    // A stored flow further on is replaced: the link says which car.
    const stored: BookingStore = { ...initialStore(), plate: "XYZ999", car: { ...car, registrationNumber: "XYZ999" }, bookingState: 3, displayState: 3 };
    sessionStorage.setItem("serviceBooking", JSON.stringify(stored));
    window.history.replaceState(null, "", "/boka-service?regnr=abc123&plats=uppsala");
    render(
      <PageProvider value={{ page: makePage({ dictionary }), navigate: () => {}, navigating: false }}>
        <BookingFlow />
      </PageProvider>,
    );
    const plate = await screen.findByRole("textbox", { name: "Registreringsnummer" });
    await waitFor(() => expect(plate).toHaveValue("ABC123"));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Ort eller plats" })).toHaveValue("Uppsala"));
    expect(screen.getByRole("button", { name: "Fortsätt" })).toBeEnabled();
    expect(urls[0]).toBe("/api/places?q=uppsala&limit=8");
    expect(window.location.search).toBe("");
  });

  it("an unknown place is left for the visitor to choose", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => jsonResponse({ places: [] }));
    window.history.replaceState(null, "", "/boka-service?regnr=ABC123&plats=Atlantis");
    render(
      <PageProvider value={{ page: makePage({ dictionary }), navigate: () => {}, navigating: false }}>
        <BookingFlow />
      </PageProvider>,
    );
    const plate = await screen.findByRole("textbox", { name: "Registreringsnummer" });
    await waitFor(() => expect(plate).toHaveValue("ABC123"));
    expect(screen.getByRole("combobox", { name: "Ort eller plats" })).toHaveValue("");
    expect(screen.getByRole("button", { name: "Fortsätt" })).toBeDisabled();
  });
});
