// Journey of editing mode: an editor signs in, edits the home page heading,
// sees the draft at once while visitors keep the published text, publishes,
// and then visitors see it too.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { root, startServer, launchBrowser, newPage, screenshot, hydrated } from "./harness.mjs";

// The demo editor of the Makefile (password "forecourt-demo"); only the hash is configured.
const EDITOR_ACCOUNTS = "redaktor:$2a$12$TDlk248Auz/TZNFMy2iZse/Psip724.OgVyFVebfTGDfFQjMKRVxe";

let server, browser, dataDir;
before(async () => {
  // A data folder of its own: the journey publishes an edit.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-e2e-editing-"));
  execFileSync(path.join(root, "bin", "forecourt"), ["seed"], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "ignore" });
  server = await startServer({ DATA_DIR: dataDir, EDITOR_ACCOUNTS });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const heading = (page) => page.locator(".fc-hero__title").first();

test("an editor edits the home heading, visitors see it only after publishing", async () => {
  const visitor = await newPage(browser);
  await visitor.goto(server.url + "/?mode=edit");
  // Hydrated: editing chrome the app added would be there by now.
  await hydrated(visitor);
  assert.equal(await heading(visitor).textContent(), "Hitta din nästa bil");
  assert.equal(await visitor.getByRole("button", { name: /^Redigera/ }).count(), 0, "visitors get no editing chrome");

  const editor = await newPage(browser);
  await editor.goto(server.url + "/editor/login");
  await editor.getByLabel("Användarnamn").fill("redaktor");
  await editor.getByLabel("Lösenord").fill("forecourt-demo");
  await editor.getByRole("button", { name: "Logga in" }).click();
  await editor.waitForURL(server.url + "/?mode=edit");
  await editor.getByRole("region", { name: "Redigeringsläge" }).waitFor();
  await hydrated(editor);
  const cookie = (await editor.context().cookies()).find((c) => c.name === "fc_editor");
  assert.ok(cookie?.httpOnly && cookie.sameSite === "Lax", "session cookie is HttpOnly and SameSite=Lax");

  await editor.getByRole("button", { name: "Redigera Title" }).first().click();
  const box = editor.getByRole("dialog").getByLabel("Text");
  await box.fill("Din nya bil väntar");
  await editor.getByRole("button", { name: "Spara utkast" }).click();
  await editor.waitForFunction(() => document.querySelector(".fc-hero__title")?.textContent === "Din nya bil väntar");
  await screenshot(editor, "editing-draft");

  await visitor.reload();
  assert.equal(await heading(visitor).textContent(), "Hitta din nästa bil", "visitors keep the published text");

  await editor.getByRole("button", { name: "Publicera" }).click();
  await editor.getByText(/Publicerat \(1 ändringar\)/).waitFor();

  await visitor.reload();
  await hydrated(visitor);
  assert.equal(await heading(visitor).textContent(), "Din nya bil väntar");
  assert.equal(await visitor.getByRole("button", { name: /^Redigera/ }).count(), 0);
  assert.deepEqual(editor.consoleProblems, []);
  assert.deepEqual(visitor.consoleProblems, []);
  await editor.context().close();
  await visitor.context().close();
});
