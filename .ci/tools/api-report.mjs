// The public surface of each entry of pkg/ (the npm package tidemark-core) against its API
// report in core-wasm/api/, by API Extractor. Fails when they differ; `--update` writes the
// reports instead (then say what changed in core-wasm/npm/CHANGELOG.md).
import { Extractor, ExtractorConfig } from "@microsoft/api-extractor";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;
const update = process.argv.includes("--update");
let failed = false;
for (const entry of ["main", "korean"]) {
  const configObjectFullPath = join(root, `.ci/tools/api-extractor.${entry}.json`);
  const config = ExtractorConfig.prepare({
    configObject: ExtractorConfig.loadFile(configObjectFullPath),
    configObjectFullPath,
    // The package the report is of: pkg/, not these tools.
    packageJsonFullPath: join(root, "pkg/package.json"),
  });
  const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false });
  if (result.apiReportChanged && !update) {
    console.error(`the ${entry} entry's public surface differs from ${config.reportFilePath}; the new report is ${config.reportTempFilePath}`);
  }
  if (!result.succeeded) failed = true;
}
if (failed) {
  console.error("If the change is meant: node .ci/tools/api-report.mjs --update, commit core-wasm/api/ and say what changed in core-wasm/npm/CHANGELOG.md");
  process.exit(1);
}
