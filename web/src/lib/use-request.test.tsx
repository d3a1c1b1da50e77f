import { describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { useLatestCall, useRequest, type Outcome } from "./use-request";
import { ApiError, json } from "./api-client";

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("useRequest", () => {
  it("loads on mount and again when deps change; an older answer never lands", async () => {
    const calls: { id: string; signal: AbortSignal; d: ReturnType<typeof deferred<string>> }[] = [];
    function Probe({ id }: { id: string }) {
      const s = useRequest((signal) => {
        const d = deferred<string>();
        calls.push({ id, signal, d });
        return d.promise;
      }, [id]);
      return <p>{s.status === "ready" ? s.data : s.status}</p>;
    }
    const { rerender } = render(<Probe id="a" />);
    expect(screen.getByText("loading")).toBeInTheDocument();
    rerender(<Probe id="b" />);
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => calls[1].d.resolve("B"));
    await act(async () => calls[0].d.resolve("A"));
    expect(screen.getByText("B")).toBeInTheDocument();
  });

  it("a null load is idle and a failed one is an error", async () => {
    function Probe({ fail }: { fail: boolean | null }) {
      const s = useRequest(fail === null ? null : () => (fail ? Promise.reject(new Error("x")) : Promise.resolve("ok")), [fail]);
      return <p>{s.status}</p>;
    }
    const { rerender } = render(<Probe fail={null} />);
    expect(screen.getByText("idle")).toBeInTheDocument();
    rerender(<Probe fail={true} />);
    expect(await screen.findByText("error")).toBeInTheDocument();
  });
});

describe("useLatestCall", () => {
  it("a newer call supersedes the one before: the older resolves to null", async () => {
    const seen: (Outcome<string> | null)[] = [];
    let run!: ReturnType<typeof useLatestCall>["run"];
    function Probe() {
      run = useLatestCall().run;
      return null;
    }
    render(<Probe />);
    const first = deferred<string>();
    const p1 = run(() => first.promise).then((o) => seen.push(o));
    const p2 = run(async () => "second").then((o) => seen.push(o));
    first.resolve("first");
    await act(async () => void (await Promise.all([p1, p2])));
    expect(seen).toContainEqual({ ok: true, value: "second" });
    expect(seen).toContainEqual(null);
  });
});

describe("api client", () => {
  it("reads the house, booking and tyre-hotel error shapes", async () => {
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));
    vi.stubGlobal("fetch", answer(400, { error: { code: "invalid", message: "Fel.", fields: { email: "saknas" } } }));
    let err = await json("/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: "invalid", serverMessage: "Fel.", fields: { email: "saknas" }, fromServer: true });
    vi.stubGlobal("fetch", answer(409, { errors: { "Error Result": ["TimeslotNotAvailable"] }, message: "Upptagen" }));
    err = await json("/x", { body: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: "TimeslotNotAvailable", serverMessage: "Upptagen" });
    vi.stubGlobal("fetch", answer(429, { code: "RateLimited", message: "Vänta" }, { "Retry-After": "120" }));
    err = await json("/x").catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, code: "RateLimited", retryAfter: 120 });
    vi.stubGlobal("fetch", vi.fn(async () => new Response("oops", { status: 502 })));
    err = await json("/x", { fallbackCode: "ServerError" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: "ServerError", serverMessage: "", fromServer: false, message: "HTTP 502" });
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    err = await json("/x").catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0 });
    vi.unstubAllGlobals();
  });

  it("sends a body as JSON with POST", async () => {
    const f = vi.fn(async () => new Response("{\"a\":1}", { status: 200 }));
    vi.stubGlobal("fetch", f);
    expect(await json("/y", { body: { q: 1 } })).toEqual({ a: 1 });
    expect(f).toHaveBeenCalledWith("/y", expect.objectContaining({ method: "POST", body: "{\"q\":1}", headers: expect.objectContaining({ "Content-Type": "application/json" }) }));
    vi.unstubAllGlobals();
  });
});
