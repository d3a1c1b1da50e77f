// The server entry: the render worker calls render(pageData) and gets the
// HTML of the app root. Pure: no fetch, no globals, no window.
import { renderToString } from "react-dom/server";
import type { PageData } from "../lib/types";
import { App } from "./app";
import { preloadAllBlocks } from "./component-factory";

// Every lazily loaded block is loaded before the worker renders anything, so
// renderToString never meets a block whose code is still on its way.
await preloadAllBlocks();

export function render(data: PageData): string {
  return renderToString(<App initial={data} />);
}
