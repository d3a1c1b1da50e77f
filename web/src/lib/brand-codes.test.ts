import { describe, expect, it } from "vitest";
import { brandLogoURL, collapseBrandCodes } from "./brand-codes";

describe("brand codes", () => {
  it("collapses underscore codes to their base when present, except FI_TR and MH_TR", () => {
    expect(collapseBrandCodes(["VW", "VW_TR", "FI", "FI_TR", "MH", "MH_TR", "AU_X"])).toEqual(["VW", "FI", "FI_TR", "MH", "MH_TR", "AU_X"]);
    expect(brandLogoURL("VW_TR")).toBe("/-/media/demo/brand/vw-tr.svg");
  });
});
