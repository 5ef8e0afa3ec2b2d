import { defineConfig } from "vitest/config";

// No plugin: in Vitest's node environment the package's Node.js entry loads by itself.
export default defineConfig({
  test: { environment: "node" },
});
