// The production HTTP server: Next's request handler behind a plain Node server, so the client address a
// route sees is the socket peer (a client-sent header of the same name is always replaced).
import { createServer } from "node:http";
import next from "next";
import { refuseUnreadableRequest } from "./request-guard.mjs";

export const PEER_HEADER = "x-ssc-peer-address";

export async function startServer({ port = Number(process.env.PORT || 3000), hostname = process.env.HOST || "0.0.0.0" } = {}) {
  const app = next({ dev: false, hostname, port, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((req, res) => {
    if (refuseUnreadableRequest(req, res)) return;
    delete req.headers[PEER_HEADER];
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    handle(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ error: "internal_error", message: "An unexpected error occurred.", details: [] }));
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(port, hostname, resolve));
  console.log(JSON.stringify({ level: 30, time: new Date().toISOString(), msg: `listening on http://localhost:${port}` }));
  // Next runs the instrumentation hook (migrations, demo seed) on the first request: make that happen now,
  // so start-up problems and the demo credentials show at once.
  await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => {});
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startServer();
}
