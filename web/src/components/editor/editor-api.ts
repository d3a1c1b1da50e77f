// The editor's API client: saving, publishing and the history of fields.
// It loads with the editing chrome (field editor, editor bar), never in a
// visitor's first load.
import type { FieldKind } from "../../lib/fields";

export interface FieldAddress {
  itemId: string;
  uid?: string;
  datasource?: string;
  language: string;
  field: string;
}

export interface FieldVersion {
  id: number;
  value: unknown;
  editor: string;
  createdAt: string;
  publishedAt?: string;
}

export class EditorError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

let csrf: Promise<string> | null = null;

/** csrfToken fetches the session's CSRF token once (effects and handlers only). */
export function csrfToken(): Promise<string> {
  csrf ??= fetch("/api/editor/session", { credentials: "same-origin", headers: { Accept: "application/json" } }).then(async (res) => {
    if (!res.ok) {
      csrf = null;
      throw new EditorError("Du är inte inloggad som redaktör längre. Logga in igen.", res.status);
    }
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  });
  return csrf;
}

async function call<T>(method: "GET" | "POST", url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method === "POST") {
    headers["Content-Type"] = "application/json";
    headers["X-CSRF-Token"] = await csrfToken();
  }
  const res = await fetch(url, { method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as { error?: { message: string; fields?: Record<string, string> } };
  if (!res.ok) {
    if (res.status === 401 || res.status === 403) csrf = null;
    throw new EditorError(data.error?.message ?? `HTTP ${res.status}`, res.status, data.error?.fields);
  }
  return data as T;
}

export function saveField(addr: FieldAddress, kind: FieldKind, value: unknown): Promise<FieldVersion> {
  return call("POST", "/api/editor/fields", { ...addr, kind, value });
}

export function publishPage(itemId: string, language: string): Promise<{ published: number }> {
  return call("POST", "/api/editor/publish", { itemId, language });
}

export async function fieldHistory(addr: FieldAddress): Promise<FieldVersion[]> {
  const q = new URLSearchParams({ itemId: addr.itemId, uid: addr.uid ?? "", datasource: addr.datasource ?? "", language: addr.language, field: addr.field });
  return (await call<{ versions: FieldVersion[] }>("GET", `/api/editor/history?${q}`)).versions;
}

export function revertField(versionId: number): Promise<FieldVersion> {
  return call("POST", "/api/editor/revert", { versionId });
}
