// The server entry: the render worker calls render(pageData) and gets the
// HTML of the app root. Pure: no fetch, no globals, no window.
import { renderToString } from "react-dom/server";
import type { PageData } from "../lib/types";
import { App } from "./app";

export function render(data: PageData): string {
  return renderToString(<App initial={data} />);
}
