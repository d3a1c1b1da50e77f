import { afterEach, describe, expect, it, vi } from "vitest";
import { replayEarlyClicks, stopKeepingEarlyClicks } from "./early-clicks";

afterEach(() => {
  delete window.__fcEarly;
  document.body.innerHTML = "";
});

describe("replayEarlyClicks", () => {
  it("presses again the buttons pressed before hydration, in order, and lets later presses through", () => {
    document.body.innerHTML = `<button id="a">A</button><button id="b">B</button>`;
    const a = document.getElementById("a")!;
    const b = document.getElementById("b")!;
    const pressed: string[] = [];
    a.addEventListener("click", () => pressed.push("a"));
    b.addEventListener("click", () => pressed.push("b"));
    window.__fcEarly = { q: [b, a], ready: 0 };
    replayEarlyClicks();
    expect(pressed).toEqual(["b", "a"]);
    expect(window.__fcEarly).toEqual({ q: [], ready: 1 });
    replayEarlyClicks(); // once only
    expect(pressed).toEqual(["b", "a"]);
  });

  it("stops keeping presses when the shell has hydrated and replays those kept when the page has", () => {
    document.body.innerHTML = `<button id="a">A</button>`;
    const a = document.getElementById("a")!;
    const click = vi.fn();
    a.addEventListener("click", click);
    window.__fcEarly = { q: [a], ready: 0 };
    stopKeepingEarlyClicks();
    expect(window.__fcEarly).toEqual({ q: [a], ready: 1 });
    expect(click).not.toHaveBeenCalled();
    replayEarlyClicks();
    expect(click).toHaveBeenCalledTimes(1);
  });

  it("skips buttons that are no longer on the page and does nothing without the inline script", () => {
    const gone = document.createElement("button");
    const click = vi.fn();
    gone.addEventListener("click", click);
    window.__fcEarly = { q: [gone], ready: 0 };
    replayEarlyClicks();
    expect(click).not.toHaveBeenCalled();
    delete window.__fcEarly;
    expect(() => replayEarlyClicks()).not.toThrow();
  });
});
