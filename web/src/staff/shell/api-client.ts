// The staff app's one API client: JSON in and out, the session's CSRF
// token on every change, typed errors in the project's shape
// ({"error":{"code","message","fields"}}). A 401 tells the shell that the
// session is gone (onSignedOut), so any page falls back to the sign-in.
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields: Record<string, string> = {},
    /** Seconds to wait (Retry-After of a 429), 0 when not given. */
    public retryAfter = 0,
  ) {
    super(message);
  }
}

let csrfToken = "";
let signedOut: () => void = () => undefined;

/** Set by the shell when the staff member is known (useMe). */
export function setSession(csrf: string, onSignedOut: () => void) {
  csrfToken = csrf;
  signedOut = onSignedOut;
}

type Options = { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown; signal?: AbortSignal };

export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const method = opts.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: "same-origin",
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(0, "network", "network");
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: handled below
  }
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | undefined)?.error;
    if (res.status === 401 && path !== "/api/staff/login" && path !== "/api/staff/me") signedOut();
    const retry = Number(res.headers.get("Retry-After") ?? 0);
    throw new ApiError(res.status, err?.code ?? "internal", err?.message ?? res.statusText, err?.fields ?? {}, Number.isFinite(retry) ? retry : 0);
  }
  return data as T;
}
