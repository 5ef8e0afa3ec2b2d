// ESLint for the UI and the browser tests: TypeScript's recommended rules, the rules of hooks,
// and the UI's layers (docs/architecture.md "The UI"): app → features → components and lib,
// no feature importing another, only ui/src/lib/core.ts importing the core's package, and no
// import cycle. `npm run lint`; the test command runs it with no warning allowed.
import { readdirSync } from "node:fs";
import { createNodeResolver, importX, tseslint } from "@tidemark/eslint-typescript";
import { defineConfig } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";

/** Every folder of ui/src/features is a feature: a new one is checked without being listed. */
const FEATURES = readdirSync(new URL("./ui/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature imports only itself, and what lies below the features. */
const ONE_FEATURE = FEATURES.map((feature) => ({
  target: `./ui/src/features/${feature}`,
  from: "./ui/src/features",
  except: [`./${feature}`],
  message: "A feature does not import another: what both use belongs in ui/src/components or ui/src/lib.",
}));

/** The shared layers know nothing of what uses them. */
const BELOW_FEATURES = {
  target: ["./ui/src/components", "./ui/src/lib"],
  from: ["./ui/src/features", "./ui/src/app"],
  message: "components/ and lib/ sit below the features and the app: they import neither.",
};

/** The core's package has one door. */
const CORE_DOOR = {
  target: ["./ui/src", "./tests"],
  from: "./pkg",
  message: "Only ui/src/lib/core.ts imports the core's package (pkg/): import from lib/core.",
};

const layers = (zones) => ["error", { zones }];

// import-x's TypeScript settings, less the resolver they name (eslint-import-resolver-typescript).
const { "import-x/resolver": _resolver, ...readTypeScript } = importX.flatConfigs.typescript.settings;

export default defineConfig([
  { ignores: ["ui/dist/", "tests/e2e/test-results/", "tests/e2e/artifacts/", "tests/e2e/playwright-report/"] },
  tseslint.configs.recommended,
  { files: ["ui/src/**/*.{ts,tsx}"], ...reactHooks.configs.flat.recommended },
  {
    files: ["ui/src/**/*.{ts,tsx}", "tests/**/*.{ts,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      // The files the import rules read to follow imports (TypeScript's among them), found by
      // the node resolver with TypeScript's extensions.
      ...readTypeScript,
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": layers([...ONE_FEATURE, BELOW_FEATURES, CORE_DOOR]),
    },
  },
  { files: ["ui/src/lib/core.ts"], rules: { "import-x/no-restricted-paths": layers([BELOW_FEATURES]) } },
]);
