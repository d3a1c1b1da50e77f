import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { PageProvider } from "../../lib/page-context";
import { pageData } from "../../test-utils";
import { json, mockFormFetch } from "../../lib/form-fetch-mock";
import { SaveSearch } from "./components/save-search";
import { SavedSearches } from "./components/saved-searches";

const dict = {
  alertsButton: "Bevaka sökningen", alertsDialogTitle: "Bevaka sökningen", alertsEmail: "E-postadress", alertsEmailInvalid: "Ange en giltig e-postadress",
  alertsDaily: "Högst en gång om dagen", alertsWeekly: "Högst en gång i veckan", alertsSubmit: "Bevaka", alertsCancel: "Avbryt", alertsClose: "Stäng",
  alertsSent: "Nästan klart! Vi har skickat ett mejl till {email}.", alertsRateLimited: "Försök igen om {minutes} minuter.",
  alertsManageTitle: "Mina bevakningar", alertsConfirmed: "Tack! Din bevakning är startad.", alertsManageIntro: "Bevakningar för {email}",
  alertsDelete: "Ta bort", alertsDeleted: "Bevakningen är borttagen.", alertsLinkExpired: "Länken har gått ut.", pathToCarList: "/bilar",
  alertsFrequency: "Hur ofta vill du få mejl?",
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function renderIn(Block: ComponentType<any>) {
  return render(
    <PageProvider value={{ page: pageData({ dictionary: dict }), navigate: () => {}, navigating: false }}>
      <Block rendering={{ uid: "u1", componentName: "X" }} fields={{}} params={{}} data={null} />
    </PageProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

describe("SaveSearch", () => {
  it("saves the list's address with the address and frequency, after naming a bad address", async () => {
    window.history.replaceState(null, "", "/bilar/volvo?car_fuel=El&sort=car_price_asc");
    const { posts } = mockFormFetch(() => json(202, { status: "pending" }));
    const user = userEvent.setup();
    renderIn(SaveSearch);
    await user.click(screen.getByRole("button", { name: "Bevaka sökningen" }));
    const dialog = await screen.findByRole("dialog", { name: "Bevaka sökningen" });
    const email = within(dialog).getByRole("textbox", { name: /E-postadress/ });
    expect(email).toHaveFocus();
    await user.type(email, "anna@");
    await user.click(within(dialog).getByRole("button", { name: "Bevaka" }));
    expect(await within(dialog).findByText("Ange en giltig e-postadress")).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await user.clear(email);
    await user.type(email, "anna@example.se");
    await user.click(within(dialog).getByRole("radio", { name: "Högst en gång i veckan" }));
    await user.click(within(dialog).getByRole("button", { name: "Bevaka" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Nästan klart! Vi har skickat ett mejl till anna@example.se.");
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe("/api/alerts");
    expect(posts[0].body).toMatchObject({ email: "anna@example.se", frequency: "weekly", path: "/bilar/volvo", query: "?car_fuel=El&sort=car_price_asc", website: "", ticket: "v1.ticket1" });
    await user.click(within(dialog).getByRole("button", { name: "Stäng" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Bevaka sökningen" })).toHaveFocus());
  });

  it("shows the wait of a 429", async () => {
    mockFormFetch(() => json(429, { error: { code: "rate_limited" } }, { "Retry-After": "120" }));
    const user = userEvent.setup();
    renderIn(SaveSearch);
    await user.click(screen.getByRole("button", { name: "Bevaka sökningen" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /E-postadress/ }), "anna@example.se");
    await user.click(within(dialog).getByRole("button", { name: "Bevaka" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Försök igen om 2 minuter.");
  });
});

describe("SavedSearches", () => {
  it("confirms from the link, keeps the manage token in the address and deletes a search", async () => {
    window.history.replaceState(null, "", "/bevakningar?confirm=c1");
    const search = { id: "s1", query: "car_fuel=El", label: "El", frequency: "daily", createdAt: "", confirmedAt: "2026-11-26T10:00:00Z" };
    const calls: { url: string; body: Record<string, string> }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const body = JSON.parse(String(init?.body ?? "{}"));
      calls.push({ url: String(input), body });
      if (String(input).endsWith("/confirm")) return json(200, { status: "confirmed", manageToken: "m1", search });
      if (body.action === "delete") return json(200, { email: "anna@example.se", searches: [] });
      return json(200, { email: "anna@example.se", searches: [search] });
    });
    const user = userEvent.setup();
    renderIn(SavedSearches);
    expect(await screen.findByText("Tack! Din bevakning är startad.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Mina bevakningar" })).toHaveFocus();
    expect(screen.getByRole("heading", { level: 2, name: "El" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Högst en gång om dagen" })).toBeChecked();
    expect(window.location.search).toBe("?token=m1");
    await user.click(screen.getByRole("button", { name: "Ta bort" }));
    expect(await screen.findByText("Bevakningen är borttagen.")).toBeInTheDocument();
    expect(calls.map((c) => c.body.action ?? "confirm")).toEqual(["confirm", "list", "delete"]);
    expect(calls[2].body).toMatchObject({ token: "m1", id: "s1" });
  });

  it("says when a link has expired", async () => {
    window.history.replaceState(null, "", "/bevakningar?unsubscribe=old");
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(400, { error: { code: "invalid", fields: { token: "tokenExpired" } } }));
    renderIn(SavedSearches);
    expect(await screen.findByRole("alert")).toHaveTextContent("Länken har gått ut.");
  });
});
