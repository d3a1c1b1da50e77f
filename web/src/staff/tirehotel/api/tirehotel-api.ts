// Calls of the staff tyre-hotel page (docs/staff.md, "Tyre hotel").
import { request } from "../../workshop/api/http";
import type { Agreement, Inspection, NewInspection } from "../types";

export const fetchAgreement = (regno: string, signal?: AbortSignal) =>
  request<{ agreement: Agreement }>("GET", `/api/staff/tirehotel?${new URLSearchParams({ regno })}`, undefined, signal).then((r) => r.agreement);

export const addInspection = (agreementId: string, body: NewInspection) =>
  request<Inspection>("POST", `/api/staff/tirehotel/${encodeURIComponent(agreementId)}/inspection`, body);
