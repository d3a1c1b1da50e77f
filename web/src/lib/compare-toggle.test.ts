import { describe, expect, it } from "vitest";
import { listenCompareToggle, requestCompareToggle } from "./compare-toggle";

describe("compare toggle requests", () => {
  it("keeps a request made before the compare bar listens, then passes new ones at once", () => {
    requestCompareToggle({ car: { car_id: 1 } });
    const got: unknown[] = [];
    const stop = listenCompareToggle((d) => got.push(d));
    expect(got).toEqual([{ car: { car_id: 1 } }]);
    requestCompareToggle({ car: { car_id: 2 } });
    expect(got).toEqual([{ car: { car_id: 1 } }, { car: { car_id: 2 } }]);
    stop();
    requestCompareToggle({ car: { car_id: 3 } });
    expect(got).toHaveLength(2);
    const again: unknown[] = [];
    listenCompareToggle((d) => again.push(d))();
    expect(again).toEqual([{ car: { car_id: 3 } }]);
  });
});
