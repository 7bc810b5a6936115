// The bare baseline: a plain node:http server answering the same JSON the service gives a
// signed-in GET /api/auth/me (and, for the balance suite, GET /api/v1/balance), with the same
// content-type and cache-control. No routing, no
// session lookup, no framework: the ceiling a Node process on this machine can reach for
// this response. Started by bench/run.mjs as its own process (env PORT, HOST, USER_ID, EMAIL).
import { createServer } from "node:http";

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? "127.0.0.1";
const me = { loggedIn: true, userId: process.env.USER_ID ?? "00000000-0000-4000-8000-000000000000", email: process.env.EMAIL ?? "bench@example.com" };
// The same balance body the service answers (GET /api/v1/balance), when the run provides it.
const balance = process.env.BALANCE_JSON ? JSON.parse(process.env.BALANCE_JSON) : null;
// Other suites' bodies by path (the connections suite's GET /api/deployments/me/connections).
const routes = process.env.ROUTES_JSON ? JSON.parse(process.env.ROUTES_JSON) : {};

const server = createServer((req, res) => {
  // Serialised per request, as the service does, rather than a pre-built buffer.
  const body = JSON.stringify(routes[req.url] ?? (balance && req.url === "/api/v1/balance" ? balance : me));
  res.writeHead(200, {
    "content-type": "application/json",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  const address = server.address();
  console.log(`baseline listening on http://${host}:${typeof address === "object" && address ? address.port : port}`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
