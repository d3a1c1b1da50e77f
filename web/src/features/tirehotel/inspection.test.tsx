import fs from "node:fs";
import path from "node:path";
import { describe, it, expect, vi, beforeEach, afterEach } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderWithPage, makePage } from "../../test-utils";
import { LoggedInPage } from "./components/logged-in-page";
import type { Validated } from "./types";

function dictionary(): Record<string, string> {
  const text = fs.readFileSync(path.resolve(process.cwd(), "../content/group-se/dictionary-tirehotel.yaml"), "utf8");
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/^ {2}(\w+): "(.*)"$/gm)) out[m[1]] = m[2];
  return out;
}

const tyre = (pos: string, depth: number, id: number, msg: string) => ({
  equipmentPosition: pos,
  wheel: { name: "Nokian Hakkapeliitta 10", rimDiameter: 17, sectionWidth: 225, aspectRatio: 50, threadPattern: "Vinter dubb", threadDepth: depth, threadStatusId: id, threadStatusMessage: msg },
});

const validated = (inspected: boolean): Validated => ({
  status: 0,
  vehicles: [{
    regNo: "XYZ789", brandCode: "VO", brand: "Volvo", model: "V60", name: "Volvo V60", productId: "TH-STD", packageLevel: "Däckhotell Plus",
    location: { erpId: "D-1001", locationName: "Forecourt Bil Uppsala", departmentName: "Verkstad", phone: "018-12 34 50", email: "service.uppsala@example.com" },
    tires: [tyre("VF", 6.5, 2, "Byt inom kort"), tyre("HF", 6.4, 2, "Byt inom kort"), tyre("VB", 3.9, 2, "Byt inom kort"), tyre("HB", 4, 2, "Byt inom kort")],
    ...(inspected ? { lastInspection: { date: "2026-11-26", status: "replace_soon" as const, text: "Byt inom kort", note: "Bakdäcken räcker en säsong till" } } : {}),
  }],
});

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify([]), { status: 200, headers: { "Content-Type": "application/json" } })));
});
afterEach(() => vi.unstubAllGlobals());

describe("the workshop's inspection in the portal", () => {
  it("shows when the workshop checked the tyres, the status, the note and the measured depths", async () => {
    renderWithPage(<LoggedInPage validated={validated(true)} onBook={() => {}} onOtherCar={() => {}} />, makePage({ dictionary: dictionary(), path: "/dackhotell" }));
    const tyres = screen.getByRole("region", { name: "Dina förvarade däck" });
    expect(within(tyres).getByText(/Verkstaden kontrollerade däcken .*26 november 2026:/)).toBeTruthy();
    expect(within(tyres).getByText("Verkstadens kommentar: Bakdäcken räcker en säsong till")).toBeTruthy();
    expect(within(tyres).getByText("3,9 mm")).toBeTruthy();
    expect(within(tyres).getAllByText("Byt inom kort")[0].className).toContain("fc-th-status--soon");
  });

  it("says nothing about an inspection before the first", () => {
    renderWithPage(<LoggedInPage validated={validated(false)} onBook={() => {}} onOtherCar={() => {}} />, makePage({ dictionary: dictionary(), path: "/dackhotell" }));
    expect(screen.queryByText(/Verkstaden kontrollerade/)).toBeNull();
  });
});
