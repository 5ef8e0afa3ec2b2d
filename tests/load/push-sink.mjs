// A push service for the fan-out benchmark (tests/load/fanout.sh): answers 201 Created to
// every push (RFC 8030) sent to /push/<member>, and appends one line a push to FILE,
// `<millis> <member> <topic> <bytes>`, so the script can count what arrived, when, and
// whether a browser got the same post twice. It neither decrypts nor checks the VAPID token:
// server/tests/api/web_push.rs does both.
//
//   node tests/load/push-sink.mjs PORT FILE

import { createWriteStream } from "node:fs";
import { createServer } from "node:http";

const [port, file] = process.argv.slice(2);
const out = createWriteStream(file, { flags: "a" });

createServer((request, response) => {
  let bytes = 0;
  request.on("data", (chunk) => { bytes += chunk.length; });
  request.on("end", () => {
    const member = request.url.match(/^\/push\/(\d+)$/)?.[1];
    if (request.method !== "POST" || !member || !request.headers.authorization?.startsWith("vapid ")) {
      response.writeHead(400).end();
      return;
    }
    out.write(`${Date.now()} ${member} ${request.headers.topic ?? "-"} ${bytes}\n`);
    response.writeHead(201).end();
  });
}).listen(Number(port), "127.0.0.1");
