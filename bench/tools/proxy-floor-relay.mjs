// A relay with nothing of the service in it, for bench/tools/proxy-floor.mjs: what proxying
// `/api/proxy/supabase/*` to UPSTREAM_URL costs Node itself. Every request enters three
// AsyncLocalStorages (the service has three: its request scope, MikroORM's UnitOfWork and
// TransactionContext), gets a random request id on its answer and has its Host, Authorization
// and Connection headers replaced, as the provider proxy does.
//   RELAY=undici  the service's upstream client: one undici Agent with the same options,
//                 dispatched with the same legacy handler interface and the same timeouts
//                 (server/connections/provider-proxy/forward.ts);
//   RELAY=node-http  Node's own client (http.request on a keep-alive Agent, its native
//                 llhttp parser), streamed as the service streams;
//   RELAY=undici-pool  undici as the service uses it, dispatched to one Pool for the origin
//                 rather than through an Agent's per-origin lookup;
//   RELAY=raw     keep-alive sockets written and read by hand, content-length answers only:
//                 a floor for a purpose-built client, not a proxy anyone should run.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { Agent as HttpAgent, createServer, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { connect } from "node:net";

const upstream = new URL(process.env.UPSTREAM_URL);
const PREFIX = "/api/proxy/supabase";
const stores = [new AsyncLocalStorage(), new AsyncLocalStorage(), new AsyncLocalStorage()];

function forwardedHeaders(req) {
  const out = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const lower = req.rawHeaders[i].toLowerCase();
    if (lower !== "host" && lower !== "authorization" && lower !== "connection") out.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  return out;
}

function undiciRelay(kind) {
  const { Agent, Pool } = createRequire(import.meta.url)("undici");
  const options = { connections: 256, keepAliveTimeout: 4_000, connect: { noDelay: true } };
  const agent = kind === "undici-pool" ? new Pool(upstream.origin, options) : new Agent(options);
  class Handler {
    constructor(res, id) {
      this.res = res;
      this.id = id;
    }
    onConnect(abort) {
      this.abort = abort;
    }
    onHeaders(status, raw, resume, statusText) {
      this.resume = resume;
      const headers = [];
      for (let i = 0; i < raw.length; i += 2) {
        const name = raw[i].toString("latin1");
        const lower = name.toLowerCase();
        if (lower !== "connection" && lower !== "keep-alive") headers.push(name, raw[i + 1].toString("latin1"));
      }
      headers.push("x-request-id", this.id);
      this.res.writeHead(status, statusText, headers);
      return true;
    }
    onData(chunk) {
      if (this.res.write(chunk)) return true;
      this.res.once("drain", () => this.resume());
      return false;
    }
    onComplete() {
      this.res.end();
    }
    onError() {
      if (this.res.headersSent) return void this.res.destroy();
      this.res.writeHead(502, { "content-length": "0" });
      this.res.end();
    }
  }
  return (req, res) => {
    req.resume();
    const headers = forwardedHeaders(req);
    headers.push("Host", upstream.host, "Authorization", "Bearer relay");
    const path = req.url.slice(PREFIX.length);
    agent.dispatch({ origin: upstream.origin, path, method: req.method, headers, body: null, headersTimeout: 60_000, bodyTimeout: 0 }, new Handler(res, randomUUID()));
  };
}

function nodeHttpRelay() {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 4_000 });
  return (req, res) => {
    req.resume();
    const headers = forwardedHeaders(req);
    headers.push("Host", upstream.host, "Authorization", "Bearer relay");
    const id = randomUUID();
    const outgoing = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url.slice(PREFIX.length), method: req.method, headers, agent }, (answer) => {
      const out = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        const lower = answer.rawHeaders[i].toLowerCase();
        if (lower !== "connection" && lower !== "keep-alive") out.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
      }
      out.push("x-request-id", id);
      res.writeHead(answer.statusCode, answer.statusMessage, out);
      answer.pipe(res);
    });
    outgoing.on("error", () => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { "content-length": "0" });
      res.end();
    });
    outgoing.end();
  };
}

function rawRelay() {
  const idle = [];
  const open = () => {
    const socket = connect({ host: upstream.hostname, port: Number(upstream.port), noDelay: true });
    socket.on("data", (data) => {
      socket.unread = socket.unread ? Buffer.concat([socket.unread, data]) : data;
      const end = socket.unread.indexOf("\r\n\r\n");
      if (end < 0) return;
      const lines = socket.unread.latin1Slice(0, end).split("\r\n");
      const headers = [];
      let length = 0;
      for (let i = 1; i < lines.length; i++) {
        const colon = lines[i].indexOf(":");
        const name = lines[i].slice(0, colon);
        const value = lines[i].slice(colon + 1).trim();
        const lower = name.toLowerCase();
        if (lower === "content-length") length = Number(value);
        if (lower !== "connection" && lower !== "keep-alive") headers.push(name, value);
      }
      if (socket.unread.length < end + 4 + length) return;
      const body = socket.unread.subarray(end + 4, end + 4 + length);
      socket.unread = null;
      const { res, id } = socket.exchange;
      socket.exchange = null;
      idle.push(socket);
      headers.push("x-request-id", id);
      res.writeHead(Number(lines[0].slice(9, 12)), headers);
      res.end(body);
    });
    return socket;
  };
  return (req, res) => {
    req.resume();
    const socket = idle.pop() ?? open();
    socket.exchange = { res, id: randomUUID() };
    const headers = forwardedHeaders(req);
    let head = `${req.method} ${req.url.slice(PREFIX.length)} HTTP/1.1\r\nHost: ${upstream.host}\r\nAuthorization: Bearer relay\r\n`;
    for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
    socket.write(`${head}\r\n`, "latin1");
  };
}

const relays = { raw: rawRelay, "node-http": nodeHttpRelay, undici: () => undiciRelay("undici"), "undici-pool": () => undiciRelay("undici-pool") };
const serve = relays[process.env.RELAY ?? "undici"]();
createServer((req, res) => stores[0].run({}, () => stores[1].run({}, () => stores[2].run({}, () => serve(req, res))))).listen(Number(process.env.PORT), "127.0.0.1");
