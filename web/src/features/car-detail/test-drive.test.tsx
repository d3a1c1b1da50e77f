import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PageProvider } from "../../lib/page-context";
import { pageData } from "../../test-utils";
import { TestDriveDialog } from "./components/test-drive-dialog";

const sv: Record<string, string> = {
  carDetailBookTestDrive: "Boka provkörning", testDriveIntro: "{car} hos {dealer}. En provkörning tar {minutes} minuter.",
  testDriveDay: "Dag", testDriveTime: "Tid", testDriveFirstName: "Förnamn", testDriveLastName: "Efternamn", testDrivePhone: "Mobiltelefon",
  testDriveEmail: "E-postadress", testDriveSubmit: "Boka provkörningen", testDriveEmailError: "Ange en giltig e-postadress",
  testDriveDone: "Provkörningen är bokad {when}. Vi har skickat en bekräftelse till {email}.", testDriveManage: "Ändra eller avboka",
  testDriveTaken: "Tiden hann bokas av någon annan. Välj en annan tid.", testDriveClose: "Stäng", testDriveChooseTime: "Välj en tid",
  testDriveGone: "Bilen är såld eller finns inte längre i lager och kan inte provköras.",
};
const car = { car_id: 42, car_brand: "Volvo", car_model: "XC60" };

function renderDialog(onClose: () => void = () => {}) {
  return render(
    <PageProvider value={{ page: pageData({ dictionary: sv }), navigate: () => {}, navigating: false }}>
      <TestDriveDialog car={car} onClose={onClose} />
    </PageProvider>,
  );
}

const days = {
  carId: 42, department: "S-1042", siteName: "Forecourt Bil Uppsala", address: "Kungsgatan 1, 753 21 Uppsala", first: "2026-11-27", last: "2026-12-24", minutes: 45,
  days: [{ date: "2026-11-28", free: 0, closed: "closed" }, { date: "2026-11-30", free: 2 }],
};
const slots = { date: "2026-11-30", slots: [{ time: "09:00", timeSlot: "2026-11-30T09:00:00" }, { time: "09:45", timeSlot: "2026-11-30T09:45:00" }] };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type Call = { url: string; method: string; body?: Record<string, unknown>; key?: string };

function mockApi(book: (c: Call) => Response) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const c: Call = { url: String(input), method: init?.method ?? "GET" };
    if (init?.body) c.body = JSON.parse(String(init.body)) as Record<string, unknown>;
    c.key = (init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"];
    calls.push(c);
    if (c.url.startsWith("/api/testdrive/42/days")) return json(200, days);
    if (c.url.startsWith("/api/testdrive/42/slots")) return json(200, slots);
    if (c.url === "/api/testdrive/42/book") return book(c);
    return json(404, {});
  });
  return calls;
}

/** tabTo presses Tab until el has focus (keyboard only, as a person would). */
async function tabTo(user: ReturnType<typeof userEvent.setup>, el: HTMLElement) {
  for (let i = 0; i < 40 && document.activeElement !== el; i++) await user.tab();
  expect(el).toHaveFocus();
}

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, email: string) {
  const day = await within(dialog).findByRole("radio", { name: /30/ });
  expect(within(dialog).getAllByRole("radio")).toHaveLength(1); // the closed Saturday is not offered
  await tabTo(user, day);
  await user.keyboard(" ");
  // A radio group is one tab stop: Tab to its first time, the arrow key moves to and picks the next.
  await tabTo(user, await within(dialog).findByRole("radio", { name: "09:00" }));
  await user.keyboard("{ArrowRight}");
  expect(within(dialog).getByRole("radio", { name: "09:45" })).toBeChecked();
  for (const [name, value] of [["Förnamn", "Sara"], ["Efternamn", "Berg"], ["Mobiltelefon", "070-765 43 21"], ["E-postadress", email]]) {
    await tabTo(user, within(dialog).getByRole("textbox", { name: new RegExp(name) }));
    await user.keyboard(value);
  }
  await tabTo(user, within(dialog).getByRole("button", { name: "Boka provkörningen" }));
  await user.keyboard("{Enter}");
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("TestDriveDialog", () => {
  it("books a free time by keyboard with a key, after naming a bad address", async () => {
    const calls = mockApi(() => json(200, { id: "BK-7F3K9QX", manageUrl: "/boka-service/hantera?token=v1.x", calendarUrl: "/api/bookings/manage/calendar?token=v1.x" }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderDialog(onClose);
    const dialog = await screen.findByRole("dialog", { name: "Boka provkörning" });
    expect(await within(dialog).findByText(/Volvo XC60 hos Forecourt Bil Uppsala, Kungsgatan 1, 753 21 Uppsala\. En provkörning tar 45 minuter\./)).toBeInTheDocument();
    await fill(user, dialog, "sara@");
    expect(await within(dialog).findByText("Ange en giltig e-postadress")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await tabTo(user, within(dialog).getByRole("textbox", { name: /E-postadress/ }));
    await user.keyboard("{End}example.se"); // Tab selects the field's text: go to its end
    await tabTo(user, within(dialog).getByRole("button", { name: "Boka provkörningen" }));
    await user.keyboard("{Enter}");
    expect(await within(dialog).findByRole("status")).toHaveTextContent(/Provkörningen är bokad .*09:45\. Vi har skickat en bekräftelse till sara@example\.se\./);
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ timeSlot: "2026-11-30T09:45:00", customer: { firstName: "Sara", lastName: "Berg", phone: "070-765 43 21", email: "sara@example.se" }, message: "", language: "sv" });
    expect(posts[0].key).toMatch(/.{8,}/);
    expect(within(dialog).getByRole("link", { name: "Ändra eller avboka" })).toHaveAttribute("href", "/boka-service/hantera?token=v1.x");
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalled();
  });

  it("says a time someone else took is gone and fetches the times again", async () => {
    const calls = mockApi(() => json(409, { errors: { "Error Result": ["TimeslotNotAvailable"] }, message: "Tiden är inte tillgänglig" }));
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole("dialog");
    await fill(user, dialog, "sara@example.se");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Tiden hann bokas av någon annan. Välj en annan tid.");
    await waitFor(() => expect(calls.filter((c) => c.url.includes("/slots?date=2026-11-30"))).toHaveLength(2));
    expect(within(dialog).getByRole("radio", { name: "09:45" })).not.toBeChecked();
  });

  it("tells that a sold car cannot be test driven", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(404, { errors: { "Error Result": ["CarNotAvailable"] }, message: "Bilen är såld" }));
    renderDialog();
    expect(await screen.findByRole("alert")).toHaveTextContent("Bilen är såld eller finns inte längre i lager och kan inte provköras.");
  });
});
