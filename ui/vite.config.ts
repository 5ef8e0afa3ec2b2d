import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import wasm from "vite-plugin-wasm";
import { defineConfig } from "vitest/config";

const uiRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: uiRoot,
  plugins: [react(), wasm()],
  build: {
    // Top-level await loads the core's WebAssembly before the first render.
    target: "es2022",
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    // The core's package lives in ../pkg.
    fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] },
    proxy: { "/health": "http://127.0.0.1:8080" },
  },
  test: {
    root: uiRoot,
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
  },
});
