import { describe, expect, it } from "vitest";
import { fill, translator } from "./text";

describe("t and fill", () => {
  const t = translator({ hits: "{count} träffar", plain: "Sök" });
  it("fills placeholders of a dictionary text, with or without a fallback", () => {
    expect(t("hits", { count: 3 })).toBe("3 träffar");
    expect(t("hits", "{count} hits", { count: 3 })).toBe("3 träffar");
    expect(t("missing", "{count} hits", { count: 4 })).toBe("4 hits");
    expect(t("plain")).toBe("Sök");
    expect(t("missing")).toBe("missing");
  });
  it("leaves a placeholder without a value as it is", () => {
    expect(fill("{a} och {b}", { a: 1 })).toBe("1 och {b}");
  });
});
