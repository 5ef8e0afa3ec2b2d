// The project carries every file it reads: nothing in it names a folder beside the repository,
// and no relative path in its code, scripts or docs climbs out of it. A fresh clone with nothing
// beside it must pass the test command (README), so a test that reads `../something` outside the
// tree would pass here and fail for everyone else.
//
//   node .ci/self-contained.mjs     exits 1 and lists each offending line
//
// Checked: every file git tracks or would track (not ignored), except binary files. A relative
// path is a string literal (quotes, backticks, or a Markdown link target) starting with `../`,
// resolved against the file's folder (imports, `include_str!`, links), or with `/../`, resolved
// against its package's folder (Rust's `concat!(env!("CARGO_MANIFEST_DIR"), "/../…")`: the
// nearest Cargo.toml or package.json); it fails when it lands outside the repository.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const root = resolve(new URL("..", import.meta.url).pathname);
const self = relative(root, new URL(import.meta.url).pathname);

// Names of the folder CI keeps beside the clone; spelled in two parts so this file passes itself.
const OUTSIDE_NAMES = ["../" + "shared", "TIDEMARK_" + "SHARED"];
const RELATIVE = /(?:["'`]|\]\()(\/?)((?:\.\.\/)+[^"'`)\s]*)/g;

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\0")
  .filter((path) => path && existsSync(join(root, path)));

function packageDir(file) {
  let dir = dirname(join(root, file));
  while (dir.startsWith(root)) {
    if (existsSync(join(dir, "Cargo.toml")) || existsSync(join(dir, "package.json"))) return dir;
    if (dir === root) break;
    dir = dirname(dir);
  }
  return root;
}

const inside = (path) => path === root || path.startsWith(root + sep);

const problems = [];
for (const file of files) {
  if (file === self) continue;
  const bytes = readFileSync(join(root, file));
  if (bytes.includes(0)) continue; // binary
  const lines = bytes.toString("utf8").split("\n");
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const name of OUTSIDE_NAMES) {
      if (line.includes(name)) problems.push(`${where}: names ${name}: ${line.trim()}`);
    }
    for (const match of line.matchAll(RELATIVE)) {
      const [, slash, path] = match;
      const base = slash ? packageDir(file) : dirname(join(root, file));
      if (!inside(resolve(base, path))) {
        problems.push(`${where}: ${slash}${path} from ${relative(root, base) || "."} leaves the repository`);
      }
    }
  });
}

if (problems.length) {
  console.error(`files that reach outside the repository (${problems.length}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error("copy what a test reads into the project (tests/data, with its licence) and read it from there");
  process.exit(1);
}
console.log(`self-contained: ${files.length} files, none reads or links outside the repository`);
