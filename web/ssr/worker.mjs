// The Node render worker: listens on a unix socket and renders page data to
// HTML with the server bundle. It does nothing else: no fetch, no state
// between requests. The Go server starts, supervises and restarts it.
// The protocol is in frames.mjs (docs/render-contract.md).
import { startWorker } from "./frames.mjs";

await startWorker();
