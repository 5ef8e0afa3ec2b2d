// The TypeScript-reading lint plugins, loaded with this package's own TypeScript 6 (see
// package.json); eslint.config.js at the root takes them from here.
export { default as tseslint } from "typescript-eslint";
export { createNodeResolver, importX } from "eslint-plugin-import-x";
