import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  for (const c of document.cookie.split("; ").filter(Boolean)) document.cookie = `${c.split("=")[0]}=; Max-Age=0; Path=/`;
});

// jsdom has no matchMedia: every query is false (no phone width, no reduced motion) unless a test stubs it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

// jsdom does not play media.
window.HTMLMediaElement.prototype.play = function () {
  this.dispatchEvent(new Event("play"));
  return Promise.resolve();
};
window.HTMLMediaElement.prototype.pause = function () {
  this.dispatchEvent(new Event("pause"));
};
