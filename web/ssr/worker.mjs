// The Node render worker: listens on a unix socket and renders page data to
// HTML with the server bundle. It does nothing else: no fetch, no state
// between requests. The Go server starts, supervises and restarts it.
//
// Contract (docs/render-contract.md): length-prefixed frames on a
// persistent connection, one request at a time per connection.
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

function arg(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const socket = arg("--socket");
const bundle = path.resolve(arg("--bundle") ?? "dist/server/entry-server.js");
if (!socket) {
  console.error("render worker: --socket is required");
  process.exit(2);
}
const { render } = await import(pathToFileURL(bundle).href);

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

function handle(conn, frame) {
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
      handle(conn, frame);
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
