// A range facet: logarithmic histogram, a two-handle slider (role=slider,
// arrow keys) and two number inputs. Changes commit after 1500 ms idle or
// when a handle is released; a range over the whole span removes the filter.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import type { Histogram } from "../../../lib/search";
import { clampRange, parseIntLoose, rangeFilter, rangeStep } from "../utils/list-state";
import { formatNumber } from "../../../lib/format";

export const COMMIT_DELAY = 1500;
const BAR_MAX = 40;

export interface RangeFacetProps {
  name: string;
  label: string;
  histogram: Histogram;
  value?: [number, number];
  locale: string;
  minLabel: string;
  maxLabel: string;
  onCommit: (r: [number, number] | undefined) => void;
}

export function barHeight(count: number, maxCount: number): number {
  if (count <= 0 || maxCount <= 0) return 0;
  return Math.max(2, Math.round((Math.log(count + 1) / Math.log(maxCount + 1)) * BAR_MAX));
}

export function RangeFacet({ name, label, histogram, value, locale, minLabel, maxLabel, onCommit }: RangeFacetProps) {
  const { min, max } = histogram;
  const step = rangeStep(min, max);
  const committed: [number, number] = value ? clampRange(value[0], value[1], min, max) : [min, max];
  const [draft, setDraft] = useState<[number, number]>(committed);
  const fmt = (v: number) => formatNumber(v, locale);
  const [text, setText] = useState<[string, string]>([fmt(committed[0]), fmt(committed[1])]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<"lo" | "hi" | null>(null);
  const key = `${committed[0]}-${committed[1]}-${min}-${max}`;
  useEffect(() => {
    setDraft(committed);
    setText([fmt(committed[0]), fmt(committed[1])]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const commit = (r: [number, number]) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (r[0] === committed[0] && r[1] === committed[1]) return;
    onCommit(rangeFilter(r, min, max));
  };
  const schedule = (r: [number, number]) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(r), COMMIT_DELAY);
  };
  const update = (r: [number, number], later: boolean) => {
    setDraft(r);
    setText([fmt(r[0]), fmt(r[1])]);
    if (later) schedule(r);
  };
  const span = max - min || 1;
  const pct = (v: number) => ((v - min) / span) * 100;
  const fromPointer = (clientX: number) => {
    const rect = track.current!.getBoundingClientRect();
    const raw = min + ((clientX - rect.left) / Math.max(1, rect.width)) * span;
    const v = Math.round((raw - min) / step) * step + min;
    return Math.min(max, Math.max(min, v));
  };
  const onKey = (which: "lo" | "hi") => (e: KeyboardEvent) => {
    const i = which === "lo" ? 0 : 1;
    const delta = { ArrowLeft: -step, ArrowDown: -step, ArrowRight: step, ArrowUp: step, PageDown: -10 * step, PageUp: 10 * step }[e.key];
    let v: number | undefined = delta !== undefined ? draft[i] + delta : undefined;
    if (e.key === "Home") v = min;
    if (e.key === "End") v = max;
    if (v === undefined) return;
    e.preventDefault();
    const next: [number, number] = which === "lo" ? [v, draft[1]] : [draft[0], v];
    update(clampRange(next[0], next[1], min, max, which), true);
  };
  const onPointerDown = (which: "lo" | "hi") => (e: ReactPointerEvent) => {
    e.preventDefault();
    drag.current = which;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    (e.currentTarget as HTMLElement).focus();
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag.current) return;
    const v = fromPointer(e.clientX);
    const w = drag.current;
    update(clampRange(w === "lo" ? v : draft[0], w === "hi" ? v : draft[1], min, max, w), false);
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    commit(draft);
  };
  const onInput = (which: 0 | 1, s: string) => {
    const t: [string, string] = [...text] as [string, string];
    t[which] = s;
    setText(t);
    const n = parseIntLoose(s);
    if (Number.isNaN(n)) return;
    const next: [number, number] = which === 0 ? [n, draft[1]] : [draft[0], n];
    const r = clampRange(next[0], next[1], min, max, which === 0 ? "lo" : "hi");
    setDraft(r);
    schedule(r);
  };
  const settle = () => {
    setText([fmt(draft[0]), fmt(draft[1])]);
    commit(draft);
  };
  const maxCount = Math.max(0, ...histogram.buckets.map((b) => b.count));
  const id = `range-${name}`;
  return (
    <div className="fc-range" role="group" aria-labelledby={`${id}-label`}>
      <div className="fc-range__histogram" aria-hidden="true">
        {histogram.buckets.map((b, i) => (
          <span key={i} className={b.max >= draft[0] && b.min <= draft[1] ? "is-in" : ""} style={{ height: `${barHeight(b.count, maxCount)}px` }} />
        ))}
      </div>
      <div className="fc-range__track" ref={track} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp}>
        <span className="fc-range__fill" style={{ left: `${pct(draft[0])}%`, width: `${pct(draft[1]) - pct(draft[0])}%` }} />
        {(["lo", "hi"] as const).map((w, i) => (
          <span
            key={w}
            role="slider"
            tabIndex={0}
            className="fc-range__thumb"
            style={{ left: `${pct(draft[i])}%` }}
            aria-label={`${label} ${i === 0 ? minLabel : maxLabel}`}
            aria-valuemin={i === 0 ? min : draft[0]}
            aria-valuemax={i === 0 ? draft[1] : max}
            aria-valuenow={draft[i]}
            aria-valuetext={fmt(draft[i])}
            onKeyDown={onKey(w)}
            onKeyUp={(e) => {
              if (e.key.startsWith("Arrow") || e.key.startsWith("Page") || e.key === "Home" || e.key === "End") schedule(draft);
            }}
            onPointerDown={onPointerDown(w)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
          />
        ))}
      </div>
      <div className="fc-range__inputs">
        {([0, 1] as const).map((i) => (
          <label key={i}>
            <span>{i === 0 ? minLabel : maxLabel}</span>
            <input
              type="text"
              inputMode="numeric"
              value={text[i]}
              aria-label={`${label} ${i === 0 ? minLabel : maxLabel}`}
              onChange={(e) => onInput(i, e.target.value)}
              onBlur={settle}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  settle();
                }
              }}
            />
          </label>
        ))}
      </div>
    </div>
  );
}
