import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { PageProvider } from "../../lib/page-context";
import { f, pageData } from "../../test-utils";
import { json, mockFormFetch } from "../../lib/form-fetch-mock";
import type { PageData } from "../../lib/types";
import { SellCarForm } from "./components/sell-car-form";
import { valuationInput } from "./api/valuation";
import { ServiceRequestForm } from "./components/service-request-form";
import { FormBuilder } from "./components/form-builder";
import { MarketingForm } from "./components/marketing-form";
import type { ServiceRequestData } from "./api/service-request";
import { getLocalTimeZone, today } from "@internationalized/date";
import type { FormDefinition } from "./api/form-builder";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function renderIn(Block: ComponentType<any>, props: Record<string, unknown>, page: Partial<PageData> = {}) {
  const p = pageData(page);
  return render(
    <PageProvider value={{ page: p, navigate: () => {}, navigating: false }}>
      <Block rendering={{ uid: "u1", componentName: "X" }} fields={{}} params={{}} data={null} {...props} />
    </PageProvider>,
  );
}

const nb = (dictionary: Record<string, string> = {}): Partial<PageData> => ({
  sitecore: { context: { pageEditing: false, site: { name: "group-no" }, language: "nb", itemPath: "/bestill-service" }, route: null },
  site: { name: "group-no", kind: "group", language: "nb", defaultLanguage: "nb", locale: "nb-NO", currency: "NOK", languages: [], homePath: "/", isUK: false, isCarStore: false, country: "NO" },
  dictionary,
});

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const type = (name: string | RegExp, value: string) => fireEvent.change(screen.getByRole("textbox", { name }), { target: { value } });

describe("SellCarForm", () => {
  const dict = { sellCarRegno: "Registreringsnummer", sellCarMilage: "Miltal", formName: "Namn", formPhone: "Telefon", formEmail: "E-post", sellCarSubmit: "Skicka", sellCarOption_sell: "Sälja", sellCarOption_tradeIn: "Byta in", sellCarSuccess: "Tack!", sellCarError: "Något gick fel", sellCarError_milage: "Ange miltal", sellCarError_customerPhone: "Ange ett giltigt telefonnummer", formRateLimited: "Försök igen om {minutes} minuter.", mileageUnit: "mil" };
  const fill = () => {
    type("Registreringsnummer", "abc 123");
    type("Miltal (mil)", "12 500");
    type("Namn", "Anna Andersson");
    type("Telefon", "070 123 45 67");
    type("E-post", "anna@example.se");
  };

  it("has sell chosen by default and marks bad fields without sending", async () => {
    const { posts } = mockFormFetch(() => json(202, {}));
    renderIn(SellCarForm, {}, { dictionary: dict });
    expect(screen.getByRole("radio", { name: "Sälja" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Byta in" })).not.toBeChecked();
    type("Telefon", "07-ABC");
    fireEvent.click(screen.getByRole("button", { name: "Skicka" }));
    expect(await screen.findByText("Ange miltal")).toBeInTheDocument();
    expect(screen.getByText("Ange ett giltigt telefonnummer")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Telefon" })).toHaveAttribute("aria-invalid", "true");
    expect(posts).toHaveLength(0);
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "form_interaction", form_name: "sellCar", action: "invalid" }));
  });

  it("posts sellCar with ticket and honeypot, shows success on 202, pushes the lead and resets", async () => {
    const { posts } = mockFormFetch(() => json(202, { status: "accepted" }));
    renderIn(SellCarForm, { resetMs: 30 }, { dictionary: dict });
    fill();
    fireEvent.click(screen.getByRole("radio", { name: "Byta in" }));
    fireEvent.click(screen.getByRole("button", { name: "Skicka" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Tack!");
    // The plate and mileage may also have been valued (POST /api/valuation).
    const leadPosts = posts.filter((p) => p.url === "/api/forms/comhub");
    expect(leadPosts).toHaveLength(1);
    expect(leadPosts[0].body).toMatchObject({
      formName: "sellCar", website: "", ticket: "v1.ticket1",
      values: { regno: "ABC123", milage: 12500, customerName: "Anna Andersson", customerPhone: "070 123 45 67", customerEmail: "anna@example.se", option: "tradeIn", other: "" },
    });
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "lead", form_name: "sellCar", lead_type: "trade_in" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Namn" })).toHaveValue(""));
    expect(screen.getByRole("radio", { name: "Sälja" })).toBeChecked();
    // The reset clears the fields, never the thank-you.
    expect(screen.getByRole("status")).toHaveTextContent("Tack!");
  });

  it("shows the server's field errors and the 429 wait", async () => {
    let n = 0;
    mockFormFetch(() => (++n === 1
      ? json(400, { error: { code: "invalid", message: "x", fields: { "values.customerPhone": "invalidInput" } } })
      : json(429, { error: { code: "rate_limited", message: "Too many" } }, { "Retry-After": "540" })));
    renderIn(SellCarForm, {}, { dictionary: dict });
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Skicka" }));
    expect(await screen.findByText("Ange ett giltigt telefonnummer")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Skicka" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Försök igen om 9 minuter.");
  });

  it("shows the error label when the server keeps failing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { posts } = mockFormFetch(() => json(503, {}));
    renderIn(SellCarForm, { retryMs: 1 }, { dictionary: dict });
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Skicka" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Något gick fel");
    expect(posts.filter((p) => p.url === "/api/forms/comhub")).toHaveLength(3);
  });
});

describe("ServiceRequestForm", () => {
  const CAR = ["Service", "Vinterklar-bil", "EU-kontroll", "Hjulskift", "Service eldre biler (5+)", "Reparasjon", "Lakk/karosseri", "Steinsprut/Ruteskift", "Aircondition service", "Bilskade", "Annet"];
  const data: ServiceRequestData = {
    dealers: [{ siteId: "11", name: "Forecourt Bil Bergen", city: "Bergen" }, { siteId: "12", name: "Forecourt Bil Oslo Alnabru", city: "Oslo" }],
    motorbikeDealer: { name: "Forecourt MC Lillestrøm", city: "Lillestrøm" },
    carServices: CAR, motorbikeServices: ["Bestille service", "Bestille deler", "Annet"], today: "2026-11-26", lastDate: "2027-11-26",
  };

  it("offers the 11 car services and the dealers, and the motorbike dealer's 3 types", () => {
    renderIn(ServiceRequestForm, { data }, nb());
    const services = screen.getByRole("group", { name: "Hva ønsker du hjelp med?" });
    expect(within(services).getAllByRole("checkbox")).toHaveLength(11);
    expect(screen.getByRole("combobox", { name: "Nærmeste forhandler" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("radio", { name: "Motorsykkel" }));
    expect(within(screen.getByRole("group", { name: "Hva ønsker du hjelp med?" })).getAllByRole("checkbox")).toHaveLength(3);
    expect(screen.queryByRole("combobox", { name: /Nærmeste forhandler/ })).toBeNull();
    expect(screen.getByText("Forecourt MC Lillestrøm, Lillestrøm")).toBeInTheDocument();
  });

  it("requires dealer, date, regno, contact and consent; then posts serviceRequestNo and thanks", async () => {
    const user = userEvent.setup();
    const { posts } = mockFormFetch(() => json(202, {}));
    renderIn(ServiceRequestForm, { data, resetMs: 30 }, nb({
      serviceRequestError_gdpr: "Du må samtykke for at vi kan behandle henvendelsen", serviceRequestError_siteId: "Velg nærmeste forhandler",
      serviceRequestError_desiredDate: "Velg en dato fra og med i dag",
    }));
    await user.click(screen.getByRole("button", { name: "Send forespørsel" }));
    expect(await screen.findByText("Du må samtykke for at vi kan behandle henvendelsen")).toBeInTheDocument();
    expect(screen.getByText("Velg nærmeste forhandler")).toBeInTheDocument();
    expect(screen.getByText("Velg en dato fra og med i dag")).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.click(screen.getByRole("checkbox", { name: "EU-kontroll" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Nærmeste forhandler" }), "12");
    const [day] = screen.getAllByRole("spinbutton");
    await user.click(day);
    await user.keyboard("15012027");
    type("Registreringsnummer", "ab 12345");
    type("Navn", "Ola Nordmann");
    type("Telefon", "+47 912 34 567");
    type("E-post", "ola@example.no");
    fireEvent.change(screen.getByRole("spinbutton", { name: "Kilometerstand" }), { target: { value: "84000" } });
    await user.click(screen.getByRole("checkbox", { name: /Jeg samtykker/ }));
    await user.click(screen.getByRole("button", { name: "Send forespørsel" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Takk for din henvendelse!");
    expect(posts[0].body).toMatchObject({
      formName: "serviceRequestNo",
      values: { typeCar: "car", siteId: "12", services: ["EU-kontroll"], desiredDate: "2027-01-15", regno: "AB12345", milage: 84000, gdpr: true, newsletter: false },
    });
    // The reset clears the fields, never the thank-you: it stays until the visitor leaves.
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Navn" })).toHaveValue(""));
    expect(screen.getByRole("status")).toHaveTextContent("Takk for din henvendelse!");
  });

  it("shows the Norwegian failure text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFormFetch(() => json(400, { error: { code: "invalid", message: "The form body is not valid JSON." } }));
    const user = userEvent.setup();
    renderIn(ServiceRequestForm, { data }, nb());
    fireEvent.click(screen.getByRole("radio", { name: "Motorsykkel" }));
    const [day] = screen.getAllByRole("spinbutton");
    await user.click(day);
    await user.keyboard("15012027");
    type("Registreringsnummer", "MC1234");
    type("Navn", "Kari");
    type("Telefon", "91234567");
    type("E-post", "kari@example.no");
    await user.click(screen.getByRole("checkbox", { name: /Jeg samtykker/ }));
    await user.click(screen.getByRole("button", { name: "Send forespørsel" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Noe gikk galt, vennligst prøv igjen senere.");
  });

  it("the calendar blocks the days before today", async () => {
    const now = today(getLocalTimeZone());
    const user = userEvent.setup();
    renderIn(ServiceRequestForm, { data: { ...data, today: now.toString() } }, nb());
    await user.click(screen.getByRole("button", { name: /Velg dato i kalenderen/ }));
    const grid = await screen.findByRole("grid");
    const cells = within(grid).getAllByRole("button").filter((b) => !b.hasAttribute("data-outside-month"));
    const cell = (day: number) => cells.find((b) => b.textContent === String(day))!;
    expect(cell(now.day)).not.toHaveAttribute("aria-disabled");
    if (now.day > 1) expect(cell(now.day - 1)).toHaveAttribute("aria-disabled", "true");
    expect(grid.closest("[role='dialog']")).not.toBeNull();
  });
});

describe("FormBuilder", () => {
  const def: FormDefinition & { today: string } = {
    id: "provkorningskvall", title: "Provkörningskväll för elbilar", intro: "Anmäl dig här.", submitLabel: "Skicka anmälan",
    thankYou: "Tack för din anmälan!", errorText: "Något gick fel, försök igen.", today: "2026-11-26",
    fields: [
      { name: "firstName", type: "text", label: "Förnamn", required: true, maxLength: 100 },
      { name: "email", type: "email", label: "E-post", required: true },
      { name: "people", type: "number", label: "Antal personer", required: true, min: 1, max: 4 },
      { name: "model", type: "select", label: "Modell", required: true, options: [{ value: "ex30", label: "Volvo EX30" }, { value: "id4", label: "Volkswagen ID.4" }] },
      { name: "postcode", type: "text", label: "Postnummer", pattern: "[0-9]{3} ?[0-9]{2}" },
      { name: "comment", type: "textarea", label: "Övrigt", maxLength: 1000 },
      { name: "consent", type: "checkbox", label: "Jag godkänner villkoren", required: true },
    ],
  };
  const dict = { formBuilderError_number: "Ange ett giltigt antal", formBuilderError_checkbox: "Du behöver kryssa i rutan", formBuilderError_text: "Fyll i fältet" };

  it("renders the definition and checks it with the server's rules", async () => {
    const { posts } = mockFormFetch(() => json(200, {}));
    renderIn(FormBuilder, { data: def }, { dictionary: dict });
    expect(screen.getByRole("heading", { name: "Provkörningskväll för elbilar" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Modell" })).toBeInTheDocument();
    type("Förnamn", "Anna");
    type("E-post", "anna@example.se");
    fireEvent.change(screen.getByRole("spinbutton", { name: "Antal personer" }), { target: { value: "7" } });
    type("Postnummer", "1234");
    fireEvent.click(screen.getByRole("button", { name: "Skicka anmälan" }));
    expect(await screen.findByText("Ange ett giltigt antal")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Postnummer" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Du behöver kryssa i rutan")).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it("posts answers to /api/jotform and shows the thank-you text", async () => {
    const { posts } = mockFormFetch(() => json(200, { content: { id: "x", answers: {} } }));
    renderIn(FormBuilder, { data: def }, { dictionary: dict });
    type("Förnamn", "Anna");
    type("E-post", "anna@example.se");
    fireEvent.change(screen.getByRole("spinbutton", { name: "Antal personer" }), { target: { value: "2" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Modell" }), { target: { value: "ex30" } });
    type("Postnummer", "123 45");
    fireEvent.click(screen.getByRole("checkbox", { name: /Jag godkänner/ }));
    fireEvent.click(screen.getByRole("button", { name: "Skicka anmälan" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Tack för din anmälan!");
    expect(posts[0].url).toBe("/api/jotform");
    expect(posts[0].body).toMatchObject({ formId: "provkorningskvall", website: "", answers: { firstName: "Anna", email: "anna@example.se", people: 2, model: "ex30", postcode: "123 45", consent: true } });
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "lead", form_id: "provkorningskvall" }));
  });

  it("logs a failure as FORM_SUBMISSION_FAILED_JOTFORM and shows the error text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFormFetch(() => json(404, { error: { code: "not_found", message: "no form" } }));
    renderIn(FormBuilder, { data: { ...def, fields: [def.fields[0]] } }, { dictionary: dict });
    type("Förnamn", "Anna");
    fireEvent.click(screen.getByRole("button", { name: "Skicka anmälan" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Något gick fel, försök igen.");
    expect(log.mock.calls[0][0]).toBe("FORM_SUBMISSION_FAILED_JOTFORM");
  });

  it("says so when the form is unknown", () => {
    renderIn(FormBuilder, { data: null }, { dictionary: { formBuilderMissing: "Formuläret är inte tillgängligt just nu." } });
    expect(screen.getByRole("alert")).toHaveTextContent("Formuläret är inte tillgängligt just nu.");
  });
});

describe("MarketingForm", () => {
  const data = { scriptUrl: "http://127.0.0.1:9/forms.js", region: "eu1", portalId: "123", formId: "abc-1", configured: true };

  it("without a provider account offers no popup: the site's own form instead, or nothing", () => {
    const fallback = { id: "nyhetsbrev", title: "Prenumerera på nyhetsbrevet", submitLabel: "Prenumerera", thankYou: "Tack!", errorText: "Fel", fields: [{ name: "email", type: "email" as const, label: "E-post", required: true }] };
    const { unmount } = renderIn(MarketingForm, { data: { ...data, portalId: "", configured: false, fallback }, fields: f({ ButtonText: "Prenumerera" }) });
    expect(screen.queryByRole("button", { name: "Prenumerera", expanded: undefined })).toHaveAttribute("type", "submit");
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    expect(screen.getByRole("textbox", { name: /E-post/ })).toBeInTheDocument();
    unmount();
    const { container } = renderIn(MarketingForm, { data: { ...data, portalId: "", configured: false } });
    expect(container).toBeEmptyDOMElement();
  });

  it("shows 'Missing FormId' without an id", () => {
    renderIn(MarketingForm, { data: { ...data, formId: "" } });
    expect(screen.getByText("Missing FormId")).toBeInTheDocument();
  });

  it("opens a dialog, loads the script, renders the form, traps focus and closes with Escape", async () => {
    const create = vi.fn();
    const append = vi.spyOn(document.head, "appendChild").mockImplementation(<T extends Node>(n: T) => {
      window.hbspt = { forms: { create } };
      queueMicrotask(() => (n as unknown as HTMLScriptElement).onload?.(new Event("load")));
      return n;
    });
    renderIn(MarketingForm, { data, fields: f({ Title: "Prenumerera på nyhetsbrevet", ButtonText: "Prenumerera" }) }, { dictionary: { close: "Stäng" } });
    const open = screen.getByRole("button", { name: "Prenumerera" });
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Prenumerera på nyhetsbrevet" });
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ region: "eu1", portalId: "123", formId: "abc-1" })));
    expect((append.mock.calls[0][0] as HTMLScriptElement).src).toBe(data.scriptUrl);
    const close = within(dialog).getByRole("button", { name: "Stäng" });
    close.focus();
    fireEvent.keyDown(dialog, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it("pushes the lead event when the provider posts its submit message", async () => {
    renderIn(MarketingForm, { data });
    await act(async () => {
      window.dispatchEvent(new MessageEvent("message", { data: { type: "hsFormCallback", eventName: "onFormReady", id: "abc-1" } }));
      window.dispatchEvent(new MessageEvent("message", { data: { type: "hsFormCallback", eventName: "onFormSubmitted", id: "abc-1" } }));
    });
    expect(window.dataLayer!.filter((e) => e.event === "lead")).toEqual([expect.objectContaining({ form_name: "marketingForm", form_id: "abc-1" })]);
  });
});

describe("SellCarForm's preliminary valuation", () => {
  const dict = { sellCarRegno: "Registreringsnummer", sellCarMilage: "Miltal", mileageUnit: "mil", valuationTitle: "Preliminär värdering", valuationPreliminary: "Preliminärt värde utifrån {count} liknande bilar i vårt lager." };

  it("values the car once plate and mileage are filled in, and says it is preliminary", async () => {
    const { posts } = mockFormFetch((p) => (p.url === "/api/valuation" ? json(200, { low: 182000, high: 214000, currency: "SEK", basis: 143 }) : json(202, {})));
    renderIn(SellCarForm, { valuationDelayMs: 1 }, { dictionary: dict });
    type("Registreringsnummer", "abc 123");
    expect(posts).toHaveLength(0); // no mileage yet
    type("Miltal (mil)", "8 500");
    const panel = await screen.findByText("Preliminär värdering");
    const box = panel.closest("[aria-live]")!;
    expect(box.textContent!.replace(/[\u00a0\u202f]/g, " ")).toContain("182 000 kr–214 000 kr");
    expect(box).toHaveTextContent("Preliminärt värde utifrån 143 liknande bilar i vårt lager.");
    expect(posts).toEqual([{ url: "/api/valuation", body: { regno: "ABC123", milage: 8500 } }]);
  });

  it("shows the register's text for an unknown plate and nothing on a site without valuations", async () => {
    mockFormFetch(() => json(404, { error: { code: "not_found", message: "Fordonet hittades inte, kontrollera att registreringsnumret är korrekt" } }));
    renderIn(SellCarForm, { valuationDelayMs: 1 }, { dictionary: dict });
    type("Registreringsnummer", "ZZZ999");
    type("Miltal (mil)", "1000");
    expect(await screen.findByText("Fordonet hittades inte, kontrollera att registreringsnumret är korrekt")).toBeInTheDocument();
    cleanup();
    vi.restoreAllMocks();
    const { posts } = mockFormFetch(() => json(403, { error: { code: "forbidden", message: "This site gives no instant valuation." } }));
    renderIn(SellCarForm, { valuationDelayMs: 1 }, { dictionary: dict });
    type("Registreringsnummer", "ABC123");
    type("Miltal (mil)", "1000");
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(screen.getByTestId("valuation")).toBeEmptyDOMElement();
  });

  it("asks only with a valid plate and mileage", () => {
    expect(valuationInput("abc 123", "12 500")).toEqual({ regno: "ABC123", milage: 12500 });
    expect(valuationInput("abc 123", "")).toBeUndefined();
    expect(valuationInput("a", "100")).toBeUndefined();
    expect(valuationInput("ABC123", "-4")).toBeUndefined();
  });
});
