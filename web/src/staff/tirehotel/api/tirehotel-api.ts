// Calls of the staff tyre-hotel page (docs/staff.md, "Tyre hotel").
import { api } from "../../shell/api-client";
import type { Agreement, Inspection, NewInspection } from "../types";

export const fetchAgreement = (regno: string, signal?: AbortSignal) =>
  api<{ agreement: Agreement }>(`/api/staff/tirehotel?${new URLSearchParams({ regno })}`, { signal }).then((r) => r.agreement);

export const addInspection = (agreementId: string, body: NewInspection) =>
  api<Inspection>(`/api/staff/tirehotel/${encodeURIComponent(agreementId)}/inspection`, { method: "POST", body });
