import { describe, expect, it } from "vitest";
import { valueText } from "./value-text";

describe("valueText", () => {
  const dict: Record<string, string> = { value_Sähkö: "El", value_Automaatti: "Automat" };
  const t = (k: string, f?: string) => dict[k] ?? f ?? k;
  it("names a feed value in the page's language where the dictionary has it, else shows it as it is", () => {
    expect(valueText(t, "Sähkö")).toBe("El");
    expect(valueText(t, "Automaatti")).toBe("Automat");
    expect(valueText(t, "Diesel")).toBe("Diesel");
    expect(valueText(t, "")).toBe("");
  });
});
