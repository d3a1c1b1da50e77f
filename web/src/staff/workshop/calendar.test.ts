import { describe, expect, it } from "vitest";
import { calendarReducer, isoWeek, level, mergeBooking, mondayOf, parseLive, rangeOf, slotRows, step, type CalendarState } from "./calendar";
import { booking, calendar, day } from "./fixtures";

describe("dates", () => {
  it("gives a week from Monday to Sunday", () => {
    expect(mondayOf("2026-12-03")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    expect(mondayOf("2026-12-06")).toBe("2026-11-30");
    expect(rangeOf("week", "2026-12-03")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(rangeOf("day", "2026-12-03")).toEqual({ from: "2026-12-03", to: "2026-12-03" });
  });
  it("steps a day or a week, across months and years", () => {
    expect(step("day", "2026-11-30", -1)).toBe("2026-11-29");
    expect(step("week", "2026-12-31", 1)).toBe("2027-01-04");
  });
  it("numbers ISO weeks", () => {
    expect(isoWeek("2026-11-30")).toBe(49);
    expect(isoWeek("2027-01-01")).toBe(53);
    expect(isoWeek("2027-01-04")).toBe(1);
  });
});

describe("slotRows", () => {
  it("puts each booking under the time it starts in, and keeps ones outside the hours apart", () => {
    const bs = [
      booking({ id: "a", start: "2026-11-30T08:00:00" }),
      booking({ id: "b", start: "2026-11-30T08:30:00" }),
      booking({ id: "c", start: "2026-11-30T06:00:00" }),
      booking({ id: "d", start: "2026-11-30T12:00:00" }),
      booking({ id: "e", start: "2026-12-01T08:00:00" }),
    ];
    const { rows, outside } = slotRows(day(), bs);
    expect(rows.map((r) => r.bookings.map((b) => b.id))).toEqual([[], ["a", "b"], [], []]);
    expect(outside.map((b) => b.id)).toEqual(["c", "d"]);
  });
  it("keeps cars left for the whole day in a row of their own", () => {
    const { rows, fullDay } = slotRows(day(), [booking({ id: "w", kind: "wheelchange", fullDay: true, start: "2026-11-30T08:00:00" })]);
    expect(fullDay.map((b) => b.id)).toEqual(["w"]);
    expect(rows.every((r) => r.bookings.length === 0)).toBe(true);
  });
  it("colours a time by how full it is", () => {
    expect(level({ used: 0, capacity: 3 })).toBe("free");
    expect(level({ used: 2, capacity: 3 })).toBe("busy");
    expect(level({ used: 3, capacity: 3 })).toBe("full");
    expect(level({ used: 0, capacity: 0 })).toBe("full");
  });
});

describe("calendarReducer", () => {
  const ready = (): CalendarState => ({ status: "ready", key: "k", calendar: calendar(), fresh: [], stale: false });

  it("drops an answer for a range no longer shown", () => {
    const s = calendarReducer({ status: "loading", key: "new" }, { type: "loaded", key: "old", calendar: calendar() });
    expect(s).toEqual({ status: "loading", key: "new" });
  });

  it("merges a live booking at once, marks it new and asks for the times' new use", () => {
    const b = booking({ id: "B-2", start: "2026-11-30T07:00:00", end: "2026-11-30T08:00:00" });
    const s = calendarReducer(ready(), { type: "live", event: { kind: "booking", type: "created", booking: b } });
    if (s.status !== "ready") throw new Error(s.status);
    expect(s.calendar.bookings.map((x) => x.id)).toEqual(["B-2", "B-1"]);
    expect(s.fresh).toEqual(["B-2"]);
    expect(s.stale).toBe(true);
    // The refetch keeps the highlight.
    const after = calendarReducer(s, { type: "loaded", key: "k", calendar: calendar({ bookings: [b, booking()] }) });
    expect(after.status === "ready" && after.fresh).toEqual(["B-2"]);
    expect(after.status === "ready" && after.stale).toBe(false);
  });

  it("takes out a booking moved to another week, and ignores one created elsewhere", () => {
    const moved = booking({ start: "2026-12-08T08:00:00", end: "2026-12-08T09:00:00" });
    const s = calendarReducer(ready(), { type: "live", event: { kind: "booking", type: "moved", booking: moved } });
    expect(s.status === "ready" && s.calendar.bookings).toEqual([]);
    const other = calendarReducer(ready(), { type: "live", event: { kind: "booking", type: "created", booking: booking({ id: "X", start: "2026-12-09T08:00:00" }) } });
    expect(other.status === "ready" && other.fresh).toEqual([]);
  });

  it("refetches when hours change, and keeps the calendar when a quiet refetch fails", () => {
    const s = calendarReducer(ready(), { type: "live", event: { kind: "hours" } });
    expect(s.status === "ready" && s.stale).toBe(true);
    const f = calendarReducer(s, { type: "failed", key: "k", message: "" });
    expect(f.status).toBe("ready");
  });

  it("replaces a booking changed in the detail", () => {
    const s = calendarReducer(ready(), { type: "changed", booking: booking({ status: "arrived" }) });
    expect(s.status === "ready" && s.calendar.bookings[0].status).toBe("arrived");
  });

  it("mergeBooking keeps start order", () => {
    const c = mergeBooking(calendar({ bookings: [booking({ id: "a", start: "2026-11-30T07:00:00" }), booking({ id: "b", start: "2026-11-30T10:00:00" })] }), booking({ id: "a", start: "2026-11-30T11:00:00" }));
    expect(c.bookings.map((b) => b.id)).toEqual(["b", "a"]);
  });
});

describe("parseLive", () => {
  it("reads booking and hours events and refuses malformed ones", () => {
    expect(parseLive("booking", JSON.stringify({ type: "created", booking: booking() }))).toMatchObject({ kind: "booking", type: "created" });
    expect(parseLive("hours", "{}")).toEqual({ kind: "hours" });
    expect(parseLive("booking", "not json")).toBeNull();
    expect(parseLive("booking", JSON.stringify({ type: "exploded", booking: booking() }))).toBeNull();
    expect(parseLive("booking", JSON.stringify({ type: "created" }))).toBeNull();
    expect(parseLive("ping", "")).toBeNull();
  });
});
