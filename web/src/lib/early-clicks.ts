// Presses made before the page's script has hydrated it. A server-rendered
// page loads its script after its first paint (internal/web/document.go), so
// on a slow phone its buttons show a while before they do anything. The
// document's head keeps such presses (window.__fcEarly: the inline script
// there cancels a press on a button before hydration and remembers the
// button); once React has hydrated the page, they are pressed again.

/** EarlyClicks is what the document's inline script keeps. */
export interface EarlyClicks {
  /** The buttons pressed before hydration, in order, each once. */
  q: Element[];
  /** Set once the page has hydrated (or its script failed to load): presses go through. */
  ready: number;
}

declare global {
  interface Window {
    __fcEarly?: EarlyClicks;
  }
}

/**
 * replayEarlyClicks lets presses through from now on and presses again the
 * buttons pressed before hydration that are still on the page. Called once
 * the page has hydrated.
 */
export function replayEarlyClicks(): void {
  const early = window.__fcEarly;
  if (!early || early.ready) return;
  early.ready = 1;
  for (const el of early.q.splice(0)) {
    if (el.isConnected && el instanceof HTMLElement) el.click();
  }
}
