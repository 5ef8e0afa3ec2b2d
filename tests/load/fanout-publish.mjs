// Publishes one post as the demo master for the fan-out benchmark (tests/load/fanout.sh) and
// prints `<postSeq> <millis>`: the post's id and the time its publication was acknowledged.
//
//   BASE=http://127.0.0.1:8080 node fanout-publish.mjs

import { CookieJar } from "./cookie-jar.mjs";

const BASE = process.env.BASE;
const jar = new CookieJar();

async function send(method, path, body) {
  const response = await fetch(BASE + path, {
    method,
    headers: { "content-type": "application/json", "_off_set": "540", cookie: jar.header() },
    body: JSON.stringify(body),
  });
  jar.keep(response);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

await send("POST", "/membership/v1/login", {
  email: "master@tidemark.test", password: "Demo-pass-2026", autoLogin: "N",
  deviceType: "PC", deviceOs: "WINDOWS", browser: "Chrome", browserVer: "120.0",
  browserAgent: "Mozilla/5.0", osVersion: "10", deviceId: "fanout-bench", pushToken: "",
});
const title = `구독자 알림 시험 글 ${new Date().toISOString()}`;
const answer = await send("POST", "/api/v1/posts", {
  categoryId: 1,
  title,
  bodyHtml: `<p>${title}: 팔로워 모두에게 한 번씩 알림이 가야 합니다.</p>`,
  action: "publish",
});
console.log(`${answer.data.postSeq} ${Date.now()}`);
