// The deployed tool of the app-proxy bench: a bare node:http server answering every request
// with one small JSON document (what a tool's health or API endpoint looks like).
import { createServer } from "node:http";

const body = JSON.stringify({ ok: true, tool: "bench" });
createServer((req, res) => {
  req.resume();
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
