import "@testing-library/jest-dom/vitest";

// jsdom has no matchMedia: every query is false (no reduced motion, desktop width).
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
