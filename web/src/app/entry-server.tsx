// The server entry: the render worker calls render(pageData) and gets the
// HTML of the app root. Pure: no fetch, no globals, no window.
import type { PageData } from "../lib/types";
import { App } from "./app";
import { preloadAllBlocks } from "./component-factory";
import { renderHTML } from "./server-html";

// Every lazily loaded block is loaded before the worker renders anything, so
// renderHTML never meets a block whose code is still on its way.
await preloadAllBlocks();

export function render(data: PageData): string {
  return renderHTML(<App initial={data} />);
}
