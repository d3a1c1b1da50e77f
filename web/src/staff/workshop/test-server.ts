// A stand-in for the staff API in component tests: fetch answers from a
// table of handlers, and an EventSource the test pushes events through.
import { vi } from "vitest";

export type Handler = (req: { method: string; url: URL; body: unknown; headers: Record<string, string> }) => { status?: number; body?: unknown } | undefined;

export function fakeStaffApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ method, path: url.pathname + url.search, body, headers });
    const h = handlers[`${method} ${url.pathname}`];
    const out = h?.({ method, url, body, headers }) ?? { status: 404, body: { error: { code: "not_found", message: "not found" } } };
    const status = out.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(out.body ?? {}), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

export class FakeEventSource {
  static last: FakeEventSource | null = null;
  url: string;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners: Record<string, ((e: MessageEvent) => void)[]> = {};
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    (this.listeners[name] ??= []).push(fn);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners[name] ?? []) fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}
