// Shapes of the staff tyre-hotel API (docs/staff.md, "Tyre hotel").

export type Position = "FL" | "FR" | "RL" | "RR";
export const POSITIONS: Position[] = ["FL", "FR", "RL", "RR"];

export type TreadStatus = "ok" | "replace_soon" | "replace";

export interface Tyre {
  position: string;
  brand: string;
  model: string;
  dimension: string;
  season: string;
  treadMm: number | null;
}

export interface Inspection {
  id?: string;
  at?: string;
  createdAt?: string;
  by?: string;
  account?: string;
  treadMm: Partial<Record<Position, number>>;
  status: TreadStatus;
  note?: string;
}

export interface Agreement {
  id: string | number;
  number?: string;
  regno: string;
  car?: { brand?: string; model?: string };
  department: string | { id: string; name?: string };
  customer: { name?: string; email?: string; phone?: string };
  tyres: Tyre[];
  /** status is the last check's verdict (ok, replace_soon, replace), or "" before any. */
  status: string;
  inspections: Inspection[];
}

export interface NewInspection {
  treadMm: Record<Position, number>;
  status: TreadStatus;
  note: string;
}
