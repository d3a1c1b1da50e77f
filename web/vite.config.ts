import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// One client entry (hydration) and one server entry (the render worker's
// bundle). Go reads dist/client/.vite/manifest.json to link hashed assets.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  base: "/assets/",
  // Bundle react-aria (date pickers) into the server entry so only the
  // components used are loaded: importing the whole package costs a render
  // worker over a second of start-up.
  ssr: { noExternal: ["react-aria-components", "react-aria", "react-stately", /^@react-aria\//, /^@react-stately\//, /^@react-types\//, /^@internationalized\//, "@swc/helpers", "clsx", "client-only", "use-sync-external-store"] },
  build: {
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    rollupOptions: isSsrBuild
      ? { output: { format: "es", entryFileNames: "entry-server.js" } }
      : { input: "src/app/entry-client.tsx" },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
  },
}));
