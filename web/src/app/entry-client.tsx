// The browser entry: hydrate the server HTML from the embedded page data, or
// render from scratch when the server sent the client-side fallback.
//
// The work before hydration runs in tasks of its own, each short enough that
// the browser can answer a press or paint in between on a slow phone: the
// evaluation of this module (React DOM and the app), then reading the page
// data and asking for the page's lazy chunks, then starting the number
// formatters (lib/format.ts), then hydration itself, which React splits
// further. At a phone's CPU speed (4x slower than this machine) the
// evaluation with the data was a task of 50–130 ms, and ICU's start-up
// added 35–75 ms to the hydration slice of the first number on the page.
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { PageData } from "../lib/types";
import { App } from "./app";
import { preloadBlocks } from "./component-factory";
import { warmUpFormats } from "../lib/format";
import { nextTask } from "../lib/next-task";
import "../styles/global.css";

const el = document.getElementById("__PAGE_DATA__");
const root = document.getElementById("root");
if (el && root) void start(el, root);

async function start(el: HTMLElement, root: HTMLElement) {
  await nextTask();
  const data = JSON.parse(el.textContent || "{}") as PageData;
  // The site's dictionary has a script element of its own (the server
  // compresses it once for every page that carries it).
  const dict = document.getElementById("__DICT__");
  if (dict) data.dictionary = JSON.parse(dict.textContent || "{}") as PageData["dictionary"];
  // The chunks of the page's lazy blocks first, so that hydration renders
  // exactly the server's tree. A chunk that fails to load leaves its block
  // empty until it arrives rather than keeping the page from hydrating.
  const blocks = preloadBlocks(data).catch(() => undefined);
  // While they load: the formatters of the site's numbers and prices, whose
  // first one costs ICU's start-up (tens of milliseconds on a phone), in
  // tasks of their own instead of inside the first card's hydration.
  await warmUpFormats(data.site.locale, data.site.currency);
  await blocks;
  await nextTask();
  if (root.dataset.fallback !== undefined) {
    createRoot(root).render(<App initial={data} />);
  } else {
    // Hydrating in a transition lets React yield to the browser every few
    // milliseconds instead of hydrating the whole page in one task (a long
    // task of several hundred milliseconds on a phone for a car list). The
    // server HTML is on screen meanwhile, and a click or key press on it
    // makes React finish hydrating at once and replay it.
    startTransition(() => {
      hydrateRoot(root, <App initial={data} />);
    });
  }
}
