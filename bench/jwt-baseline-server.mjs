// The JWT-only baseline: a plain node:http server that verifies the presented Bearer JWT with
// jose against a local public key (the service's published ES256 key, fetched once at start)
// and answers the balance JSON. No routing, no JWKS cache, no database: the ceiling for an
// endpoint that must check one signature per request. Env: PORT, HOST, JWKS_URL, ISSUER,
// BALANCE_JSON.
import { createServer } from "node:http";
import { importJWK, jwtVerify } from "jose";

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? "127.0.0.1";
const balance = JSON.parse(process.env.BALANCE_JSON ?? "{}");
const jwks = await (await fetch(process.env.JWKS_URL)).json();
const key = await importJWK(jwks.keys[0], "ES256");

const server = createServer(async (req, res) => {
  const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
  try {
    if (!match) throw new Error("no token");
    await jwtVerify(match[1], key, { algorithms: ["ES256"], issuer: process.env.ISSUER, audience: "authenticated" });
  } catch {
    res.writeHead(401, { "content-type": "application/json" });
    res.end('{"message":"Invalid identity token"}');
    return;
  }
  const body = JSON.stringify(balance);
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  const address = server.address();
  console.log(`jwt baseline listening on http://${host}:${typeof address === "object" && address ? address.port : port}`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
