// HTML validity: the server HTML of every template of every site
// (e2e/templates.mjs) passes the Nu Html Checker (vnu-jar, a devDependency
// of web/, run with Java) with no error. The documents are fetched as a
// browser would get them, written to one folder and checked in one run.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, root } from "./harness.mjs";
import { allTemplates, fetchOn } from "./templates.mjs";

const VNU = path.join(root, "web", "node_modules", "vnu-jar", "build", "dist", "vnu.jar");

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

test("the server HTML of every template of every site has no Nu Html Checker error", { timeout: 20 * 60_000 }, async () => {
  assert.ok(fs.existsSync(VNU), `no ${VNU}: run npm ci in web/`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-vnu-"));
  try {
    const names = new Map();
    for (const t of await allTemplates(server.port)) {
      const res = await fetchOn(server.port, t.site, t.path);
      assert.equal(res.status, t.status, `${t.site}${t.path} answers ${res.status}`);
      const name = `${t.site}${t.path === "/" ? "_home" : t.path.replace(/[^a-z0-9-]+/gi, "_")}.html`;
      names.set(name, `${t.site}${t.path}`);
      fs.writeFileSync(path.join(dir, name), res.body);
    }
    // vnu exits non-zero when it finds errors; the JSON report says which.
    const out = await new Promise((resolve, reject) => {
      execFile("java", ["-jar", VNU, "--errors-only", "--format", "json", dir], { maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
        if (err && !stderr.trim().startsWith("{")) reject(new Error(`vnu could not run: ${err.message}\n${stderr}`));
        else resolve(stderr || stdout);
      });
    });
    const errors = JSON.parse(out).messages.filter((m) => m.type === "error" || m.subType === "fatal");
    const lines = errors.map((m) => `${names.get(path.basename(m.url ?? "")) ?? m.url}:${m.lastLine ?? "?"}: ${m.message} ${m.extract ? `(${m.extract.trim().slice(0, 120)})` : ""}`);
    assert.deepEqual(lines, [], `Nu Html Checker errors:\n${lines.join("\n")}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
