// The render worker's side of the frame protocol (docs/render-contract.md):
// a unix socket server taking length-prefixed frames on a persistent
// connection, one request at a time per connection, and answering each with
// what render(pageData) returns. The worker (worker.mjs) serves the app's
// render with it; bench/constant-render-worker.mjs serves a render that
// costs nothing, to measure what a rendered page costs besides React.
//
//   request:  u32 big-endian length, then a kind byte and the payload
//             'H' (health, no payload) | 'R' + page data JSON |
//             'P' + u64 dictionary key + u32 dictionary length + the
//             dictionary's JSON + page data JSON without its dictionary
//   answer:   a status byte, u32 big-endian length, then the body
//             0 + HTML (the app root's inner HTML) | 1 + the error text
// HTTP framing cost more than React's render of a page; a frame is two
// writes and no header parsing on either side.
import net from "node:net";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// MAX_FRAME bounds one request (the Go side bounds page data far below it).
const MAX_FRAME = 64 << 20;

// answer writes the status, length and text as one buffer: one write
// (one system call) per answer, and the text is encoded straight into it.
function answer(conn, status, text) {
  const n = Buffer.byteLength(text, "utf8");
  const out = Buffer.allocUnsafe(5 + n);
  out[0] = status;
  out.writeUInt32BE(n, 1);
  out.write(text, 5, "utf8");
  conn.write(out);
}

// Parsed dictionaries by key: every page of a site carries the same one,
// and parsing it was a third of a car page's JSON.parse. A handful of sites
// and languages; the bound only guards against a runaway.
const dictionaries = new Map();
const MAX_DICTIONARIES = 64;

function pageOf(frame) {
  const key = frame.toString("hex", 1, 9);
  const n = frame.readUInt32BE(9);
  if (13 + n > frame.length) throw new Error("dictionary longer than its frame");
  let dict = dictionaries.get(key);
  if (dict === undefined) {
    dict = JSON.parse(frame.toString("utf8", 13, 13 + n));
    if (dictionaries.size >= MAX_DICTIONARIES) dictionaries.clear();
    dictionaries.set(key, dict);
  }
  const data = JSON.parse(frame.toString("utf8", 13 + n));
  data.dictionary = dict;
  return data;
}

function handle(conn, frame, render) {
  const kind = frame[0];
  if (kind === 0x48 /* H */) {
    answer(conn, 0, "ok");
    return;
  }
  if (kind !== 0x52 /* R */ && kind !== 0x50 /* P */) {
    answer(conn, 1, "unknown request kind");
    return;
  }
  let html;
  try {
    html = render(kind === 0x50 ? pageOf(frame) : JSON.parse(frame.toString("utf8", 1)));
  } catch (err) {
    answer(conn, 1, String(err && err.stack ? err.stack : err));
    return;
  }
  answer(conn, 0, html);
}

// serveFrames listens on socket and answers every render frame with
// render(pageData), until the Go server that owns the process goes away or
// signals it.
function serveFrames(socket, render) {
  const server = net.createServer((conn) => {
    let buf = Buffer.alloc(0);
    conn.on("data", (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      while (buf.length >= 4) {
        const n = buf.readUInt32BE(0);
        if (n < 1 || n > MAX_FRAME) {
          conn.destroy();
          return;
        }
        if (buf.length < 4 + n) break;
        const frame = buf.subarray(4, 4 + n);
        buf = buf.subarray(4 + n);
        handle(conn, frame, render);
      }
    });
    // The Go side closes a connection whose render outlived its deadline.
    conn.on("error", () => {});
  });

  try {
    fs.unlinkSync(socket);
  } catch {}
  server.listen(socket);

  function stop() {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  }
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // The Go server owns us: when it goes away, so do we.
  process.on("disconnect", stop);
}

// startWorker starts a render worker from its command line: --socket <path>
// (required) and --bundle <server bundle> (default
// dist/server/entry-server.js). It serves the bundle's render, or what
// wrap makes of it (the benchmark's constant render).
export async function startWorker(wrap = (render) => render) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const socket = arg("--socket");
  if (!socket) {
    console.error("render worker: --socket is required");
    process.exit(2);
  }
  const bundle = path.resolve(arg("--bundle") ?? "dist/server/entry-server.js");
  const { render } = await import(pathToFileURL(bundle).href);
  serveFrames(socket, wrap(render));
}
