// The leads inbox API (GET/PATCH /api/staff/leads…, docs/staff.md).
import { api } from "../shell/api-client";

export type LeadStatus = "new" | "contacted" | "won" | "lost";
export const STATUSES: LeadStatus[] = ["new", "contacted", "won", "lost"];
export type LeadKind = "car" | "finance" | "sellCar" | "service" | "formBuilder";
export const KINDS: LeadKind[] = ["car", "finance", "sellCar", "service", "formBuilder"];

/** The statuses a lead may move to from each (the server's rule). */
export const NEXT: Record<LeadStatus, LeadStatus[]> = {
  new: ["contacted", "won", "lost"],
  contacted: ["won", "lost"],
  won: ["contacted"],
  lost: ["contacted"],
};

export type Note = { id: number; account: string; body: string; createdAt: string };

export type Lead = {
  id: string;
  site: string;
  dealer: { id: string; name: string } | null;
  form: string;
  kind: LeadKind;
  car: { id: number; title: string; regno?: string; gone?: boolean } | null;
  regno?: string;
  customer: { name: string; email: string; phone: string };
  message: string;
  values: Record<string, unknown>;
  status: LeadStatus;
  assignee: string;
  createdAt: string;
  updatedAt: string | null;
  updatedBy?: string;
  notes: Note[];
};

export type SiteOption = { id: string; name: string };

export type LeadList = { leads: Lead[]; total: number; limit: number; offset: number; sites: SiteOption[] };

export type Filters = { site: string; status: string; kind: string; q: string };

export function filtersFrom(params: URLSearchParams): Filters {
  return { site: params.get("site") ?? "", status: params.get("status") ?? "", kind: params.get("kind") ?? "", q: params.get("q") ?? "" };
}

export function filterQuery(f: Filters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) q.set(k, v);
  const s = q.toString();
  return s ? "?" + s : "";
}

export const listLeads = (f: Filters, offset: number, signal?: AbortSignal) =>
  api<LeadList>("/api/staff/leads" + filterQuery(f, { limit: "50", offset: offset ? String(offset) : "" }), { signal });

export const getLead = (id: string, signal?: AbortSignal) => api<Lead>(`/api/staff/leads/${encodeURIComponent(id)}`, { signal });

export type LeadChange = { status?: LeadStatus; note?: string; assignee?: string };

export const updateLead = (id: string, change: LeadChange) =>
  api<Lead>(`/api/staff/leads/${encodeURIComponent(id)}`, { method: "PATCH", body: change });

export const csvHref = (f: Filters) => "/api/staff/leads.csv" + filterQuery(f);
