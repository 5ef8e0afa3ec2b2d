// The write load of tests/load/fault.sh: while the server is killed and restarted, sign in as
// the demo master and reader and, in parallel, create posts (master), follow businesses and
// bookmark posts (reader), and send batches of analytics events. Every ACKNOWLEDGED write (a
// 2xx answer received) is appended to the log before the next request of its loop:
//
//   post <postSeq> <title>      follow <businessId>      bookmark <postSeq>      events <accepted>
//
// Connection errors (the server is down) are retried after a short pause; a 401 signs in
// again; any other answer is counted, never logged as acknowledged. Runs until the file STOP
// exists, then prints a JSON summary on standard output.
//
//   BASE=http://127.0.0.1:8080 LOG=acks.log STOP=stop BUSINESSES=ids POSTS=ids node fault-client.mjs

import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { CookieJar } from "./cookie-jar.mjs";

const BASE = process.env.BASE;
const LOG = process.env.LOG;
const STOP = process.env.STOP;
const PASSWORD = "Demo-pass-2026";
const lines = (path) => readFileSync(path, "utf8").split("\n").filter(Boolean).map(Number);
const businesses = lines(process.env.BUSINESSES);
const knownPosts = lines(process.env.POSTS);

const stats = {
  acknowledged: { post: 0, follow: 0, bookmark: 0, events: 0 },
  attempts: 0,
  connectionErrors: 0,
  refused: {},
  signIns: 0,
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const stopping = () => existsSync(STOP);
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** A signed-in client: its cookies, kept from every answer. */
class Session {
  constructor(email) {
    this.email = email;
    this.jar = new CookieJar();
  }

  /** One request; `null` when the server could not be reached (it is down). */
  async send(method, path, body, headers = {}) {
    stats.attempts += 1;
    try {
      const response = await fetch(BASE + path, {
        method,
        headers: {
          "content-type": "application/json",
          "_off_set": "540",
          cookie: this.jar.header(),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      this.jar.keep(response);
      const text = await response.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      return { status: response.status, json };
    } catch {
      // Refused, reset, or cut mid-answer by the kill: not acknowledged.
      stats.connectionErrors += 1;
      return null;
    }
  }

  async signIn() {
    while (!stopping()) {
      this.jar.cookies.clear();
      const answer = await this.send("POST", "/membership/v1/login", {
        email: this.email, password: PASSWORD, autoLogin: "Y",
        deviceType: "PC", deviceOs: "WINDOWS", browser: "Chrome",
        browserVer: "120.0", browserAgent: "Mozilla/5.0", osVersion: "10",
        deviceId: "fault-test", pushToken: "",
      });
      if (answer && answer.status === 200 && this.jar.cookies.has("tma")) {
        stats.signIns += 1;
        return;
      }
      await sleep(100);
    }
  }

  /** Sends until the server answers (signing in again on 401); the answer, or null on stop. */
  async write(method, path, body, headers) {
    while (!stopping()) {
      const answer = await this.send(method, path, body, headers);
      if (answer === null) {
        await sleep(50 + Math.random() * 100);
        continue;
      }
      if (answer.status === 401) {
        await this.signIn();
        continue;
      }
      return answer;
    }
    return null;
  }
}

function acknowledge(kind, line) {
  stats.acknowledged[kind] += kind === "events" ? Number(line) : 1;
  appendFileSync(LOG, `${kind} ${line}\n`);
}

function refused(kind, answer) {
  const key = `${kind} ${answer.status}`;
  stats.refused[key] = (stats.refused[key] ?? 0) + 1;
}

const ok = (answer) => answer && answer.status >= 200 && answer.status < 300;
const createdPosts = [];

async function writePosts(master) {
  for (let n = 1; !stopping(); n += 1) {
    const title = `장애 복구 시험 글 ${n} ${Math.random().toString(36).slice(2, 8)}`;
    const answer = await master.write("POST", "/api/v1/posts", {
      categoryId: 1 + (n % 9),
      title,
      bodyHtml: `<p>${title}: 서버가 강제로 종료되어도 확인된 글은 남아 있어야 합니다.</p>`,
      action: "publish",
    });
    if (ok(answer)) {
      const seq = answer.json.data.postSeq;
      createdPosts.push(seq);
      acknowledge("post", `${seq} ${title}`);
    } else if (answer) {
      refused("post", answer);
    }
  }
}

async function writeFollows(reader) {
  const order = [...businesses].sort(() => Math.random() - 0.5);
  for (let i = 0; !stopping(); i += 1) {
    const id = order[i % order.length];
    const answer = await reader.write("PUT", `/api/v1/follows/${id}`, { source: "Follow_Content" });
    if (ok(answer)) acknowledge("follow", `${id}`);
    else if (answer) refused("follow", answer);
  }
}

async function writeBookmarks(reader) {
  while (!stopping()) {
    const id = createdPosts.length > 0 && Math.random() < 0.5 ? pick(createdPosts) : pick(knownPosts);
    const answer = await reader.write("PUT", `/api/v1/bookmarks/${id}`, { source: "Bookmark_Content" });
    if (ok(answer)) acknowledge("bookmark", `${id}`);
    else if (answer) refused("bookmark", answer);
  }
}

/** A guest id the server issued (analytics count no other), or null on stop. */
async function guestId(session) {
  while (!stopping()) {
    const answer = await session.send("POST", "/oauth/v1/guest/token");
    if (answer && answer.status === 200) return answer.json.data.sessionId;
    await sleep(50);
  }
  return null;
}

async function writeEvents() {
  const session = new Session(null);
  let guest = null;
  for (let n = 1; !stopping(); n += 1) {
    // A new visitor every ten batches, as browsers come and go.
    if (n % 10 === 1 || guest === null) guest = await guestId(session);
    if (guest === null) break;
    const events = Array.from({ length: 50 }, () => ({
      kind: pick(["view", "view", "click", "read_through", "share"]),
      postSeq: pick(knownPosts),
      offset: 540,
      deviceType: pick(["PC", "MOBILE", "TABLET", "APP"]),
    }));
    const answer = await session.write("POST", "/api/v1/events", { events }, {
      "_tma_id": guest,
    });
    if (ok(answer)) acknowledge("events", `${answer.json.data.accepted}`);
    else if (answer) refused("events", answer);
  }
}

const master = new Session("master@tidemark.test");
const reader = new Session("reader@tidemark.test");
await Promise.all([master.signIn(), reader.signIn()]);
await Promise.all([
  writePosts(master),
  writePosts(master),
  writeFollows(reader),
  writeBookmarks(reader),
  writeBookmarks(reader),
  writeEvents(),
  writeEvents(),
]);
console.log(JSON.stringify(stats));
