import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import wasm from "vite-plugin-wasm";
import type { ResolvedConfig } from "vite";
import { defineConfig } from "vitest/config";

const uiRoot = fileURLToPath(new URL(".", import.meta.url));
/** Brotli (quality 11) and gzip (level 9) copies of every built asset and of the files at the
 * root beside index.html (boot.js, the icon), written once at build time; the server sends
 * them as they are instead of compressing on each request at a lower level
 * (server/src/web.rs). */
function precompress() {
  let outDir = `${uiRoot}dist`;
  return {
    name: "tidemark-precompress",
    apply: "build" as const,
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const dir of [`${outDir}/assets/`, `${outDir}/`]) {
        for (const file of readdirSync(dir)) {
          if (!/\.(js|css|wasm|svg|json)$/.test(file)) continue;
          const body = readFileSync(dir + file);
          writeFileSync(`${dir}${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
          writeFileSync(`${dir}${file}.gz`, gzipSync(body, { level: 9 }));
        }
      }
    },
  };
}

/** The built index.html starts the app through /boot.js after the page's load event instead of
 * loading it at once (ui/public/boot.js): the entry and its preloads move into the boot tag. */
function startAfterLoad() {
  return {
    name: "tidemark-start-after-load",
    apply: "build" as const,
    transformIndexHtml: {
      order: "post" as const,
      handler(html: string) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error("index.html: no module entry to start after load");
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], "");
        for (const preload of preloads) out = out.replace(preload[0], "");
        const boot = `<script defer src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(" ")}"></script>\n`;
        return out.replace("</head>", `  ${boot}  </head>`);
      },
    },
  };
}

/** The chunks that keep their names in the build's output: the two every page (or the editor's
 * pages) shares, and the editor's table support (the writing test sees it load by its name). */
const SHARED_CHUNKS = new Set(["app", "editor", "tables"]);

export default defineConfig({
  root: uiRoot,
  plugins: [react(), wasm(), precompress(), startAfterLoad()],
  resolve: {
    // The router imports `use-sync-external-store/shim` for Reacts before 18; React 19's own
    // hook is what the shim picks, so the copy it carries is left out of the app chunk.
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL("src/lib/syncExternalStore.ts", import.meta.url)) }],
  },
  build: {
    // Top-level await loads the core's WebAssembly before the first render.
    target: "es2022",
    outDir: "dist",
    // One stylesheet for the pages the server prerenders (the home page, lists, posts, business
    // profiles; a few KB compressed, in the app group below): their first view is styled
    // before any page chunk arrives. The other pages' styles (search, interests, the site's
    // pages and samples, the member area, the business console) come with their own chunks,
    // which load them before they render, so a reader's post page never loads them.
    cssCodeSplit: true,
    // A lazy page names only its stylesheets for preloading: its script's own imports are
    // few and small, and every name listed is carried in the app chunk the reader's post page
    // loads first.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith(".css")) },
    rolldownOptions: {
      output: {
        // The lazy chunks and stylesheets go by their hash alone: the app chunk, which every
        // first load carries, names each of them (the routes' imports, the stylesheets to
        // preload), and their names cost the post page's first load about half a kilobyte
        // compressed. The large shared chunks keep theirs; source maps name the rest.
        chunkFileNames: (chunk) => (SHARED_CHUNKS.has(chunk.name) ? "assets/[name]-[hash].js" : "assets/[hash].js"),
        assetFileNames: (asset) => (asset.names.some((name) => name.endsWith(".css") && !SHARED_CHUNKS.has(name.slice(0, -4))) ? "assets/[hash][extname]" : "assets/[name]-[hash][extname]"),
        codeSplitting: {
          // What every page runs (React, the query client, the router, the core's glue, the
          // app shell, the shared components: cards and the follow/bookmark buttons) in one
          // chunk: fewer requests and better compression than a dozen shared crumbs. Pages
          // stay their own chunks, and so does what only the member area uses (its forms, the sign-in calls and passkeys, the
          // "confirm it's you" dialog (its small host stays: it waits for the question),
          // card page, certification and social flows, the notification bell and its calls, the
          // sideways rows' and tables' helpers of the console and the business page, the date fields and their calendar):
          // a reader's post page never loads it.
          groups: [
            // The body editor and its libraries in one chunk: Lexical and its packages but the
            // table package, which loads only when a body needs it
            // (ui/src/components/editor/lazyTables.ts), and the image form, loaded when it opens; a
            // body shown outside the editor (BodyView) is not the editor's.
            // What the app chunk has stays there (its group goes first).
            {
              name: "editor",
              priority: 1,
              test: /node_modules[\\/](lexical|@lexical[\\/](?!table[\\/])[\w-]+|@preact[\\/]signals-core)[\\/]|[\\/]ui[\\/]src[\\/]components[\\/]editor[\\/](?!tables\.|ImageDialog\.|BodyView\.|markup\.)/,
            },
            // The paged lists' machinery (an infinite query over the API's cursors, loading more
            // on scroll), which the lists, the home page, the business page, search and the
            // interest pages load and a post page does not; what it uses of the app chunk stays
            // there (the app's group goes first).
            {
              name: "lists",
              priority: 0,
              test: /node_modules[\\/]@tanstack[\\/][\\w-]+[\\/]build[\\/]modern[\\/](useInfiniteQuery|infiniteQueryObserver)\.|[\\/]ui[\\/]src[\\/](components[\\/]cards[\\/]CardList|lib[\\/](useLoadMoreOnScroll|posts)|features[\\/]posts[\\/]components[\\/]PostList)\.tsx?$/,
            },
            {
              name: "app",
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?![\\w-]+[\\/]build[\\/]modern[\\/](useInfiniteQuery|infiniteQueryObserver)\.)|wouter)[\\/]|[\\/]pkg[\\/]|[\\/]ui[\\/]src[\\/](app[\\/]|lib[\\/](?!certify|social|joinFlow|sessionSlot|business|upload|posts\.|useLoadMoreOnScroll|scrollHold|notices|currentInView|scrollRegion|passkey\.|signingIn\.|check\.)|components[\\/](?!form[\\/]|confirm[\\/](?!ConfirmItsYou\.)|dateTime[\\/]|page[\\/]|joinSocial[\\/]|console[\\/]|editor[\\/]|cards[\\/]CardList|notice[\\/]NotificationBell))|features[\\/]posts[\\/]api|[\\/]ui[\\/]src[\\/](?!features[\\/](join|mypage|recovery|invite|member|certify|social|console|analytics|search|site|interest|writing|publication|admin|notifications|posts[\\/]detail[\\/]flag)[\\/]|components[\\/](form|confirm|dateTime|page|joinSocial|console|editor)[\\/])[^?]*\.css$/,
            },
          ],
        },
      },
    },
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
    // The test files share their worker's page and modules instead of each starting its own
    // (57 s → 13 s for the whole suite on two cores): each file resets what it uses (storage,
    // the flows' module state) before its tests, and the suite passes in any order
    // (`npx vitest run --sequence.shuffle`).
    isolate: false,
  },
});
