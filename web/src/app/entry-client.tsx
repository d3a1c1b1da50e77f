// The browser entry: hydrate the server HTML from the embedded page data, or
// render from scratch when the server sent the client-side fallback.
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { PageData } from "../lib/types";
import { App } from "./app";
import { preloadBlocks } from "./component-factory";
import "../styles/global.css";

const el = document.getElementById("__PAGE_DATA__");
const root = document.getElementById("root");
if (el && root) {
  const data = JSON.parse(el.textContent || "{}") as PageData;
  // The site's dictionary has a script element of its own (the server
  // compresses it once for every page that carries it).
  const dict = document.getElementById("__DICT__");
  if (dict) data.dictionary = JSON.parse(dict.textContent || "{}") as PageData["dictionary"];
  // The chunks of the page's lazy blocks first, so that hydration renders
  // exactly the server's tree. A chunk that fails to load leaves its block
  // empty until it arrives rather than keeping the page from hydrating.
  void preloadBlocks(data)
    .catch(() => undefined)
    .then(() => {
      if (root.dataset.fallback !== undefined) {
        createRoot(root).render(<App initial={data} />);
      } else {
        // Hydrating in a transition lets React yield to the browser every
        // few milliseconds instead of hydrating the whole page in one task
        // (a long task of several hundred milliseconds on a phone for a car
        // list). The server HTML is on screen meanwhile, and a click or key
        // press on it makes React finish hydrating at once and replay it.
        startTransition(() => {
          hydrateRoot(root, <App initial={data} />);
        });
      }
    });
}
