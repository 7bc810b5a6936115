// The app-proxy bench's "naive" row: a reverse proxy as most hand-written ones are, a
// node:http server that opens a new upstream connection per request (no keep-alive pool)
// and pipes both ways. No authentication, no header work: pure plumbing.
import { createServer, request } from "node:http";

const upstream = new URL(process.env.UPSTREAM_URL);
createServer((req, res) => {
  const proxied = request(
    { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent: false },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res);
    },
  );
  proxied.on("error", () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(proxied);
}).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
