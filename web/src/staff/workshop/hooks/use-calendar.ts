// useCalendar loads a department's bookings for a day or week and keeps
// them current: a server-sent event stream (/api/staff/events) merges each
// booking change at once and then refetches the range for the times' new
// use; each change is also put into words for a polite live region.
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { eventsURL, fetchCalendar } from "../api/workshop-api";
import { calendarReducer, dateOf, parseLive, rangeOf, timeOf, type View } from "../calendar";
import type { Texts } from "../texts";
import type { Booking, LiveEvent } from "../types";

export type Connection = "connecting" | "open" | "lost";

export function useCalendar(department: string, view: View, date: string, t: Texts) {
  const { from, to } = rangeOf(view, date);
  const key = `${department}|${from}|${to}`;
  const [state, dispatch] = useReducer(calendarReducer, { status: "loading", key });
  const [announcement, setAnnouncement] = useState("");
  const [connection, setConnection] = useState<Connection>("connecting");
  const [reload, setReload] = useState(0);
  const textsRef = useRef(t);
  textsRef.current = t;
  const fromRef = useRef(from);
  const toRef = useRef(to);
  fromRef.current = from;
  toRef.current = to;

  useEffect(() => {
    if (!department) return;
    const ctl = new AbortController();
    dispatch({ type: "load", key });
    fetchCalendar(department, from, to, ctl.signal).then(
      (calendar) => dispatch({ type: "loaded", key, calendar }),
      (err: unknown) => {
        if (!ctl.signal.aborted) dispatch({ type: "failed", key, message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => ctl.abort();
  }, [department, from, to, key, reload]);

  // A live change made the times' use stale: refetch quietly (the shown
  // calendar stays until the answer comes).
  const stale = state.status === "ready" && state.stale;
  useEffect(() => {
    if (!stale) return;
    const ctl = new AbortController();
    fetchCalendar(department, from, to, ctl.signal).then(
      (calendar) => dispatch({ type: "loaded", key, calendar }),
      () => {
        if (!ctl.signal.aborted) dispatch({ type: "failed", key, message: "" });
      },
    );
    return () => ctl.abort();
  }, [stale, department, from, to, key]);

  useEffect(() => {
    if (!department || typeof EventSource === "undefined") return;
    const es = new EventSource(eventsURL(department));
    setConnection("connecting");
    const on = (name: string) => (e: MessageEvent) => {
      const ev = parseLive(name, String(e.data));
      if (!ev) return;
      dispatch({ type: "live", event: ev });
      const say = describe(ev, textsRef.current, fromRef.current, toRef.current);
      if (say) setAnnouncement(say);
    };
    es.addEventListener("booking", on("booking"));
    es.addEventListener("hours", on("hours"));
    es.onopen = () => setConnection("open");
    // EventSource reconnects by itself; after a gap, refetch what was missed.
    es.onerror = () => setConnection("lost");
    return () => es.close();
  }, [department]);

  const prevConnection = useRef<Connection>("connecting");
  useEffect(() => {
    if (prevConnection.current === "lost" && connection === "open") setReload((n) => n + 1);
    prevConnection.current = connection;
  }, [connection]);

  const changed = useCallback((booking: Booking) => dispatch({ type: "changed", booking }), []);
  const retry = useCallback(() => setReload((n) => n + 1), []);

  return { state, from, to, announcement, connection, changed, retry };
}

/** describe puts a live change into words, or "" for one outside the shown range. */
export function describe(ev: LiveEvent, t: Texts, from: string, to: string): string {
  if (ev.kind === "hours") return t.hoursChanged;
  const b = ev.booking;
  const d = dateOf(b.start);
  if (d < from || d > to) return "";
  const car = [b.car.brand, b.car.model].filter(Boolean).join(" ");
  switch (ev.type) {
    case "created":
      return t.newBooking(timeOf(b.start), b.car.regno, car);
    case "moved":
      return t.movedBooking(timeOf(b.start), b.car.regno);
    case "cancelled":
      return t.cancelledBooking(b.car.regno);
    case "status":
      return t.statusBooking(b.car.regno, t.status[b.status]);
  }
}
