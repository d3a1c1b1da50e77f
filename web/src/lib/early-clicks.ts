// Presses made before the page's script has hydrated it. A server-rendered
// page loads its script after its first paint (internal/web/document.go), so
// on a slow phone its buttons show a while before they do anything. The
// document's head keeps such presses (window.__fcEarly: the inline script
// there cancels a press on a button, check box or radio button before
// hydration and remembers it; cancelled, a box does not tick); once React
// has hydrated the page, they are pressed again.

/** EarlyClicks is what the document's inline script keeps. */
export interface EarlyClicks {
  /** The buttons and boxes pressed before hydration, in order, each once. */
  q: Element[];
  /** Set once the app has hydrated its shell (or its script failed to load): presses go through. */
  ready: number;
}

declare global {
  interface Window {
    __fcEarly?: EarlyClicks;
  }
}

/**
 * stopKeepingEarlyClicks lets presses through to the app from now on: called
 * once React has hydrated the shell and listens. (Kept longer, a press on a
 * part hydrated already would act twice: once now, once replayed.)
 */
export function stopKeepingEarlyClicks(): void {
  const early = window.__fcEarly;
  if (early) early.ready = 1;
}

/**
 * replayEarlyClicks presses again, once, the buttons pressed before
 * hydration that are still on the page. Called once the whole page has
 * hydrated.
 */
export function replayEarlyClicks(): void {
  const early = window.__fcEarly;
  if (!early) return;
  early.ready = 1;
  for (const el of early.q.splice(0)) {
    if (el.isConnected && el instanceof HTMLElement) el.click();
  }
}
