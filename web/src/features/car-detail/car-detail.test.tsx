import { describe, it, expect, vi, beforeEach, afterEach } from "vitest";
import { mockFormFetch } from "../../lib/form-fetch-mock";
import { render, screen, fireEvent, waitFor, act, cleanup } from "@testing-library/react";
import { LoanCalculator } from "./components/loan-calculator";
import { ContactForm } from "./components/contact-form";
import type { Car, LoanView } from "./types";
import { toggleCompare, readCompareList, clearCompare } from "../../lib/compare-list";
import { translator } from "../../lib/text";

const t = translator({});

const loan: LoanView = {
  title: "Billån", description: "", price: 300000,
  period: { min: 12, max: 72, step: 12, value: 36, hidden: false },
  downPayment: { min: 60000, max: 150000, step: 1000, value: 60000, hidden: false },
  quote: {
    months: 36, down_payment: 60000, monthly_cost: 4310, monthly_cost_text: "4 310 kr", effective_rate_text: "6,57 %", interest_rate_text: "5,95 %",
    total_payable_text: "275 160 kr", down_payment_text: "60 000 kr", disclaimer: "Effektiv ränta 6,57 %.",
    down_payment_slider: { min: 60000, max: 150000, step: 1000, value: 60000, hidden: false },
  },
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("LoanCalculator", () => {
  it("asks Go for a new monthly cost when a slider moves", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify({ ...loan.quote, down_payment: 100000, monthly_cost_text: "2 990 kr" }), { status: 200 }));
    render(<LoanCalculator carId={7} loan={loan} locale="sv-SE" currency="SEK" t={t} />);
    expect(screen.getByText("4 310 kr")).toBeInTheDocument();
    const down = screen.getByRole("slider", { name: "Down payment" });
    expect(down).toHaveAttribute("step", "1000");
    expect(down).toHaveAttribute("max", "150000");
    fireEvent.change(down, { target: { value: "100000" } });
    await waitFor(() => expect(screen.getByText("2 990 kr")).toBeInTheDocument());
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]!.body));
    expect(body).toEqual({ car_id: 7, down_payment: 100000, months: 36 });
    expect(screen.getByRole("slider", { name: "Loan period" })).toHaveAttribute("step", "12");
    expect(screen.getByText("Att låna kostar pengar!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "konsumentverket.se" })).toHaveAttribute("href", "https://www.konsumentverket.se");
  });

  it("hides a slider whose min equals its max and shows no Swedish warning elsewhere", () => {
    const pinned = { ...loan, period: { ...loan.period, min: 36, max: 36, hidden: true } };
    render(<LoanCalculator carId={7} loan={pinned} locale="nb-NO" currency="NOK" t={t} />);
    expect(screen.queryByRole("slider", { name: "Loan period" })).toBeNull();
    expect(screen.getByRole("slider", { name: "Down payment" })).toBeInTheDocument();
    expect(screen.queryByText("Att låna kostar pengar!")).toBeNull();
  });
});

describe("compare list", () => {
  beforeEach(() => clearCompare());
  it("adds the full record, falls back to the card, and removes on a second toggle", async () => {
    const full = { car_id: 1, car_brand: "Volvo", car_model: "XC60", car_price_text: "400 000 kr" };
    await toggleCompare("vehicles_group_se", { car_id: 1 }, async () => full);
    expect(readCompareList()).toEqual([full]);
    await toggleCompare("vehicles_group_se", { car_id: 2, car_brand: "Kia" }, async () => { throw new Error("down"); });
    expect(readCompareList().map((c) => c.car_id)).toEqual([1, 2]);
    expect(readCompareList()[1].car_brand).toBe("Kia");
    expect(JSON.parse(sessionStorage.getItem("compareList")!)).toHaveLength(2);
    await toggleCompare("vehicles_group_se", { car_id: 1 });
    expect(readCompareList().map((c) => c.car_id)).toEqual([2]);
  });
});

describe("ContactForm", () => {
  const car = { car_id: 5, slug: "a", car_brand: "Volvo", car_model: "XC60", car_price: 1 } as Car;
  it("marks bad fields invalidInput and sends nothing", async () => {
    const { posts } = mockFormFetch(() => new Response("{}", { status: 202 }));
    render(<ContactForm car={car} recipient={{ toName: "D", toEmail: "d@x.se" }} t={t} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Anna" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Phone" }), { target: { value: "07-ABC" } });
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail" }), { target: { value: "anna@example" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findAllByText("Please check this field")).toHaveLength(2);
    expect(screen.getByRole("textbox", { name: "Phone" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("textbox", { name: "Name" })).not.toHaveAttribute("aria-invalid");
    expect(posts).toHaveLength(0);
  });

  it("retries three times, then shows carDetailFormError", async () => {
    const { posts } = mockFormFetch(() => new Response("{}", { status: 503 }));
    render(<ContactForm car={car} recipient={{ toName: "D", toEmail: "d@x.se" }} t={t} retryMs={1} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Anna" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Phone" }), { target: { value: "+46 70 123 45 67" } });
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail" }), { target: { value: "anna@example.se" } });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(await screen.findByRole("alert")).toHaveTextContent(/went wrong/);
    expect(posts).toHaveLength(3);
    const ids = posts.map((p) => p.body.formSubmissionId);
    expect(new Set(ids).size).toBe(1);
  });
});
