import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { freePort } from "../../server/start/embedded-postgres";

/**
 * Third parties of the connect flows for the browser tests, as real HTTP servers on
 * 127.0.0.1: a first-party OAuth provider (authorize with PKCE S256, token endpoint with
 * client_secret_basic) and a Composio-v3-shaped broker (link, get, delete, hosted consent).
 */

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/** RFC 6749 2.3.1: id and secret are form-urlencoded before the Basic encoding; decoded here. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? "");
  if (!match) return null;
  const [id, secret] = Buffer.from(match[1]!, "base64").toString("utf8").split(/:(.*)/s);
  const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, " "));
  try {
    return { id: decode(id ?? ""), secret: decode(secret ?? "") };
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
  return { url: `http://127.0.0.1:${port}`, server };
}

export interface FakeProvider {
  url: string;
  /** `grant` redirects back with a code, `deny` with error=access_denied, `hold` shows a page and waits. */
  mode: "grant" | "deny" | "hold";
  tokenRequests: number;
  close(): Promise<void>;
}

export async function startFakeProvider(client: { clientId: string; clientSecret: string }): Promise<FakeProvider> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const fake: FakeProvider = { url: "", mode: "grant", tokenRequests: 0, close: async () => undefined };
  const { url, server } = await listen(async (req, res) => {
    const u = new URL(req.url ?? "/", "http://fake");
    if (u.pathname === "/oauth/authorize") {
      const redirectUri = u.searchParams.get("redirect_uri") ?? "";
      const state = u.searchParams.get("state") ?? "";
      if (u.searchParams.get("client_id") !== client.clientId || u.searchParams.get("code_challenge_method") !== "S256") return sendJson(res, 400, { error: "invalid_request" });
      if (fake.mode === "hold") {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<!doctype html><title>Provider</title><p>Sign in to the provider…</p>");
      }
      const back = new URL(redirectUri);
      if (fake.mode === "deny") back.searchParams.set("error", "access_denied");
      else {
        const code = randomBytes(12).toString("hex");
        codes.set(code, { challenge: u.searchParams.get("code_challenge") ?? "", redirectUri });
        back.searchParams.set("code", code);
      }
      back.searchParams.set("state", state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (u.pathname === "/oauth/token" && req.method === "POST") {
      fake.tokenRequests++;
      const form = new URLSearchParams(await readBody(req));
      const presented = basicCredentials(req.headers.authorization);
      if (presented?.id !== client.clientId || presented.secret !== client.clientSecret) return sendJson(res, 401, { error: "invalid_client" });
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      if (!code || createHash("sha256").update(verifier).digest("base64url") !== code.challenge || form.get("redirect_uri") !== code.redirectUri) {
        return sendJson(res, 400, { error: "invalid_grant" });
      }
      return sendJson(res, 200, { access_token: `at-${randomBytes(6).toString("hex")}`, refresh_token: "rt-1", token_type: "bearer", expires_in: 3600 });
    }
    sendJson(res, 404, { error: "not_found" });
  });
  fake.url = url;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

export interface FakeBroker {
  url: string;
  apiKey: string;
  accounts: Map<string, { user_id: string; auth_config_id: string; callback_url: string; email: string }>;
  close(): Promise<void>;
}

export async function startFakeBroker(apiKey: string): Promise<FakeBroker> {
  const fake: FakeBroker = { url: "", apiKey, accounts: new Map(), close: async () => undefined };
  let n = 0;
  const { url, server } = await listen(async (req, res) => {
    const u = new URL(req.url ?? "/", "http://fake");
    const consent = /^\/consent\/(ca_\w+)$/.exec(u.pathname);
    if (consent) {
      const account = fake.accounts.get(consent[1]!);
      if (!account) return sendJson(res, 404, { error: "unknown" });
      const back = new URL(account.callback_url);
      back.searchParams.set("status", "success");
      back.searchParams.set("connected_account_id", consent[1]!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.headers["x-api-key"] !== apiKey) return sendJson(res, 401, { error: { message: "Invalid API key" } });
    if (u.pathname === "/api/v3/connected_accounts/link" && req.method === "POST") {
      const body = JSON.parse((await readBody(req)) || "{}");
      const id = `ca_${++n}`;
      fake.accounts.set(id, { user_id: body.user_id, auth_config_id: body.auth_config_id, callback_url: body.callback_url, email: `person${n}@example.com` });
      return sendJson(res, 201, { id, connected_account_id: id, status: "INITIATED", redirect_url: `${url}/consent/${id}` });
    }
    const one = /^\/api\/v3\/connected_accounts\/(ca_\w+)$/.exec(u.pathname);
    if (one) {
      const account = fake.accounts.get(one[1]!);
      if (!account) return sendJson(res, 404, { error: { message: "not found" } });
      if (req.method === "DELETE") {
        fake.accounts.delete(one[1]!);
        return sendJson(res, 200, { success: true });
      }
      return sendJson(res, 200, {
        id: one[1],
        status: "ACTIVE",
        user_id: account.user_id,
        auth_config: { id: account.auth_config_id },
        toolkit: { slug: "github" },
        data: { email: account.email },
      });
    }
    sendJson(res, 404, { error: "not_found" });
  });
  fake.url = url;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}
