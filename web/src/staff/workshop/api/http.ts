// The staff API's transport as the workshop pages need it: JSON in and out,
// the CSRF token on every change, and errors in the project's shape
// ({"error":{"code","message","fields"}}) as a typed StaffApiError.

export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = "StaffApiError";
  }
}

let csrfToken = "";

/** setCsrf keeps the signed-in member's CSRF token (me.csrf) for every change. */
export function setCsrf(token: string) {
  csrfToken = token;
}

export async function request<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, credentials: "same-origin" });
  if (res.status === 204) return undefined as T;
  if (res.ok) return (await res.json()) as T;
  let code = "internal";
  let message = "";
  let fields: Record<string, string> = {};
  try {
    const b = (await res.json()) as { error?: { code?: string; message?: string; fields?: Record<string, string> } | string };
    if (typeof b.error === "string") message = b.error;
    else if (b.error) {
      code = b.error.code ?? code;
      message = b.error.message ?? "";
      fields = b.error.fields ?? {};
    }
  } catch {
    /* not JSON */
  }
  throw new StaffApiError(res.status, code, message || `HTTP ${res.status}`, fields);
}
