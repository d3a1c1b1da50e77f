import { useEffect, useState } from "react";
import type { BlockProps } from "../../app/block-props";
import { boolOf, textOf } from "../../lib/fields";
import { useT } from "../../lib/page-context";
import { Heading, bgClass } from "../../components/block-kit/block-kit";
import "./countdown.css";

/** TICK_MS is how often the countdown updates. */
export const TICK_MS = 1000;

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** remaining splits the time from now to target into parts, never below zero. */
export function remaining(target: number, now: number): Remaining {
  const s = Math.max(0, Math.floor((target - now) / 1000));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

const UNITS = [
  ["days", "Days", "countdownDays", "dagar"],
  ["hours", "Hours", "countdownHours", "timmar"],
  ["minutes", "Minutes", "countdownMinutes", "minuter"],
  ["seconds", "Seconds", "countdownSeconds", "sekunder"],
] as const;

/**
 * Countdown counts down to CountdownTarget (an ISO date-time), ticking
 * every second and stopping at zero. HideDays/HideHours/HideMinutes/
 * HideSeconds hide a unit and HideLabels the unit names; DaysLabel … SecondsLabel
 * override them. The server renders "--" digits (no clock during render),
 * the browser fills them in after hydration.
 */
export function Countdown({ fields, params }: BlockProps) {
  const t = useT();
  const target = Date.parse(textOf(fields, "CountdownTarget"));
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (Number.isNaN(target)) return;
    setNow(Date.now());
    const id = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= target) clearInterval(id);
    }, TICK_MS);
    return () => clearInterval(id);
  }, [target]);
  if (Number.isNaN(target)) return null;
  const r = now === null ? null : remaining(target, now);
  const hideLabels = boolOf(fields, "HideLabels");
  const title = textOf(fields, "Title");
  const units = UNITS.filter(([, name]) => !boolOf(fields, `Hide${name}`));
  const done = r !== null && r.days + r.hours + r.minutes + r.seconds === 0;
  const label = (u: (typeof UNITS)[number]) => textOf(fields, `${u[1]}Label`) || t(u[2], u[3]);
  const spoken = r ? units.map((u) => `${r[u[0]]} ${label(u)}`).join(", ") : "";
  return (
    <section className={`fc-block fc-countdown ${bgClass(fields, params)}`}>
      <div className="fc-container fc-countdown__inner">
        {title && <Heading fields={fields} className="fc-countdown__title">{title}</Heading>}
        <div className="fc-countdown__digits" role="timer" aria-live="off" aria-label={spoken || undefined}>
          {units.map((u) => (
            <div className="fc-countdown__unit" key={u[0]} aria-hidden="true">
              <span className="fc-countdown__value">{r ? String(r[u[0]]).padStart(2, "0") : "--"}</span>
              {!hideLabels && <span className="fc-countdown__label">{label(u)}</span>}
            </div>
          ))}
        </div>
        {done && textOf(fields, "EndedText") && <p className="fc-countdown__ended">{textOf(fields, "EndedText")}</p>}
      </div>
    </section>
  );
}
