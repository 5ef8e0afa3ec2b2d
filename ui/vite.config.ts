import { copyFileSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import wasm from "vite-plugin-wasm";
import { defineConfig } from "vitest/config";

const uiRoot = fileURLToPath(new URL(".", import.meta.url));
const swaggerUi = fileURLToPath(new URL("../node_modules/swagger-ui-dist/", import.meta.url));

/** The API reference page (/api-docs/): Swagger UI from npm beside our own page and setup. */
function apiReference() {
  return {
    name: "tidemark-api-reference",
    apply: "build" as const,
    closeBundle() {
      const out = `${uiRoot}dist/api-docs/`;
      mkdirSync(out, { recursive: true });
      for (const file of ["swagger-ui-bundle.js", "swagger-ui.css"]) copyFileSync(`${swaggerUi}${file}`, `${out}${file}`);
      for (const file of ["index.html", "init.js"]) copyFileSync(`${uiRoot}api-docs/${file}`, `${out}${file}`);
    },
  };
}

export default defineConfig({
  root: uiRoot,
  plugins: [react(), wasm(), apiReference()],
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
