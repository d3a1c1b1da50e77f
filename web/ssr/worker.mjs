// The Node render worker: listens on a unix socket and renders page data to
// HTML with the server bundle. It does nothing else: no fetch, no state
// between requests. The Go server starts, supervises and restarts it.
// The protocol is in frames.mjs (docs/render-contract.md).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serveFrames, workerArgs } from "./frames.mjs";

const { socket, bundle } = workerArgs(process.argv);
if (!socket) {
  console.error("render worker: --socket is required");
  process.exit(2);
}
const { render } = await import(pathToFileURL(path.resolve(bundle)).href);
serveFrames(socket, render);
