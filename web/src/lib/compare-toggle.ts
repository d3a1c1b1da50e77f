// Toggle requests to the compare bar, in a module of their own so that car
// cards need none of the compare list's code.
export const COMPARE_TOGGLE = "forecourt:compare-toggle";

// The compare bar's code loads after the page hydrates; a press on "add to
// compare" before that must not be lost, so requests wait here until the
// bar listens (one module instance is shared by the page's and the bar's chunks).
let listening = false;
const pending: unknown[] = [];

/**
 * requestCompareToggle asks the compare bar to add or remove a car (detail:
 * the car, or { car }): the forecourt:compare-toggle event, kept for the bar
 * when it is not listening yet.
 */
export function requestCompareToggle(detail: unknown): void {
  if (!listening) pending.push(detail);
  window.dispatchEvent(new CustomEvent(COMPARE_TOGGLE, { detail }));
}

/**
 * listenCompareToggle is the compare bar's listener for toggle requests: it
 * first gets the requests made before it listened, then every new one. It
 * returns the function that stops listening.
 */
export function listenCompareToggle(on: (detail: unknown) => void): () => void {
  const h = (e: Event) => on((e as CustomEvent).detail);
  listening = true;
  for (const d of pending.splice(0)) on(d);
  window.addEventListener(COMPARE_TOGGLE, h);
  return () => {
    window.removeEventListener(COMPARE_TOGGLE, h);
    listening = false;
  };
}
