import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StaffApp } from "./staff-app";

type Call = { url: string; method: string; body: unknown; csrf: string | null };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const me = { account: "verkstad", role: "workshop", departments: ["D-1011"], sites: [], csrf: "tok-1" };

function mockApi(signedIn: boolean) {
  const calls: Call[] = [];
  let session = signedIn;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined, csrf: headers.get("X-CSRF-Token") });
    if (url === "/api/staff/me") return session ? json(200, me) : json(401, { error: { code: "unauthorized", message: "Sign in to continue." } });
    if (url === "/api/staff/login") {
      const b = JSON.parse(String(init?.body)) as { password: string };
      if (b.password !== "forecourt-demo") return json(401, { error: { code: "unauthorized", message: "Wrong name or password." } });
      session = true;
      return json(200, me);
    }
    if (url === "/api/staff/logout") {
      session = false;
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: "not_found", message: "Not found." } });
  });
  return calls;
}

describe("the staff app's shell", () => {
  beforeEach(() => {
    document.documentElement.lang = "sv";
    localStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it("signs in on a wrong and then the right password and goes to the page asked for", async () => {
    window.history.replaceState(null, "", "/staff/leads");
    const calls = mockApi(false);
    const user = userEvent.setup();
    render(<StaffApp />);
    const name = await screen.findByLabelText("Användarnamn");
    await waitFor(() => expect(window.location.search).toBe("?next=%2Fstaff%2Fleads"));
    await user.type(name, "verkstad");
    await user.type(screen.getByLabelText("Lösenord"), "fel");
    await user.click(screen.getByRole("button", { name: "Logga in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Fel användarnamn eller lösenord.");
    expect(name).toHaveAttribute("aria-invalid", "true");
    await user.clear(screen.getByLabelText("Lösenord"));
    await user.type(screen.getByLabelText("Lösenord"), "forecourt-demo{Enter}");
    // A workshop account may not open the leads: the page says so, and
    // the menu does not offer it.
    expect(await screen.findByRole("heading", { name: "Du har inte behörighet" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/staff/leads");
    const nav = screen.getByRole("navigation", { name: "Personalmeny" });
    expect(nav).not.toHaveTextContent("Leads");
    expect(calls.filter((c) => c.url === "/api/staff/login").at(-1)?.body).toEqual({ account: "verkstad", password: "forecourt-demo" });

    // Sign-out sends the session's CSRF token.
    await user.click(screen.getByRole("button", { name: "Logga ut" }));
    await screen.findByRole("heading", { name: "Logga in" });
    expect(calls.find((c) => c.url === "/api/staff/logout")?.csrf).toBe("tok-1");
  });

  it("speaks English on request and keeps the choice", async () => {
    window.history.replaceState(null, "", "/staff/");
    mockApi(true);
    const user = userEvent.setup();
    render(<StaffApp />);
    await screen.findByRole("heading", { name: "Hej verkstad" });
    await user.click(screen.getByRole("button", { name: "English" }));
    expect(await screen.findByRole("heading", { name: "Hello verkstad" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
    expect(localStorage.getItem("fc-staff-lang")).toBe("en");
  });
});
