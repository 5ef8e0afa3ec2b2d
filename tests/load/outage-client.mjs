// The load of tests/load/outage.sh during one fault: readers, members and a business on two
// server nodes while a dependency (PostgreSQL, the S3 bucket, the SMTP relay) goes away and
// comes back. Every request is timed and kept:
//
//   held     GET what a node holds: the lists, the home page, a post's page and JSON, search
//            (over a warm set of posts the readers visited before the fault)
//   db-read  GET what only the database knows (a member's own posts)
//   post     POST a new post (the business's master)             → ack "post <seq> <title>"
//   events   POST a batch of reader events (a guest)             → ack "events <accepted>"
//   mail     POST a sign-up code request (one new address each)  → ack "mail <address>"
//   upload   POST an image (a new one each: keys are content-addressed) → ack "upload <url>"
//   media    GET an image uploaded before
//   ready    GET /ready of each node, every 100 ms
//
// An acknowledged write (a 2xx answer) is appended to ACKS before the next request of its
// loop; tests/load/outage.sh checks afterwards that each one is there. Runs until the file
// STOP exists, then reads the fault's marks (MARKS: "lost <ms>" and "back <ms>", written by
// the script as it takes the dependency away and brings it back) and prints one JSON summary.
//
//   NODES=http://127.0.0.1:8081,http://127.0.0.1:8082 POSTS=ids ACKS=acks.log STOP=stop \
//     MARKS=marks FAULT=db-gone node outage-client.mjs

import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { CookieJar } from "./cookie-jar.mjs";

const NODES = process.env.NODES.split(",");
const ACKS = process.env.ACKS;
const STOP = process.env.STOP;
const FAULT = process.env.FAULT;
const PASSWORD = "Demo-pass-2026";
const WARM_POSTS = 20;
const QUERIES = ["마케팅", "데이터 분석", "인공지능", "클라우드 전환", "물류", "핀테크"];

const posts = readFileSync(process.env.POSTS, "utf8").split("\n").filter(Boolean).map(Number);
const warm = posts.slice(0, WARM_POSTS);
const samples = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const stopping = () => existsSync(STOP);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
let turn = 0;
const nextNode = () => NODES[turn++ % NODES.length];

/** A client with its cookies, kept from every answer. */
class Client {
  constructor() {
    this.jar = new CookieJar();
  }

  /** One timed request, kept as a sample; its status (0 when no answer came) and JSON. */
  async send(kind, node, method, path, { body, headers = {}, raw = null } = {}) {
    const started = performance.now();
    const at = Date.now();
    let status = 0;
    let json = null;
    try {
      const response = await fetch(node + path, {
        method,
        headers: {
          ...(raw ? {} : { "content-type": "application/json" }),
          _off_set: "540",
          cookie: this.jar.header(),
          ...headers,
        },
        body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: AbortSignal.timeout(10_000),
      });
      this.jar.keep(response);
      status = response.status;
      const text = await response.text();
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    } catch {
      status = 0;
    }
    samples.push({ kind, node, path, at, ms: performance.now() - started, status });
    return { status, json };
  }

  async signIn(email) {
    for (;;) {
      const answer = await this.send("sign-in", NODES[0], "POST", "/membership/v1/login", {
        body: {
          email, password: PASSWORD, autoLogin: "Y", deviceType: "PC", deviceOs: "WINDOWS",
          browser: "Chrome", browserVer: "120.0", browserAgent: "Mozilla/5.0", osVersion: "10",
          deviceId: "outage-test", pushToken: "",
        },
      });
      if (answer.status === 200) return;
      await sleep(200);
    }
  }
}

const ok = (status) => status >= 200 && status < 300;
const ack = (line) => appendFileSync(ACKS, `${line}\n`);

function heldPath() {
  const post = pick(warm);
  return pick([
    "/api/v1/posts/popular",
    "/api/v1/posts/latest",
    "/",
    `/post/${post}`,
    `/api/v1/posts/${post}`,
    `/api/v1/search?q=${encodeURIComponent(pick(QUERIES))}&type=CONTENTS&sort=POPULAR`,
  ]);
}

async function read() {
  const guest = new Client();
  while (!stopping()) {
    await guest.send("held", nextNode(), "GET", heldPath());
    await sleep(5);
  }
}

async function readOwn(master) {
  while (!stopping()) {
    await master.send("db-read", nextNode(), "GET", "/api/v1/mypage/posts");
    await sleep(100);
  }
}

async function writePosts(master) {
  for (let n = 1; !stopping(); n += 1) {
    const title = `의존성 장애 시험 ${FAULT} ${n} ${Math.random().toString(36).slice(2, 8)}`;
    const answer = await master.send("post", nextNode(), "POST", "/api/v1/posts", {
      body: {
        categoryId: 1 + (n % 9),
        title,
        bodyHtml: `<p>${title}: 확인된 글은 장애 뒤에도 남아 있어야 합니다.</p>`,
        action: "publish",
      },
    });
    if (ok(answer.status)) ack(`post ${answer.json.data.postSeq} ${title}`);
    await sleep(150);
  }
}

async function sendEvents() {
  const guest = new Client();
  let id = null;
  while (id === null && !stopping()) {
    const answer = await guest.send("guest-id", NODES[0], "POST", "/oauth/v1/guest/token");
    if (answer.status === 200) id = answer.json.data.sessionId;
    else await sleep(200);
  }
  while (!stopping()) {
    const events = Array.from({ length: 10 }, () => ({
      kind: pick(["view", "view", "click", "read_through"]),
      postSeq: pick(warm),
      offset: 540,
      deviceType: pick(["PC", "MOBILE"]),
    }));
    const answer = await guest.send("events", nextNode(), "POST", "/api/v1/events", {
      body: { events },
      headers: { _tma_id: id },
    });
    if (ok(answer.status)) ack(`events ${answer.json.data.accepted}`);
    await sleep(100);
  }
}

async function requestMail() {
  const guest = new Client();
  for (let n = 1; !stopping(); n += 1) {
    const address = `outage-${FAULT}-${n}-${Math.random().toString(36).slice(2, 8)}@tidemark.test`;
    const answer = await guest.send("mail", nextNode(), "POST", "/membership/v1/join/email/code", {
      body: { email: address },
    });
    if (ok(answer.status)) ack(`mail ${address}`);
    await sleep(250);
  }
}

/** A small PNG of one random colour: a new file (and object key) every time. */
function png() {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const colour = [0, 1, 2].map(() => Math.floor(Math.random() * 256));
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) rows.set(colour, y * (1 + size * 3) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function upload(master) {
  const uploaded = [];
  while (!stopping()) {
    const form = new FormData();
    form.append("file", new Blob([png()], { type: "image/png" }), "outage.png");
    form.append("purpose", "body");
    const answer = await master.send("upload", nextNode(), "POST", "/api/v1/uploads", {
      raw: form,
    });
    if (ok(answer.status)) {
      const url = answer.json.data.url;
      uploaded.push(url);
      ack(`upload ${url}`);
    }
    if (uploaded.length > 0) await master.send("media", nextNode(), "GET", pick(uploaded));
    await sleep(300);
  }
}

async function watchReady() {
  const prober = new Client();
  while (!stopping()) {
    await Promise.all(NODES.map((node) => prober.send("ready", node, "GET", "/ready")));
    await sleep(100);
  }
}

const master = new Client();
await master.signIn("master@tidemark.test");
// The readers' warm set: each node has answered each of its pages once, to a guest as the
// readers are (a signed-in reader's post comes from another kept value, with their ties).
const guest = new Client();
for (const node of NODES) {
  for (const post of warm) {
    for (const path of [`/post/${post}`, `/api/v1/posts/${post}`]) {
      await guest.send("warm", node, "GET", path);
    }
  }
}
await Promise.all([
  read(), read(), read(),
  readOwn(master),
  writePosts(master),
  sendEvents(),
  requestMail(),
  upload(master),
  watchReady(),
]);

// --- The summary --------------------------------------------------------------------------

const marks = Object.fromEntries(
  (existsSync(process.env.MARKS) ? readFileSync(process.env.MARKS, "utf8") : "")
    .split("\n").filter(Boolean).map((line) => line.split(" ")).map(([name, ms]) => [name, Number(ms)]),
);
const quantile = (values, q) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const round = (ms) => Math.round(ms * 10) / 10;
const during = (sample) => sample.at >= marks.lost && sample.at <= marks.back;
const work = samples.filter((s) => !["ready", "warm", "sign-in", "guest-id"].includes(s.kind));
const held = work.filter((s) => s.kind === "held");
const heldDuring = held.filter(during);
const needing = work.filter((s) => s.kind !== "held" && during(s));
const byKind = {};
for (const s of work) {
  const kind = (byKind[s.kind] ??= { sent: 0, answered: 0, ok: 0, unavailable: 0, other: 0 });
  kind.sent += 1;
  if (s.status !== 0) kind.answered += 1;
  if (ok(s.status)) kind.ok += 1;
  else if (s.status === 503) kind.unavailable += 1;
  else if (s.status !== 0) kind.other += 1;
}
// Per node: the first /ready 503 after the loss, and the first 200 after the return that
// stays 200 (a probe flapping back to 503 later would move it).
const readiness = NODES.map((node) => {
  const seen = samples.filter((s) => s.kind === "ready" && s.node === node);
  const firstDown = seen.find((s) => s.at >= marks.lost && s.status === 503);
  const after = seen.filter((s) => s.at >= marks.back);
  let upAt = null;
  for (const s of after) {
    if (s.status === 200 && upAt === null) upAt = s.at;
    if (s.status !== 200) upAt = null;
  }
  return {
    node,
    notReadyAfterMs: firstDown ? firstDown.at - marks.lost : null,
    readyAgainAfterMs: upAt === null ? null : Math.max(0, upAt - marks.back),
    answered503: seen.filter((s) => s.status === 503).length,
  };
});
console.log(JSON.stringify({
  fault: FAULT,
  faultSeconds: round((marks.back - marks.lost) / 1000),
  requests: work.length,
  answered: work.filter((s) => s.status !== 0).length,
  unavailable: work.filter((s) => s.status === 503).length,
  byKind,
  held: {
    during: heldDuring.length,
    duringOk: heldDuring.filter((s) => s.status === 200).length,
    p50: round(quantile(heldDuring.map((s) => s.ms), 0.5)),
    p99: round(quantile(heldDuring.map((s) => s.ms), 0.99)),
    max: round(quantile(heldDuring.map((s) => s.ms), 1)),
    allP99: round(quantile(held.map((s) => s.ms), 0.99)),
  },
  needingDuring: {
    count: needing.length,
    unavailable: needing.filter((s) => s.status === 503).length,
    unanswered: needing.filter((s) => s.status === 0).length,
    slowest: round(quantile(needing.map((s) => s.ms), 1)),
    slowestKind: needing.reduce((a, s) => (a === null || s.ms > a.ms ? s : a), null)?.kind ?? null,
  },
  heldFailures: held.filter((s) => s.status !== 200).slice(0, 10)
    .map((s) => `${s.status} after ${round(s.ms)} ms: ${s.node}${s.path}`),
  slowest: round(quantile(work.map((s) => s.ms), 1)),
  readiness,
}));
