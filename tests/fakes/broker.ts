import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, Server } from "node:http";
import { closeServer, listen, readBody, sendJson } from "./http-fake";

/**
 * The one fake broker, Composio-v3-shaped (issue 7 section 9, ARCHITECTURE 5): 
 * `POST /api/v3/connected_accounts/link` → `{ link_token, redirect_url, connected_account_id }`,
 * a hosted consent page `GET /link/<token>` that redirects to `callback_url` with `status` and
 * `connected_account_id` appended, `GET|DELETE /api/v3/connected_accounts/{id}`, and
 * `POST /api/v3/tools/execute/proxy` (for an ACTIVE account: answers `proxyStatus` with the
 * endpoint and body it was asked to send as its data). Every API call needs `x-api-key`.
 */
export interface FakeBrokerAccount {
  id: string;
  status: string;
  user_id: string;
  auth_config: { id: string };
  toolkit: { slug: string };
  data: Record<string, unknown>;
  callbackUrl: string;
}

export interface FakeBroker {
  url: string;
  apiKey: string;
  /** Connected accounts by id; a test sets an account's `status` (ACTIVE, EXPIRED, FAILED, INITIATED) as the broker would. */
  accounts: Map<string, FakeBrokerAccount>;
  /** How the next link call misbehaves. */
  linkMode: "ok" | "500" | "no_redirect" | "hang";
  /** Status the consent page gives the account (ACTIVE unless set). */
  consentStatus: string;
  /** Account data the consent page stores (the label source). */
  accountData: Record<string, unknown>;
  deleteMode: "ok" | "500";
  getMode: "ok" | "500";
  /** Account reads received (`GET /api/v3/connected_accounts/{id}`), by id. */
  getRequests: string[];
  linkRequests: Array<Record<string, unknown>>;
  deleteRequests: string[];
  /** Every proxy call: its headers and JSON body. */
  proxyRequests: Array<{ headers: IncomingHttpHeaders; body: Record<string, unknown> }>;
  /** The status the proxied call reports (the provider API's answer, as the broker relays it). */
  proxyStatus: number;
  /** A catalog row for `slug` through this broker; accounts linked under its auth config belong to toolkit `slug`. */
  catalogRow(slug: string, authConfigId?: string): Record<string, unknown>;
  close(): Promise<void>;
}

export async function startFakeBroker(options: { apiKey?: string } = {}): Promise<FakeBroker> {
  let server: Server;
  const links = new Map<string, string>();
  const toolkits = new Map<string, string>();
  const fake: FakeBroker = {
    url: "",
    apiKey: options.apiKey ?? `broker_${randomBytes(8).toString("hex")}`,
    accounts: new Map(),
    linkMode: "ok",
    consentStatus: "ACTIVE",
    accountData: { email: "octo@example.com" },
    deleteMode: "ok",
    getMode: "ok",
    getRequests: [],
    linkRequests: [],
    deleteRequests: [],
    proxyRequests: [],
    proxyStatus: 200,
    catalogRow(slug, authConfigId = `ac_${slug}`) {
      toolkits.set(authConfigId, slug);
      return { slug, name: slug[0]!.toUpperCase() + slug.slice(1), description: `${slug} via the broker`, logo: "", oauth_client_config: { broker: { auth_config_id: authConfigId, toolkit_slug: slug } } };
    },
    close: () => closeServer(server),
  };
  const started = await listen(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname.startsWith("/link/")) {
      const accountId = links.get(url.pathname.slice("/link/".length));
      const account = accountId ? fake.accounts.get(accountId) : undefined;
      if (!account) return sendJson(res, 404, { error: "unknown link" });
      account.status = fake.consentStatus;
      account.data = { ...fake.accountData };
      const back = new URL(account.callbackUrl);
      back.searchParams.set("status", account.status === "ACTIVE" ? "success" : "failed");
      back.searchParams.set("connected_account_id", account.id);
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (req.headers["x-api-key"] !== fake.apiKey) return sendJson(res, 401, { error: { message: "invalid api key" } });
    const body = await readBody(req);
    if (req.method === "POST" && url.pathname === "/api/v3/connected_accounts/link") {
      const input = JSON.parse(body || "{}") as { auth_config_id: string; user_id: string; callback_url: string };
      fake.linkRequests.push(input);
      if (fake.linkMode === "hang") return; // never answers
      if (fake.linkMode === "500") return sendJson(res, 500, { error: { message: "broker exploded" } });
      const id = `ca_${randomBytes(8).toString("hex")}`;
      const token = `lt_${randomBytes(8).toString("hex")}`;
      fake.accounts.set(id, {
        id,
        status: "INITIATED",
        user_id: input.user_id,
        auth_config: { id: input.auth_config_id },
        toolkit: { slug: toolkits.get(input.auth_config_id) ?? input.auth_config_id.replace(/^ac_/, "") },
        data: {},
        callbackUrl: input.callback_url,
      });
      links.set(token, id);
      if (fake.linkMode === "no_redirect") return sendJson(res, 201, { link_token: token, connected_account_id: id });
      return sendJson(res, 201, { link_token: token, redirect_url: `${fake.url}/link/${token}`, connected_account_id: id, expires_at: new Date(Date.now() + 600_000).toISOString() });
    }
    const accountMatch = /^\/api\/v3\/connected_accounts\/([^/]+)$/.exec(url.pathname);
    if (accountMatch) {
      const id = decodeURIComponent(accountMatch[1]!);
      const account = fake.accounts.get(id);
      if (req.method === "GET") {
        fake.getRequests.push(id);
        if (fake.getMode === "500") return sendJson(res, 500, { error: { message: "get failed" } });
        if (!account) return sendJson(res, 404, { error: { message: "not found" } });
        const { callbackUrl: _omit, ...wire } = account;
        return sendJson(res, 200, wire);
      }
      if (req.method === "DELETE") {
        fake.deleteRequests.push(id);
        if (fake.deleteMode === "500") return sendJson(res, 500, { error: { message: "delete failed" } });
        if (!account) return sendJson(res, 404, { error: { message: "not found" } });
        fake.accounts.delete(id);
        return sendJson(res, 200, { success: true });
      }
    }
    if (req.method === "POST" && url.pathname === "/api/v3/tools/execute/proxy") {
      const input = JSON.parse(body || "{}") as Record<string, unknown>;
      fake.proxyRequests.push({ headers: req.headers, body: input });
      const account = fake.accounts.get(String(input.connected_account_id));
      if (!account || account.status !== "ACTIVE") return sendJson(res, 404, { error: { message: "no such connected account" } });
      return sendJson(res, 200, {
        data: { echoed: input.body ?? null, endpoint: input.endpoint },
        successful: true,
        status: fake.proxyStatus,
        headers: { "content-type": "application/json" },
      });
    }
    return sendJson(res, 404, { error: { message: "not found" } });
  });
  server = started.server;
  fake.url = started.url;
  return fake;
}
