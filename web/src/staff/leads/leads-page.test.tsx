import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StaffApp } from "../shell/staff-app";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const lead = {
  id: "L7",
  site: "group-se",
  dealer: { id: "group-se/stockholm-kungsholmen", name: "Forecourt Bil Stockholm Kungsholmen" },
  form: "carDetailContact",
  kind: "car",
  car: { id: 77, title: "Volvo XC60 2022", regno: "ABC123" },
  customer: { name: "Karin Lindqvist", email: "karin@example.se", phone: "+46703124567" },
  message: "Finns bilen kvar?",
  values: { name: "Karin Lindqvist", testDrive: true },
  status: "new",
  assignee: "",
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  updatedAt: null,
  notes: [],
};

describe("the leads inbox", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the seller's leads and marks one contacted with a note", async () => {
    document.documentElement.lang = "sv";
    localStorage.clear();
    window.history.replaceState(null, "", "/staff/leads");
    const patches: { body: unknown; csrf: string | null }[] = [];
    let current = { ...lead };
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === "/api/staff/me") return json(200, { account: "saljare", role: "sales", departments: [], sites: ["group-se/stockholm-kungsholmen"], csrf: "tok-9" });
      if (url.startsWith("/api/staff/leads?")) return json(200, { leads: [current], total: 1, limit: 50, offset: 0, sites: [{ id: "group-se/stockholm-kungsholmen", name: "Forecourt Bil Stockholm Kungsholmen" }] });
      if (url === "/api/staff/leads/L7" && (init?.method ?? "GET") === "GET") return json(200, current);
      if (url === "/api/staff/leads/L7" && init?.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as { status: string; note: string; assignee: string };
        patches.push({ body, csrf: new Headers(init.headers).get("X-CSRF-Token") });
        current = { ...current, status: body.status, assignee: body.assignee, notes: [{ id: 1, account: "saljare", body: body.note, createdAt: new Date().toISOString() }] } as typeof lead;
        return json(200, current);
      }
      return json(404, { error: { code: "not_found", message: "Not found." } });
    });
    const user = userEvent.setup();
    render(<StaffApp />);
    // The page is a lazy chunk: on a loaded machine it can take a moment.
    await screen.findByText("1 lead", {}, { timeout: 15_000 });
    expect(screen.getByRole("link", { name: "Ladda ner CSV" })).toHaveAttribute("href", "/api/staff/leads.csv");
    await user.click(screen.getByRole("link", { name: "Öppna lead från Karin Lindqvist" }));
    const panel = await screen.findByRole("complementary");
    expect(within(panel).getByText("Volvo XC60 2022, ABC123")).toBeInTheDocument();
    await user.click(within(panel).getByRole("radio", { name: "Kontaktad" }));
    await user.type(within(panel).getByLabelText("Anteckning"), "Ringde, provkörning lördag.");
    await user.click(within(panel).getByRole("button", { name: "Spara" }));
    expect(await within(panel).findByText("Sparat.")).toBeInTheDocument();
    expect(patches).toEqual([{ body: { status: "contacted", note: "Ringde, provkörning lördag.", assignee: "saljare" }, csrf: "tok-9" }]);
    expect(within(panel).getByText("Ringde, provkörning lördag.")).toBeInTheDocument();
    const row = screen.getByRole("row", { name: /Karin Lindqvist/ });
    expect(within(row).getByText("Kontaktad")).toBeInTheDocument();
  });
});
