import { describe, it, expect, vi, afterEach } from "vitest";
import { mockFormFetch } from "../../lib/form-fetch-mock";
import { render, screen, fireEvent, cleanup } from "@testing-library/react";
import { FinanceAction } from "./components/finance-action";
import { MESSAGES, validate } from "./api/forms";
import type { FinanceActionData } from "./types";
import type { BlockProps } from "../../app/block-props";

const TODAY = "2026-11-26";

describe("apply form validation", () => {
  const good = { name: "Alice Smith", email: "alice@example.co.uk", phone: "07700 900123", dateOfBirth: "1980-05-01", postcode: "SW1A 1AA", employmentStatus: "employed", annualIncome: "42000" };
  it.each([
    ["valid", {}, {}],
    ["+44 phone and lower-case postcode", { phone: "+44 20 7946 0958", postcode: "m1 1ae" }, {}],
    ["18 today", { dateOfBirth: "2008-11-26" }, {}],
    ["Swedish phone", { phone: "+46 70 123 45 67" }, { phone: MESSAGES.phone }],
    ["under 18", { dateOfBirth: "2008-11-27" }, { dateOfBirth: MESSAGES.dateOfBirth }],
    ["no date of birth", { dateOfBirth: "" }, { dateOfBirth: MESSAGES.dateOfBirth }],
    ["bad postcode", { postcode: "12345" }, { postcode: MESSAGES.postcode }],
    ["no employment, income with decimals", { employmentStatus: "", annualIncome: "1.5" }, { employmentStatus: MESSAGES.employmentStatus, annualIncome: MESSAGES.annualIncome }],
    ["empty name, bad e-mail", { name: " ", email: "alice@" }, { name: MESSAGES.name, email: MESSAGES.email }],
  ])("%s", (_n, mod, want) => {
    expect(validate("apply", { ...good, ...mod }, TODAY)).toEqual(want);
  });
});

describe("reserve form validation", () => {
  const good = { name: "Alice", email: "alice@example.co.uk", phone: "07700900123", collectionDate: TODAY };
  it.each([
    ["today", {}, {}],
    ["in a month", { collectionDate: "2026-12-26" }, {}],
    ["yesterday", { collectionDate: "2026-11-25" }, { collectionDate: MESSAGES.collectionDate }],
    ["not a real day", { collectionDate: "2026-02-30" }, { collectionDate: MESSAGES.collectionDate }],
    ["more than a year ahead", { collectionDate: "2027-11-27" }, { collectionDate: MESSAGES.collectionDate }],
    ["letters in the phone", { phone: "07-ABC" }, { phone: MESSAGES.phone }],
    ["phone too short", { phone: "0770090" }, { phone: MESSAGES.phone }],
  ])("%s", (_n, mod, want) => {
    expect(validate("reserve", { ...good, ...mod }, TODAY)).toEqual(want);
  });
});

describe("part-exchange form validation", () => {
  const good = { registration: "AB12 CDE", mileage: "42000", condition: "good", name: "Alice", email: "alice@example.co.uk", phone: "07700 900123" };
  it.each([
    ["current plate", {}, {}],
    ["prefix plate, lower case, zero miles", { registration: "a123 bcd", mileage: "0" }, {}],
    ["suffix plate", { registration: "ABC 123D" }, {}],
    ["not a plate", { registration: "ABCDEFGH" }, { registration: MESSAGES.registration }],
    ["negative mileage", { mileage: "-5" }, { mileage: MESSAGES.mileage }],
    ["fractional mileage", { mileage: "10.5" }, { mileage: MESSAGES.mileage }],
    ["no condition", { condition: "" }, { condition: MESSAGES.condition }],
  ])("%s", (_n, mod, want) => {
    expect(validate("part-exchange", { ...good, ...mod }, TODAY)).toEqual(want);
  });
});

const data: FinanceActionData = {
  action: "reserve", title: "Reserve this car", found: true, formName: "finance-reserve", quoteRef: "FQTEST", product: "Personal Contract Purchase",
  rows: [{ Key: "CashPrice", Label: "Cash price", DisplayValue: "£20,000.00" }, { Key: "APR", Label: "Representative APR", DisplayValue: "9.3% APR" }],
  legalText: "Personal Contract Purchase – quote reference FQTEST.\n\nFinance is subject to status.",
  car: { id: "42", title: "Used Ford Puma 2024", url: "/cars/42/ford-puma" }, recipient: { toName: "Dealer", toEmail: "sales@dealer.co.uk" }, today: TODAY,
};
const props = { rendering: { uid: "u", componentName: "FinanceAction" }, fields: {}, params: { Action: "reserve" } } as unknown as Omit<BlockProps<FinanceActionData>, "data">;

describe("FinanceAction", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows the summary and legal text, rejects a bad phone, then sends once with the quote", async () => {
    const { posts } = mockFormFetch(() => new Response("{}", { status: 202 }));
    render(<FinanceAction {...props} data={data} />);
    expect(screen.getByRole("rowheader", { name: "Cash price" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "£20,000.00" })).toBeTruthy();
    expect(screen.getByText(/Finance is subject to status/)).toBeTruthy();
    const form = screen.getByRole("form", { name: "Reserve the car" });
    fireEvent.change(screen.getByRole("textbox", { name: "Full name" }), { target: { value: "Alice" } });
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail" }), { target: { value: "alice@example.co.uk" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Phone" }), { target: { value: "12345" } });
    fireEvent.change(screen.getByLabelText("Preferred collection date"), { target: { value: TODAY } });
    fireEvent.submit(form);
    expect(screen.getByText(MESSAGES.phone)).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.change(screen.getByRole("textbox", { name: "Phone" }), { target: { value: "07700 900123" } });
    fireEvent.submit(form);
    await screen.findByRole("status");
    expect(posts).toHaveLength(1);
    const body = posts[0].body as { formName: string; values: unknown; ticket: string; website: string };
    expect(body.ticket).toMatch(/^v1\./);
    expect(body.website).toBe("");
    expect(body.formName).toBe("finance-reserve");
    expect(body.values).toMatchObject({ car: "42", toEmail: "sales@dealer.co.uk", phone: "07700 900123", details: { quoteRef: "FQTEST", collectionDate: TODAY } });
  });

  it("retries a failing server 3 times with the same id, then shows the error", async () => {
    const { posts } = mockFormFetch(() => new Response("", { status: 503 }));
    render(<FinanceAction {...props} data={data} retryMs={1} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Full name" }), { target: { value: "Alice" } });
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail" }), { target: { value: "alice@example.co.uk" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Phone" }), { target: { value: "07700 900123" } });
    fireEvent.change(screen.getByLabelText("Preferred collection date"), { target: { value: TODAY } });
    fireEvent.submit(screen.getByRole("form", { name: "Reserve the car" }));
    await screen.findByRole("alert");
    expect(posts).toHaveLength(3);
    const ids = posts.map((p) => p.body.formSubmissionId);
    expect(new Set(ids).size).toBe(1);
  });

  it("shows the not-found message without a quote", () => {
    render(<FinanceAction {...props} data={{ action: "reserve", title: "Reserve this car", found: false, message: "We could not find that quote. Please get a new quote on the car's page." }} />);
    expect(screen.getByRole("alert").textContent).toContain("We could not find that quote");
    expect(screen.queryByRole("form")).toBeNull();
  });
});
