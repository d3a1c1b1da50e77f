// Pure rules of the tyre-hotel page: plates as typed, the API's tyre
// positions (English FL…RR, or the Swedish VF…HB of the older records),
// the suggested verdict from the smallest depth, and the inspection's checks.
import type { NewInspection, Position, TreadStatus, Tyre } from "./types";
import { POSITIONS } from "./types";

export const TREAD_MAX = 20;
export const NOTE_MAX = 500;

/** normalizePlate upper-cases a typed plate and drops spaces and dashes. */
export function normalizePlate(v: string): string {
  return v.toUpperCase().replace(/[\s-]+/g, "");
}

export const validPlate = (p: string) => /^[A-ZÅÄÖ0-9]{2,7}$/.test(p);

const SWEDISH: Record<string, Position> = { VF: "FL", HF: "FR", VB: "RL", HB: "RR" };

/** positionOf maps a tyre's position to FL/FR/RL/RR, or null when it is none of the four. */
export function positionOf(p: string): Position | null {
  const u = p.toUpperCase();
  if ((POSITIONS as string[]).includes(u)) return u as Position;
  return SWEDISH[u] ?? null;
}

/**
 * suggestVerdict is the verdict the depths suggest: under 3 mm replace now
 * (the Swedish winter minimum), under 4 mm replace soon, else fine.
 */
export function suggestVerdict(depths: number[]): TreadStatus {
  const known = depths.filter((d) => Number.isFinite(d));
  if (known.length === 0) return "ok";
  const min = Math.min(...known);
  if (min < 3) return "replace";
  if (min < 4) return "replace_soon";
  return "ok";
}

/** startDepths prefills the form with each position's last known depth (NaN when unknown). */
export function startDepths(tyres: Tyre[]): Record<Position, number> {
  const out = { FL: NaN, FR: NaN, RL: NaN, RR: NaN } as Record<Position, number>;
  for (const t of tyres) {
    const p = positionOf(t.position);
    if (p && typeof t.treadMm === "number") out[p] = t.treadMm;
  }
  return out;
}

export type InspectionErrors = Partial<Record<Position | "note", string>>;

/** inspectionOf checks the form and builds the POST body, or names what is wrong. */
export function inspectionOf(depths: Record<Position, number>, status: TreadStatus, note: string, msg: { range: string; noteTooLong: string }): { body: NewInspection } | { errors: InspectionErrors } {
  const errors: InspectionErrors = {};
  for (const p of POSITIONS) {
    const d = depths[p];
    if (!Number.isFinite(d) || d < 0 || d > TREAD_MAX) errors[p] = msg.range;
  }
  if (note.trim().length > NOTE_MAX) errors.note = msg.noteTooLong;
  if (Object.keys(errors).length) return { errors };
  const treadMm = {} as Record<Position, number>;
  for (const p of POSITIONS) treadMm[p] = Math.round(depths[p] * 10) / 10;
  return { body: { treadMm, status, note: note.trim() } };
}
