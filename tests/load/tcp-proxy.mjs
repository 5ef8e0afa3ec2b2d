// A TCP proxy the dependency-fault test cuts and restores (tests/load/outage.sh): it passes
// 127.0.0.1:<listen> through to 127.0.0.1:<target>. SIGUSR1 cuts: every open connection is
// reset and the port refuses new ones. SIGUSR2 listens again.
//
//   node tcp-proxy.mjs <listen> <target>

import net from "node:net";

const [listen, target] = process.argv.slice(2).map(Number);
const open = new Set();
let server = null;

function start() {
  server = net.createServer((client) => {
    const upstream = net.connect(target, "127.0.0.1");
    const pair = [client, upstream];
    open.add(pair);
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.listen(listen, "127.0.0.1", () => console.log(`listening on ${listen} → ${target}`));
}

process.on("SIGUSR1", () => {
  server?.close();
  server = null;
  for (const [client, upstream] of open) {
    client.resetAndDestroy();
    upstream.destroy();
  }
  open.clear();
  console.log("cut");
});
process.on("SIGUSR2", () => {
  if (server === null) start();
// While cut, nothing else would keep the process waiting for the signal to listen again.
setInterval(() => {}, 1 << 30);
  console.log("restored");
});
start();
// While cut, nothing else would keep the process waiting for the signal to listen again.
setInterval(() => {}, 1 << 30);
