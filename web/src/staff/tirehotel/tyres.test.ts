import { describe, expect, it } from "vitest";
import { inspectionOf, normalizePlate, positionOf, startDepths, suggestVerdict, validPlate } from "./tyres";

describe("plates and positions", () => {
  it("normalizes a typed plate", () => {
    expect(normalizePlate("abc 12-3")).toBe("ABC123");
    expect(validPlate("ABC123")).toBe(true);
    expect(validPlate("A")).toBe(false);
    expect(validPlate("ABC#1")).toBe(false);
  });
  it("reads English and Swedish positions", () => {
    expect(positionOf("fl")).toBe("FL");
    expect(positionOf("HB")).toBe("RR");
    expect(positionOf("spare")).toBeNull();
  });
  it("prefills the last known depths", () => {
    const d = startDepths([{ position: "VF", brand: "Nokian", model: "Hakkapeliitta 10", dimension: "205/55 R16", season: "winter", treadMm: 7.2 }]);
    expect(d.FL).toBe(7.2);
    expect(Number.isNaN(d.RR)).toBe(true);
  });
});

describe("verdict and inspection", () => {
  it("suggests a verdict from the smallest depth", () => {
    expect(suggestVerdict([6.5, 6.4, 5.9, 6])).toBe("ok");
    expect(suggestVerdict([6.5, 3.5, 5.9, 6])).toBe("replace_soon");
    expect(suggestVerdict([6.5, 2.9, 5.9, 6])).toBe("replace");
    expect(suggestVerdict([NaN])).toBe("ok");
  });
  it("builds the body with depths to a tenth and names a depth out of range", () => {
    const msg = { range: "range", noteTooLong: "long" };
    expect(inspectionOf({ FL: 6.54, FR: 6.4, RL: 5.9, RR: 6 }, "ok", " Bra däck ", msg)).toEqual({ body: { treadMm: { FL: 6.5, FR: 6.4, RL: 5.9, RR: 6 }, status: "ok", note: "Bra däck" } });
    expect(inspectionOf({ FL: NaN, FR: 21, RL: 5.9, RR: 6 }, "ok", "x".repeat(501), msg)).toEqual({ errors: { FL: "range", FR: "range", note: "long" } });
  });
});
