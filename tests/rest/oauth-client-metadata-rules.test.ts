import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithKey, signedInOwner, type TenantOwner } from "../support/actors";
import { api } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 27, 1: one set of rules for a client's name and redirect URIs whichever road registers
 * it (client-metadata-rules.ts). Dynamic registration and client ID metadata documents took a
 * bidi override, a 50 KB name and `user:pass@` in a redirect, which the app page's form refuses;
 * now all four roads refuse them, each in its own shape, and write no client.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.dGVzdC1jbGllbnQtcnVsZXM";
const REDIRECT = "http://127.0.0.1:8765/callback";
const CREDENTIALS = "https://user:pass@host.example/cb";
const CHARACTERS = "client_name contains characters that are not allowed";
const NAME_TOO_LONG = "client_name cannot exceed 100 characters";
const REDIRECT_CREDENTIALS = "redirect_uris must not contain a user name or password";

/** Each hostile value, the field it goes in, and what RFC 7591 answers for it. */
const HOSTILE_METADATA: Array<[string, Record<string, unknown>, { error: string; error_description: string }]> = [
  ["a bidi override in the name", { client_name: "Acme\u202Etxt.exe" }, { error: "invalid_client_metadata", error_description: CHARACTERS }],
  ["a 50 KB name", { client_name: "x".repeat(50 * 1024) }, { error: "invalid_client_metadata", error_description: NAME_TOO_LONG }],
  ["NUL in the name", { client_name: "Acme\u0000Corp" }, { error: "invalid_client_metadata", error_description: CHARACTERS }],
  ["a lone surrogate in the name", { client_name: "Acme\ud800" }, { error: "invalid_client_metadata", error_description: CHARACTERS }],
  ["user:pass@ in a redirect", { redirect_uris: [CREDENTIALS] }, { error: "invalid_redirect_uri", error_description: REDIRECT_CREDENTIALS }],
  ["a bidi override in a redirect", { redirect_uris: ["https://host.example/\u202Ecb"] }, { error: "invalid_redirect_uri", error_description: "redirect_uris contains characters that are not allowed" }],
];

let service: RunningService;
let owner: TenantOwner;
let appId: string;
let documents: Server;
let origin: string;
const served = new Map<string, string>();

beforeAll(async () => {
  service = await startService({ label: "client-rules", env: { SERVICE_ROLE_KEY, OAUTH_REGISTRATION_RATE_LIMIT_PER_ADDRESS: "100" } });
  owner = await signedInOwner(service, { slugPrefix: "rules" });
  ({ appId } = await appWithKey(service, owner.user, "Rules"));
  // The client's own web server, publishing its metadata documents.
  documents = createServer((req, res) => {
    const body = served.get(req.url!);
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  documents?.close();
  await service?.stop();
});

const oauthClientRows = async () => (await service.db.query("select count(*)::int as n from oauth_records where kind = 'Client'")).rows[0].n as number;
const registeredRows = async () => (await service.db.query("select count(*)::int as n from oauth_registered_clients")).rows[0].n as number;

describe("dynamic registration (POST /auth/v1/oauth/register)", () => {
  const register = (metadata: Record<string, unknown>) =>
    fetch(`${service.url}/auth/v1/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Notes", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", ...metadata }),
    });

  for (const [name, metadata, answer] of HOSTILE_METADATA) {
    it(`answers ${name} with RFC 7591's ${answer.error}, writing no client`, async () => {
      const before = await oauthClientRows();
      const res = await register(metadata);
      expect(res.status).toBe(400);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual(answer);
      expect(await oauthClientRows()).toBe(before);
    });
  }

  it("refuses the same in logo_uri and client_uri, and still registers a plain client with a 100-character name", async () => {
    expect(await (await register({ logo_uri: "https://user:pass@host.example/logo.png" })).json()).toEqual({ error: "invalid_client_metadata", error_description: "logo_uri must not contain a user name or password" });
    expect(await (await register({ client_uri: "https://host.example/\u2066home" })).json()).toEqual({ error: "invalid_client_metadata", error_description: "client_uri contains characters that are not allowed" });
    const ok = await register({ client_name: "é".repeat(100) });
    expect(ok.status).toBe(201);
    expect((await ok.json()).client_name).toBe("é".repeat(100));
  });
});

describe("client ID metadata documents", () => {
  const authorizeAs = (clientId: string) =>
    `${service.url}/auth/v1/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: REDIRECT, scope: "openid", state: "s", code_challenge: "x".repeat(43), code_challenge_method: "S256" })}`;

  // A 50 KB name makes a document over the 5 KB a document may have; 101 characters is the name rule's own refusal.
  const DOCUMENT_CASES = [...HOSTILE_METADATA.filter(([name]) => name !== "a 50 KB name"), ["a 101-character name", { client_name: "x".repeat(101) }, { error: "invalid_client_metadata", error_description: NAME_TOO_LONG }] as const];

  DOCUMENT_CASES.forEach(([name, metadata, answer], index) => {
    it(`refuses a document with ${name} on a page that says why, storing nothing`, async () => {
      const clientId = `${origin}/hostile-${index}.json`;
      served.set(`/hostile-${index}.json`, JSON.stringify(Object.assign({ client_id: clientId, client_name: "Notes", redirect_uris: [REDIRECT] }, metadata)));
      const res = await fetch(authorizeAs(clientId), { redirect: "manual" });
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      const page = await res.text();
      expect(page).toContain(`The application cannot be used: the client ID metadata document&#39;s ${answer.error_description}.`);
      expect((await service.db.query("select id from oauth_records where id = $1", [clientId])).rows).toEqual([]);
    });
  });
});

describe("the app page's form (POST /api/apps/{id}/oauth-clients)", () => {
  const NAME_MESSAGE = { message: "Client name must be 1-100 characters, without control characters" };
  const REDIRECT_MESSAGE = { message: "Each redirect URI must be an absolute http or https URL of at most 2000 characters, without a fragment or credentials" };
  const cases: Array<[string, Record<string, unknown>, { message: string }]> = [
    ["a bidi override in the name", { name: "Acme\u202Etxt.exe" }, NAME_MESSAGE],
    ["a 50 KB name", { name: "x".repeat(50 * 1024) }, NAME_MESSAGE],
    ["NUL in the name", { name: "Acme\u0000Corp" }, NAME_MESSAGE],
    ["a lone surrogate in the name", { name: "Acme\ud800" }, NAME_MESSAGE],
    ["user:pass@ in a redirect", { redirectUris: [CREDENTIALS] }, REDIRECT_MESSAGE],
  ];
  for (const [name, fields, answer] of cases) {
    it(`refuses ${name}, writing no client`, async () => {
      const before = await registeredRows();
      const res = await api(service, `/api/apps/${appId}/oauth-clients`, { method: "POST", cookie: owner.user.cookie, json: { name: "Reports", redirectUris: [REDIRECT], type: "confidential", ...fields } });
      expect([res.status, res.body]).toEqual([400, answer]);
      expect(await registeredRows()).toBe(before);
    });
  }
});

describe("GoTrue's admin API (POST /auth/v1/admin/oauth/clients)", () => {
  const create = (fields: Record<string, unknown>) =>
    fetch(`${service.url}/auth/v1/admin/oauth/clients`, {
      method: "POST",
      headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, apikey: SERVICE_ROLE_KEY, "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Reports", redirect_uris: ["https://reports.example.com/cb"], ...fields }),
    });
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["a bidi override in the name", { client_name: "Acme\u202Etxt.exe" }, CHARACTERS],
    ["a 200-character name", { client_name: "x".repeat(200) }, NAME_TOO_LONG],
    // GoTrue's own limit (1024) keeps GoTrue's own message (auth-js-admin-oauth-clients.test.ts).
    ["a 50 KB name", { client_name: "x".repeat(50 * 1024) }, "client_name cannot exceed 1024 characters"],
    ["NUL in the name", { client_name: "Acme\u0000Corp" }, CHARACTERS],
    ["a lone surrogate in the name", { client_name: "Acme\ud800" }, CHARACTERS],
    ["user:pass@ in a redirect", { redirect_uris: [CREDENTIALS] }, REDIRECT_CREDENTIALS],
    ["a bidi override in a redirect", { redirect_uris: ["https://host.example/\u202Ecb"] }, "redirect_uris contains characters that are not allowed"],
  ];
  for (const [name, fields, message] of cases) {
    it(`refuses ${name} in GoTrue's shape, writing no client`, async () => {
      const before = await oauthClientRows();
      const res = await create(fields);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 400, error_code: "validation_failed", msg: message });
      expect(await oauthClientRows()).toBe(before);
    });
  }
});
