import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";

// The one set-up tidemark-core asks of a Vite app: vite-plugin-wasm, and a build target that
// has top-level await.
export default defineConfig({
  plugins: [react(), wasm()],
  build: { target: "es2022" },
});
