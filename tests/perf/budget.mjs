// The reader's site budgets, measured and printed (docs/performance.md):
// 1. the first load of a post page: JS + wasm + CSS transferred (compressed) ≤ 150 KB;
// 2. LCP < 1.5 s and CLS < 0.05 in Lighthouse's mobile lab run (simulated slow 4G, 4× CPU
//    slowdown) in Debian's Chromium, for a post page, the home page and a list; median of RUNS
//    (5), each run started once the machine is quiet (Lighthouse's simulation scales the CPU
//    time it observes, so another process's work would count as the page's);
// 3. the first load of the console's writing page (the editor), signed in, ≤ 250 KB
//    (compressed js + wasm + css);
// 4. printed, not budgeted: the time from a click on "Publish now" to the post being readable
//    on its public page, median of RUNS.
// It starts its own server (TIDEMARK_BIN, release build by default) on a fresh demo data
// folder (or measures BASE_URL), and exits non-zero when a budget is missed.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = fileURLToPath(new URL("../..", import.meta.url));
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.BUDGET_PORT ?? 18190);
// BASE_URL measures a server that is already running instead of starting one.
const base = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;
const runs = Number(process.env.RUNS ?? 5);
const budgets = { firstLoadKb: 150, editorFirstLoadKb: 250, lcpMs: 1500, cls: 0.05 };
const DEMO_PASSWORD = "Demo-pass-2026";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** @param {() => Promise<unknown>} check @param {string} what @param {number} [seconds] */
async function waitFor(check, what, seconds = 120) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function startServer() {
  if (process.env.BASE_URL) return { stop() {} };
  const bin = process.env.TIDEMARK_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "release/tidemark");
  const taken = await fetch(`${base}/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers on ${base}: stop it, or set BUDGET_PORT`);
  const dataDir = mkdtempSync(join(tmpdir(), "tidemark-budget-"));
  const server = spawn(bin, [], {
    cwd: root,
    env: { ...process.env, PORT: String(port), TIDEMARK_DATA_DIR: dataDir, TIDEMARK_UI_DIR: join(root, "ui/dist"), RUST_LOG: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // A server that could not start must fail the run, never leave another process on the port
  // to be measured in its place.
  /** @type {number | string | null} */
  let exited = null;
  server.on("exit", (code, signal) => (exited = signal ?? code));
  await waitFor(async () => exited !== null || (await fetch(`${base}/ready`)).ok, "the server");
  if (exited !== null) throw new Error(`the server exited (${exited}) before answering`);
  await waitFor(async () => {
    const answer = await (await fetch(`${base}/api/v1/posts/latest?size=1`)).json();
    return answer.data.items.length > 0;
  }, "the demo content");
  return {
    stop() {
      server.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** @typedef {"js" | "wasm" | "css" | "font" | "image" | "document" | "data"} Kind */

/** Signs a demo account in through the API; the session cookies land in the context.
 * @param {import("@playwright/test").BrowserContext} context @param {string} email */
async function signIn(context, email) {
  const answer = await context.request.post(`${base}/membership/v1/login`, {
    headers: { _off_set: "540", "content-type": "application/json" },
    data: { email, password: DEMO_PASSWORD, autoLogin: "N", deviceType: "PC", deviceOs: "LINUX", browser: "Chrome", browserVer: "1", browserAgent: "budget", osVersion: "", deviceId: "budget", pushToken: "" },
  });
  if (!answer.ok()) throw new Error(`sign-in of ${email}: ${answer.status()} ${await answer.text()}`);
}

/** Compressed body bytes per kind for a cold first load, from the DevTools protocol (what
 * the network carried for each response, less its headers), and the headers' total; signed
 * in as `email` when given.
 * @param {string} url @param {string} [email] */
async function firstLoad(url, email) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  const context = await browser.newContext();
  if (email) await signIn(context, email);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  /** @type {Map<string, Kind>} */
  const kinds = new Map();
  /** @type {Map<string, number>} */
  const headerBytes = new Map();
  /** @type {Map<string, string>} */
  const urls = new Map();
  /** Compressed body bytes of each script, stylesheet and wasm file, by address.
   * @type {Map<string, number>} */
  const assets = new Map();
  const bytes = { js: 0, wasm: 0, css: 0, font: 0, image: 0, document: 0, data: 0, headers: 0 };
  cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
    const mime = response.mimeType ?? "";
    const kind =
      mime === "application/wasm"
        ? "wasm"
        : type === "Script"
          ? "js"
          : type === "Stylesheet"
            ? "css"
            : type === "Font"
              ? "font"
              : type === "Image"
                ? "image"
                : type === "Document"
                  ? "document"
                  : "data";
    kinds.set(requestId, kind);
    urls.set(requestId, response.url);
    // At the time the response arrives, what the network carried is its headers.
    headerBytes.set(requestId, response.encodedDataLength ?? 0);
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const kind = kinds.get(requestId);
    if (!kind) return;
    const headers = headerBytes.get(requestId) ?? 0;
    bytes[kind] += encodedDataLength - headers;
    bytes.headers += headers;
    if (kind === "js" || kind === "css" || kind === "wasm") assets.set(urls.get(requestId) ?? requestId, encodedDataLength - headers);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await browser.close();
  return { ...bytes, assets };
}

/** From a click on "Publish now" in the writing page to the post's public page answering
 * with its title (polled by a guest every 10 ms), in ms: RUNS drafts, the median.
 * @returns {Promise<{ median: number, runs: number[] }>} */
async function publishToReadable() {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  const context = await browser.newContext({ locale: "en-US" });
  await signIn(context, "master@tidemark.test");
  const page = await context.newPage();
  /** @type {number[]} */
  const times = [];
  try {
    for (let run = 0; run < runs; run++) {
      const title = `Budget ${Date.now().toString(36)} ${run}`;
      const created = await context.request.post(`${base}/api/v1/posts`, {
        headers: { _off_set: "540", "content-type": "application/json" },
        data: { categoryId: 1, title, summary: "", bodyHtml: "<p>Measured from the click on publish.</p>", action: "draft" },
      });
      const id = (await created.json()).data.postSeq;
      await page.goto(`${base}/mypage/content/register?id=${id}`);
      const publish = page.getByRole("button", { name: "Publish now" });
      await publish.waitFor();
      const start = performance.now();
      await publish.click();
      for (;;) {
        const answer = await fetch(`${base}/post/${id}`);
        if (answer.ok && (await answer.text()).includes(title)) break;
        if (performance.now() - start > 120_000) throw new Error(`post ${id} was not readable within 120 s of the click`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      times.push(performance.now() - start);
    }
  } finally {
    await browser.close();
  }
  return { median: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)], runs: times };
}

/** The member area's pages a guest can open (the signed-in ones share these chunks' forms). */
const memberPages = [
  "/member/login",
  "/member/login/email",
  "/member/join",
  "/member/join/email",
  "/member/join/profile",
  "/member/join/complete",
  "/password/find/options",
  "/password/find/email",
  "/password/find/phone",
  "/password/reset/email",
  "/manager/invite?token=budget",
  "/manager/invite/join?token=budget",
];

/** The machine's busy and idle CPU time so far (jiffies, all cores), from /proc/stat. */
function cpuTimes() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { idle, total };
}

/** Waits (at most a minute) until the machine's CPUs are at least 70% idle over a second,
 * so that a lab run measures the page and not whatever else runs; answers the busy share of
 * the last second measured. */
async function quiet() {
  let busy = 1;
  for (let tries = 0; tries < 60; tries++) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuTimes();
    const total = after.total - before.total;
    busy = total > 0 ? 1 - (after.idle - before.idle) / total : 0;
    if (busy <= 0.3) break;
  }
  return busy;
}

/** @param {string} url */
async function lab(url) {
  /** @type {number[]} */
  const lcp = [];
  /** @type {number[]} */
  const cls = [];
  /** @type {number[]} */
  const busy = [];
  for (let run = 0; run < runs; run++) {
    busy.push(await quiet());
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], output: "json", logLevel: "error" });
      if (!result) throw new Error("lighthouse: no result");
      const audits = result.lhr.audits;
      if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
      const paint = audits["largest-contentful-paint"].numericValue;
      const shift = audits["cumulative-layout-shift"].numericValue;
      if (paint === undefined || shift === undefined) throw new Error("lighthouse: LCP or CLS not measured");
      lcp.push(paint);
      cls.push(shift);
    } finally {
      await chrome.kill();
    }
  }
  const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { lcp: median(lcp), cls: median(cls), lcpRuns: lcp, clsRuns: cls, busy };
}

const kb = (/** @type {number} */ n) => (n / 1024).toFixed(1);
const server = await startServer();
let failed = false;
try {
  const latest = await (await fetch(`${base}/api/v1/posts/latest?size=1`)).json();
  const postPath = `/post/${latest.data.items[0].postSeq}`;

  const bytes = await firstLoad(`${base}${postPath}`);
  const appBytes = bytes.js + bytes.wasm + bytes.css;
  console.log(`first load of ${postPath} (compressed bodies):`);
  console.log(`  js ${kb(bytes.js)} KB + wasm ${kb(bytes.wasm)} KB + css ${kb(bytes.css)} KB = ${kb(appBytes)} KB (budget ${budgets.firstLoadKb} KB, ${((appBytes / 1024 / budgets.firstLoadKb) * 100).toFixed(0)}%)`);
  console.log(`  by file: ${[...bytes.assets].sort((a, b) => b[1] - a[1]).map(([url, size]) => `${new URL(url, base).pathname.replace("/assets/", "")} ${kb(size)}`).join(", ")}`);
  console.log(`  besides: document ${kb(bytes.document)} KB, fonts ${kb(bytes.font)} KB, images ${kb(bytes.image)} KB, data ${kb(bytes.data)} KB; all response headers ${kb(bytes.headers)} KB`);
  if (appBytes > budgets.firstLoadKb * 1024) {
    console.log("  OVER BUDGET: first load");
    failed = true;
  }

  // What the member area adds: every chunk a member page loads that the post page does not.
  /** @type {Map<string, number>} */
  const memberChunks = new Map();
  let heaviest = { path: "", kb: 0 };
  for (const path of memberPages) {
    const load = await firstLoad(`${base}${path}`);
    const total = load.js + load.wasm + load.css;
    if (total > heaviest.kb) heaviest = { path, kb: total };
    for (const [url, size] of load.assets) if (!bytes.assets.has(url)) memberChunks.set(url, size);
  }
  const [largestUrl, largestSize] = [...memberChunks].sort((a, b) => b[1] - a[1])[0] ?? ["none", 0];
  const memberTotal = [...memberChunks.values()].reduce((sum, size) => sum + size, 0);
  console.log(`member area (${memberPages.length} pages): ${memberChunks.size} chunks of its own, ${kb(memberTotal)} KB in all (compressed)`);
  console.log(`  largest member-area chunk: ${new URL(largestUrl, base).pathname} ${kb(largestSize)} KB`);
  console.log(`  heaviest member page's first load: ${heaviest.path} ${kb(heaviest.kb)} KB (js + wasm + css)`);

  // The console's writing page: the editor loads only there.
  const editor = await firstLoad(`${base}/mypage/content/register`, "master@tidemark.test");
  const editorBytes = editor.js + editor.wasm + editor.css;
  console.log(
    `first load of the writing page /mypage/content/register, signed in: js ${kb(editor.js)} KB + wasm ${kb(editor.wasm)} KB + css ${kb(editor.css)} KB = ${kb(editorBytes)} KB (budget ${budgets.editorFirstLoadKb} KB, ${(editorBytes / 1024 / budgets.editorFirstLoadKb).toFixed(2)}x)`,
  );
  console.log(`  by file: ${[...editor.assets].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([url, size]) => `${new URL(url, base).pathname.replace("/assets/", "")} ${kb(size)}`).join(", ")}`);
  if (editorBytes > budgets.editorFirstLoadKb * 1024) {
    console.log("  OVER BUDGET: the writing page's first load (docs/performance.md says where it goes)");
    failed = true;
  }
  const publishing = await publishToReadable();
  console.log(`publish → readable: from the click on "Publish now" to the public page answering with the post, median ${Math.round(publishing.median)} ms [runs: ${publishing.runs.map((v) => Math.round(v)).join(", ")} ms]`);

  console.log(`Lighthouse mobile lab run (simulated slow 4G, 4x CPU), median of ${runs}:`);
  for (const path of [postPath, "/", "/post/popular/list?sort=POPULAR"]) {
    const result = await lab(`${base}${path}`);
    const ok = result.lcp < budgets.lcpMs && result.cls < budgets.cls;
    console.log(
      `  ${path}: LCP ${Math.round(result.lcp)} ms (budget ${budgets.lcpMs}, ${(result.lcp / budgets.lcpMs).toFixed(2)}x), CLS ${result.cls.toFixed(3)} (budget ${budgets.cls})` +
        ` [runs: ${result.lcpRuns.map((v) => Math.round(v)).join(", ")} ms; ${result.clsRuns.map((v) => v.toFixed(3)).join(", ")}; machine busy before each: ${result.busy.map((v) => `${Math.round(v * 100)}%`).join(", ")}]${ok ? "" : "  OVER BUDGET"}`,
    );
    if (!ok) failed = true;
  }
} finally {
  server.stop();
}
process.exit(failed ? 1 : 0);
