import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// One client entry (hydration) and one server entry (the render worker's
// bundle). Go reads dist/client/.vite/manifest.json to link hashed assets.
// The staff app (src/staff, client-rendered at /staff/) is a build of its
// own (`--mode staff`, its own manifest, into the same assets folder): one
// build with two entries would share chunks between them and change the
// visitors' first load.
export default defineConfig(({ isSsrBuild, mode }) => {
  const staff = mode === "staff";
  return {
  plugins: [react()],
  // Files land in dist/client/assets/ and are served at /assets/<file>: the
  // base is the site root, so that the preload paths of lazily loaded chunks
  // ("/" + "assets/x.js") are right.
  base: "/",
  // Bundle react-aria (date pickers) into the server entry so only the
  // components used are loaded: importing the whole package costs a render
  // worker over a second of start-up.
  ssr: { noExternal: ["react-aria-components", "react-aria", "react-stately", /^@react-aria\//, /^@react-stately\//, /^@react-types\//, /^@internationalized\//, "@swc/helpers", "clsx", "client-only", "use-sync-external-store"] },
  build: {
    emptyOutDir: !staff,
    sourcemap: false,
    // One stylesheet for every page: lazily loaded blocks must not bring
    // their CSS after the server HTML is already on screen.
    cssCodeSplit: false,
    target: "es2022",
    // A dialog loaded on a press names no chunks to preload: the list of its
    // react-aria chunks would sit in the page's first load (the car page's
    // budget), and they load anyway as the dialog's own imports.
    modulePreload: {
      resolveDependencies: (file, deps) => (/test-drive-dialog/.test(file) ? [] : deps),
    },
    rollupOptions: isSsrBuild
      ? { output: { format: "es", entryFileNames: "entry-server.js" } }
      : staff
        ? { input: "src/staff/main.tsx" }
        : {
            input: "src/app/entry-client.tsx",
            // The small shared modules of lib that most pages' chunks use
            // (page context and texts, the API client, the request hook,
            // formatting) travel as one chunk: as a chunk each, their
            // per-file overhead alone cost the car detail page 0.5 KB.
            output: { codeSplitting: { groups: [{ name: "lib", test: /src\/lib\/(page-context|text|api-client|search|use-request|hooks|format|next-task|value-text)\.tsx?$/ }] } },
          },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
    // Component tests drive whole flows with user-event; on a loaded
    // two-core machine one can take longer than the 5-second default
    // without anything being wrong. A hang still fails, within a minute.
    testTimeout: 30_000,
  },
  };
});
