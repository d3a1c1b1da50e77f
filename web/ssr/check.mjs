// Build check: the server bundle loads in plain Node and renders a minimal
// page without touching browser globals.
import path from "node:path";
import { pathToFileURL } from "node:url";

const bundle = path.resolve("dist/server/entry-server.js");
const { render } = await import(pathToFileURL(bundle).href);
const html = render({
  sitecore: { context: { pageEditing: false, site: { name: "group-se" }, language: "sv", itemPath: "/" }, route: null },
  site: { name: "group-se", kind: "group", language: "sv", defaultLanguage: "sv", locale: "sv-SE", currency: "SEK", languages: [], homePath: "/", isUK: false, isCarStore: false },
  dictionary: {},
  path: "/",
  query: "",
  status: 404,
  data: {},
  flags: { hideAlert: false },
});
if (typeof html !== "string" || html.length === 0) {
  console.error("ssr check: render returned nothing");
  process.exit(1);
}
console.log("ssr check: ok (" + html.length + " bytes)");
