// Calls of the staff tyre-hotel page (docs/staff.md, "Tyre hotel").
import { api } from "../../shell/api-client";
import type { Agreement, Inspection, NewInspection } from "../types";

export const fetchAgreement = (regno: string, signal?: AbortSignal) =>
  api<{ agreement: Agreement }>(`/api/staff/tirehotel?${new URLSearchParams({ regno })}`, { signal }).then((r) => r.agreement);

/** fetchDepartmentNames maps the member's department ids to their names. */
export const fetchDepartmentNames = (signal?: AbortSignal) =>
  api<{ id: string; name: string }[]>("/api/staff/departments", { signal }).then((ds) => Object.fromEntries(ds.map((d) => [d.id, d.name])) as Record<string, string>);

export const addInspection = (agreementId: string | number, body: NewInspection) =>
  api<Inspection>(`/api/staff/tirehotel/${encodeURIComponent(agreementId)}/inspection`, { method: "POST", body });
