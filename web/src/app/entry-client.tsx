// The browser entry: hydrate the server HTML from the embedded page data, or
// render from scratch when the server sent the client-side fallback.
import { createRoot, hydrateRoot } from "react-dom/client";
import type { PageData } from "../lib/types";
import { App } from "./app";
import "../styles/global.css";

const el = document.getElementById("__PAGE_DATA__");
const root = document.getElementById("root");
if (el && root) {
  const data = JSON.parse(el.textContent || "{}") as PageData;
  if (root.dataset.fallback !== undefined) {
    createRoot(root).render(<App initial={data} />);
  } else {
    hydrateRoot(root, <App initial={data} />);
  }
}
