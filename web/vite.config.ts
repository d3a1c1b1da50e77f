import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// One client entry (hydration) and one server entry (the render worker's
// bundle). Go reads dist/client/.vite/manifest.json to link hashed assets.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  base: "/",
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
