import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LangProvider } from "../shell/i18n";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TirehotelPage } from "./components/tirehotel-page";
import type { Agreement } from "./types";

const agreement: Agreement = {
  id: "TH-77",
  regno: "DCK456",
  department: { id: "D-1011", name: "Bilverkstan Norrtälje" },
  customer: { name: "Per Holm", phone: "070-555 12 34" },
  tyres: [
    { position: "FL", brand: "Nokian", model: "Hakkapeliitta R5", dimension: "205/55 R16", season: "winter", treadMm: 6.5 },
    { position: "FR", brand: "Nokian", model: "Hakkapeliitta R5", dimension: "205/55 R16", season: "winter", treadMm: 6.4 },
    { position: "RL", brand: "Nokian", model: "Hakkapeliitta R5", dimension: "205/55 R16", season: "winter", treadMm: 3.6 },
    { position: "RR", brand: "Nokian", model: "Hakkapeliitta R5", dimension: "205/55 R16", season: "winter", treadMm: 5.9 },
  ],
  status: "stored",
  inspections: [],
};

function stub(posted: unknown[]) {
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    if (url.pathname === "/api/staff/tirehotel") {
      if (url.searchParams.get("regno") !== "DCK456") return new Response(JSON.stringify({ error: { code: "not_found", message: "no agreement" } }), { status: 404 });
      return new Response(JSON.stringify({ agreement }), { status: 200 });
    }
    if (url.pathname === "/api/staff/tirehotel/TH-77/inspection" && init.method === "POST") {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      return new Response(JSON.stringify({ id: "I-1", at: "2026-11-26T10:00:00", by: "verkstad", ...body }), { status: 201 });
    }
    return new Response("{}", { status: 404 });
  });
}

beforeEach(() => {
  document.documentElement.lang = "sv";
  window.history.replaceState(null, "", "/staff/tirehotel");
});
afterEach(() => vi.unstubAllGlobals());

describe("TirehotelPage", () => {
  it("finds an agreement by plate, shows its tyres and records a check", async () => {
    const posted: unknown[] = [];
    stub(posted);
    const user = userEvent.setup();
    render(<LangProvider><TirehotelPage /></LangProvider>);
    const plate = screen.getByRole("textbox", { name: "Registreringsnummer" });
    await user.type(plate, "xyz 999{Enter}");
    expect(await screen.findByText("Inget däckhotellsavtal för XYZ999 i dina verkstäder.", undefined, { timeout: 10_000 })).toBeInTheDocument();

    await user.clear(plate);
    await user.type(plate, "dck 456{Enter}");
    const tyres = await screen.findByRole("table", { name: "Däck" }, { timeout: 10_000 });
    expect(within(tyres).getByRole("row", { name: /Vänster bak .*3,6 mm/ })).toBeInTheDocument();
    expect(window.location.search).toBe("?regno=DCK456");

    // The verdict is suggested from the smallest depth (3.6 mm: replace soon).
    expect(screen.getByRole("radio", { name: "Byt snart" })).toBeChecked();
    const rl = screen.getByRole("textbox", { name: "Mönsterdjup vänster bak (mm)" });
    // An emptied depth is refused (the field itself keeps a typed depth within 0–20).
    await user.clear(rl);
    await user.click(screen.getByRole("button", { name: "Spara kontrollen" }));
    expect(await screen.findByText("Ange 0–20 mm.", undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(rl);
    await user.type(rl, "5,8");
    await user.tab();
    expect(screen.getByRole("radio", { name: "Bra" })).toBeChecked();
    await user.type(screen.getByRole("textbox", { name: "Anteckning till kunden" }), "Bra däck, skiftade till vinter.");
    await user.click(screen.getByRole("button", { name: "Spara kontrollen" }));
    await screen.findByText(/Kontrollen är sparad/, undefined, { timeout: 10_000 });
    expect(posted).toEqual([{ treadMm: { FL: 6.5, FR: 6.4, RL: 5.8, RR: 5.9 }, status: "ok", note: "Bra däck, skiftade till vinter." }]);
    const history = screen.getByRole("region", { name: "Tidigare kontroller" });
    expect(within(history).getByText(/av verkstad/)).toBeInTheDocument();
    expect(within(tyres).getByRole("row", { name: /Vänster bak .*5,8 mm/ })).toBeInTheDocument();
  });

  it("says what is wrong with a plate before asking", async () => {
    stub([]);
    const user = userEvent.setup();
    render(<LangProvider><TirehotelPage /></LangProvider>);
    await user.click(screen.getByRole("button", { name: "Sök" }));
    expect(await screen.findByText("Skriv ett registreringsnummer.", undefined, { timeout: 10_000 })).toBeInTheDocument();
  });
});
