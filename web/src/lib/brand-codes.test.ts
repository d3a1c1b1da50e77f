import { describe, expect, it } from "vitest";
import { brandLogoURL, collapseBrandCodes } from "./brand-codes";
import { position, STOCKHOLM } from "../components/site-map/site-map";

describe("dealer sites", () => {
  it("collapses underscore codes to their base when present, except FI_TR and MH_TR", () => {
    expect(collapseBrandCodes(["VW", "VW_TR", "FI", "FI_TR", "MH", "MH_TR", "AU_X"])).toEqual(["VW", "FI", "FI_TR", "MH", "MH_TR", "AU_X"]);
    expect(brandLogoURL("VW_TR")).toBe("/-/media/demo/brand/vw-tr.svg");
  });
  it("maps default to Stockholm when the geocoordinate is missing", () => {
    expect(position(undefined)).toEqual(STOCKHOLM);
    expect(position({ latitude: "", longitude: "" })).toEqual(STOCKHOLM);
    expect(position({ latitude: "57.7", longitude: "11.97" })).toEqual({ lat: 57.7, lng: 11.97 });
  });
});
