import { describe, expect, it } from "vitest";
import { checkRows, closureOf, describeClosure, fromRows, toRows } from "./hours";
import { TEXTS } from "./texts";

const t = TEXTS.sv;

describe("weekday rows", () => {
  it("turns the API's weekdays into rows and back, a closed day with empty times", () => {
    const rows = toRows([
      { weekday: 1, open: "07:00", close: "17:00", capacity: 3 },
      { weekday: 6, open: "", close: "", capacity: 0 },
    ]);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({ weekday: 1, isOpen: true, open: "07:00", close: "17:00", capacity: 3 });
    expect(rows[5].isOpen).toBe(false);
    expect(fromRows(rows)[5]).toEqual({ weekday: 6, open: "", close: "", capacity: 1 });
    expect(fromRows(rows)[0]).toEqual({ weekday: 1, open: "07:00", close: "17:00", capacity: 3 });
  });
  it("refuses closing before opening and places out of range, on open days only", () => {
    const rows = toRows([{ weekday: 1, open: "07:00", close: "17:00", capacity: 3 }]);
    rows[0] = { ...rows[0], close: "06:00", capacity: 0 };
    rows[1] = { ...rows[1], isOpen: false, close: "01:00" };
    expect(checkRows(rows, t)).toEqual({ 1: { close: t.closeAfterOpen, capacity: t.capacityRange } });
  });
});

describe("closureOf", () => {
  const base = { kind: "day" as const, date: "2026-12-24", toDate: "", fromTime: "10:00", toTime: "12:00", reason: "Julafton" };
  it("closes a whole day from midnight to midnight", () => {
    expect(closureOf("D-1011", base, t)).toEqual({ closure: { department: "D-1011", from: "2026-12-24T00:00:00", to: "2026-12-25T00:00:00", reason: "Julafton" } });
  });
  it("closes several days up to and including the last", () => {
    expect(closureOf("D-1011", { ...base, kind: "days", toDate: "2026-12-26" }, t)).toMatchObject({ closure: { from: "2026-12-24T00:00:00", to: "2026-12-27T00:00:00" } });
  });
  it("blocks some hours of a day", () => {
    expect(closureOf("D-1011", { ...base, kind: "hours", reason: " Utbildning " }, t)).toEqual({ closure: { department: "D-1011", from: "2026-12-24T10:00:00", to: "2026-12-24T12:00:00", reason: "Utbildning" } });
  });
  it("names every missing or wrong field", () => {
    expect(closureOf("D-1011", { ...base, date: "", reason: " " }, t)).toEqual({ errors: { date: t.dateRequired, reason: t.reasonRequired } });
    expect(closureOf("D-1011", { ...base, kind: "days", toDate: "2026-12-20" }, t)).toEqual({ errors: { toDate: t.toBeforeFrom } });
    expect(closureOf("D-1011", { ...base, kind: "hours", toTime: "09:00" }, t)).toEqual({ errors: { toTime: t.toBeforeFrom } });
    expect(closureOf("D-1011", { ...base, reason: "x".repeat(201) }, t)).toEqual({ errors: { reason: t.closureReasonTooLong } });
  });
});

describe("describeClosure", () => {
  it("says a day, a range of days or some hours", () => {
    expect(describeClosure("sv", { from: "2026-12-24T00:00:00", to: "2026-12-25T00:00:00" }, t)).toMatch(/^tors 24 dec\.?, hela dagen$/);
    expect(describeClosure("sv", { from: "2026-12-24T00:00:00", to: "2026-12-27T00:00:00" }, t)).toMatch(/^tors 24 dec\.? – lör 26 dec\.?$/);
    expect(describeClosure("en", { from: "2026-12-24T10:00:00", to: "2026-12-24T12:00:00" }, TEXTS.en)).toBe("Thu 24 Dec 10:00–12:00");
  });
});
