import { afterEach, describe, expect, it, vi } from "vitest";
import { replayEarlyClicks } from "./early-clicks";

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
