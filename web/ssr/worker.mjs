// The Node render worker: serves HTTP on a unix socket and renders page data
// to HTML with the server bundle. It does nothing else: no fetch, no state
// between requests. The Go server starts, supervises and restarts it.
//
// Contract (docs/render-contract.md):
//   GET  /health  -> 200 "ok"
//   POST /render  body: page data JSON -> 200 text/html (the app root's inner HTML)
//                                      -> 500 text/plain (the error) when rendering throws
import http from "node:http";
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

const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/health") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
    return;
  }
  if (req.method !== "POST" || req.url !== "/render") {
    res.writeHead(404);
    res.end();
    return;
  }
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    let html;
    try {
      const data = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      html = render(data);
    } catch (err) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(err && err.stack ? err.stack : err));
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
});
server.keepAliveTimeout = 60_000;

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
