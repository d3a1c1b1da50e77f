// The one HTTP client of the browser code: every call to the server goes
// through request() or json(), so a failed answer is always an ApiError
// with the server's code, message and field messages, and its body is
// always read (a body nobody reads keeps the request open in Chromium: the
// UK car page's 404 from /api/media stayed "pending" until the page was
// left, so the page never reached network idle).
//
// The server answers errors in three shapes and all three are read:
//   {"error": {"code", "message", "fields"}}           the house shape (internal/errs)
//   {"errors": {"Error Result": [code]}, "message"}    the booking contract
//   {"code", "message"}                                the tyre-hotel contract

/** ApiError is a failed call: status 0 when the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's error code ("invalid", "TimeslotNotAvailable", …), or the caller's fallback. */
    readonly code: string,
    /** The server's message, "" when it sent none: safe to show only when set. */
    readonly serverMessage = "",
    /** Messages by field name (JSON paths such as "values.customerPhone"). */
    readonly fields: Record<string, string> = {},
    /** Seconds the server asked the client to wait (Retry-After), 0 when none. */
    readonly retryAfter = 0,
  ) {
    super(serverMessage || (status ? `HTTP ${status}` : "network error"));
    this.name = "ApiError";
  }

  /** fromServer is true when the server sent a message of its own. */
  get fromServer(): boolean {
    return this.serverMessage !== "";
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** A body is sent as JSON. A POST without one still says JSON: the server takes state-changing calls as JSON only. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The code of an ApiError whose answer names none (the booking flow's "ServerError"). */
  fallbackCode?: string;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
  errors?: Record<string, unknown>;
  code?: unknown;
  message?: unknown;
  fields?: unknown;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const strMap = (v: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) if (typeof x === "string") out[k] = x;
  return out;
};

/** errorOf reads a failed answer into an ApiError (consuming its body). */
async function errorOf(res: Response, fallbackCode = ""): Promise<ApiError> {
  let b: ErrorBody = {};
  try {
    const parsed: unknown = JSON.parse(await res.text());
    if (parsed && typeof parsed === "object") b = parsed as ErrorBody;
  } catch {
    // not JSON (or no body): the status says it all
  }
  const contract = b.errors?.["Error Result"];
  const code = str(b.error?.code) || (Array.isArray(contract) ? str(contract[0]) : "") || str(b.code) || fallbackCode;
  const message = str(b.error?.message) || str(b.message);
  const fields = { ...strMap(b.fields), ...strMap(b.error?.fields) };
  const retry = parseInt(res.headers.get("Retry-After") ?? "", 10);
  return new ApiError(res.status, code, message, fields, Number.isFinite(retry) && retry > 0 ? retry : 0);
}

/**
 * request sends one call and returns the answer when it is ok (2xx); any
 * other answer throws an ApiError, and so does a network failure (status
 * 0). An aborted call throws the abort as it is, so callers tell it apart
 * by their signal.
 */
export async function request(url: string, o: RequestOptions = {}): Promise<Response> {
  const method = o.method ?? (o.body !== undefined ? "POST" : "GET");
  const headers: Record<string, string> = { Accept: "application/json", ...o.headers };
  if (method !== "GET") headers["Content-Type"] ??= "application/json";
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: o.body !== undefined ? JSON.stringify(o.body) : undefined, signal: o.signal, credentials: "same-origin" });
  } catch (err) {
    if (o.signal?.aborted) throw err;
    throw new ApiError(0, o.fallbackCode ?? "", "", {}, 0);
  }
  if (!res.ok) throw await errorOf(res, o.fallbackCode);
  return res;
}

/** json sends one call (request) and returns its JSON answer; an empty answer (204) is undefined. */
export async function json<T>(url: string, o: RequestOptions = {}): Promise<T> {
  const res = await request(url, o);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
