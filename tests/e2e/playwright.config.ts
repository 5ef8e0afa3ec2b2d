import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

const root = fileURLToPath(new URL("../..", import.meta.url));
const port = Number(process.env.TIDEMARK_E2E_PORT ?? 18080);
/** The real SMTP server the site sends its mail to (aiosmtpd, writing a maildir the tests
 * read: mail.ts); its port is the site's port + 1. */
const smtpPort = port + 1;
export const maildir = `${tmpdir()}/tidemark-e2e-mail-${smtpPort}`;
/** The push service browsers' subscriptions point at in the tests (push.spec.ts runs it: a
 * browser's own push service cannot be reached from here); the site's port + 2. */
export const pushPort = port + 2;
/** The site's data, made anew for every run: the visual baselines are of the demo data as the
 * server seeds it on a first start. */
const dataDir = `${tmpdir()}/tidemark-e2e-data-${port}`;

// Debian's Chromium, never a downloaded one; the flags keep it off the network (this machine
// has none beyond the package registries) and quiet.
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: ".",
  outputDir: "test-results",
  reporter: [["list"]],
  // Three at once: the tests spend most of their time waiting on the page and the server.
  workers: 3,
  timeout: 30_000,
  // The visual baselines (visual.spec.ts) live beside the tests, one picture per page, language
  // and width; CI never writes one (a missing baseline fails), a developer's run writes the
  // missing ones to be looked at and committed.
  snapshotPathTemplate: "{testDir}/visual/{arg}{ext}",
  updateSnapshots: process.env.CI ? "none" : "missing",
  // The pictures are compared first, on the demo data as seeded; the other tests then add to it.
  projects: [
    { name: "visual", testMatch: "visual.spec.ts" },
    { name: "e2e", testIgnore: "visual.spec.ts", dependencies: ["visual"] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    locale: "en-US",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  webServer: [
    {
      command: `rm -rf ${maildir} && python3 -m aiosmtpd -n -l 127.0.0.1:${smtpPort} -c aiosmtpd.handlers.Mailbox ${maildir}`,
      cwd: root,
      port: smtpPort,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${dataDir} && exec ${process.env.TIDEMARK_BIN ?? `${root}/target/debug/tidemark`}`,
      cwd: root,
      // Many browser contexts sign in and take guest ids from one address within seconds: the
      // rate limits (tested in the server's own tests) would answer 429 here.
      env: {
        PORT: String(port),
        TIDEMARK_DATA_DIR: dataDir,
        TIDEMARK_UI_DIR: `${root}/ui/dist`,
        RUST_LOG: "warn",
        TIDEMARK_RATE_LIMITS: "off",
        TIDEMARK_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        TIDEMARK_PUSH_SERVICES: `http://127.0.0.1:${pushPort}`,
        // The links in mail and the providers' return addresses point where the browser is.
        TIDEMARK_PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      url: `http://127.0.0.1:${port}/ready`,
      // The server's warnings and errors go with the test report, so a failure can be read.
      stdout: "pipe",
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
