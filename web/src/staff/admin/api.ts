// The admin's accounts and audit API (docs/staff.md).
import { api } from "../shell/api-client";
import type { Role } from "../shell/use-me";

export type Account = {
  account: string;
  role: Role;
  departments: string[];
  sites: string[];
  disabled: boolean;
  source: "env" | "admin";
  createdAt: string;
  updatedAt: string;
};

export const ROLES: Role[] = ["editor", "workshop", "sales", "admin"];

export const listAccounts = (signal?: AbortSignal) => api<{ accounts: Account[] }>("/api/staff/accounts", { signal });

export type NewAccount = { account: string; password: string; role: Role; departments: string[]; sites: string[] };
export const createAccount = (a: NewAccount) => api<Account>("/api/staff/accounts", { method: "POST", body: a });

export type AccountChange = { role?: Role; departments?: string[]; sites?: string[]; disabled?: boolean; password?: string };
export const updateAccount = (name: string, ch: AccountChange) =>
  api<Account>(`/api/staff/accounts/${encodeURIComponent(name)}`, { method: "PATCH", body: ch });

export type AuditEntry = { id: number; at: string; account: string; action: string; subject: string; detail: string };
export type AuditPage = { entries: AuditEntry[]; next: number };

export function auditQuery(account: string, action: string, before = 0): string {
  const q = new URLSearchParams();
  if (account) q.set("account", account);
  if (action) q.set("action", action);
  if (before) q.set("before", String(before));
  const s = q.toString();
  return s ? "?" + s : "";
}

export const readAudit = (account: string, action: string, before = 0, signal?: AbortSignal) =>
  api<AuditPage>("/api/staff/audit" + auditQuery(account, action, before), { signal });

/** A comma- or line-separated list as the API takes it. */
export function splitList(s: string): string[] {
  return s
    .split(/[,\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
}
