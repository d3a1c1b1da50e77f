import { describe, expect, it } from "vitest";
import { fieldOK, type FormFieldDef } from "./api/form-builder";

// A form-builder phone field takes numbers as people write them on the
// site's country, as the server does (internal/forms/builder, phone.Normalize).
describe("form-builder phone fields", () => {
  const phone: FormFieldDef = { name: "phone", type: "phone", label: "Telefon", required: true };
  it.each([
    ["070-123 45 67", "SE"],
    ["+46 (0)70 123 45 67", "SE"],
    ["0046 70 123 45 67", "SE"],
    ["412 34 567", "NO"],
  ])("accepts %s on %s", (written, country) => {
    expect(fieldOK(phone, written, "2026-11-26", country)).toBe(true);
  });
  it("refuses what is not a number", () => {
    expect(fieldOK(phone, "12", "2026-11-26", "SE")).toBe(false);
    expect(fieldOK(phone, "070-ABC", "2026-11-26", "SE")).toBe(false);
  });
  it("a field with its own pattern keeps that shape", () => {
    const uk: FormFieldDef = { ...phone, pattern: "07[0-9]{9}" };
    expect(fieldOK(uk, "07700900123", "2026-11-26", "GB")).toBe(true);
    expect(fieldOK(uk, "+46 70 1234567", "2026-11-26", "GB")).toBe(false);
  });
});
