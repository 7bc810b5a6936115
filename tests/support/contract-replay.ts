import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { decodeJwt } from "jose";
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../rest/openapi/document";
import type { Actor, ReplayRequest } from "../../rest/openapi/operation";
import { api, createTenant, signUp, uniqueEmail, type TestUser } from "./http";
import { invitedPerson, signedInOwner } from "./actors";
import { multipart, png } from "./images";
import { popupMessage } from "./oauth";

/**
 * Replays every example of the OpenAPI document against the built service: the status, the
 * documented headers, and for an error the exact body (for a success, a body of the documented
 * schema, since ids and times differ). The document replayed is the one the service serves.
 * One service (tests/rest/openapi-contract.test.ts) or a cluster's front (tests/cluster/).
 */
type Json = Record<string, any>;
interface Case {
  key: string;
  path: string;
  method: string;
  status: number;
  contentType: string | undefined;
  name: string;
}

const ADMIN = { email: "admin@example.com", password: "correct horse battery" };
const local = openApiDocument() as Json;

function cases(document: Json): Case[] {
  const found: Case[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      for (const [status, response] of Object.entries((operation as Json).responses as Json)) {
        for (const [contentType, media] of Object.entries(((response as Json).content ?? {}) as Json)) {
          for (const name of Object.keys((media as Json).examples ?? {})) {
            found.push({ key: `${method.toUpperCase()} ${path} ${status} ${name}`, path, method, status: Number(status), contentType, name });
          }
        }
      }
    }
  }
  return found;
}

/** What a service replaying the examples is started with. */
export const CONTRACT_REPLAY_ENV = {
  ADMIN_EMAILS: ADMIN.email,
  // A first-party client id, so authorize gets as far as its query checks (a redirect to the
  // provider's consent page is never followed); no broker key, so broker start answers 502.
  SUPABASE_OAUTH_CLIENT_ID: "docs-client-id",
  BROKER_API_KEY: "",
};

/** The service (or the front of several) the examples are replayed against. */
export interface ReplayTarget {
  url: string;
  db: pg.Pool;
}

/**
 * Registers the replay as a describe block: `target` is called in its beforeAll, so a service
 * started (with CONTRACT_REPLAY_ENV) in the file's own beforeAll is the one replayed against.
 */
export function describeContractReplay(title: string, target: () => ReplayTarget): void {
  let service: ReplayTarget;
  let served: Json;
  let admin: TestUser;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  describe(title, () => {
    beforeAll(async () => {
      service = target();
      admin = await signUp(service, ADMIN.email, ADMIN.password);
      await createTenant(service, admin, "acme-first", "Acme");
      // Choosing the URL once fixes it (the "slug-chosen" example).
      const chosen = await api(service, "/api/tenants/me", { method: "PATCH", cookie: admin.cookie, json: { slug: "acme" } });
      if (chosen.status !== 200 || chosen.body.slugChosen !== true) throw new Error(`could not fix the admin's slug: ${chosen.text}`);
      served = (await api(service, "/api/openapi.json")).body;
    });

    interface Prepared {
      cookie?: string;
      authorization?: string;
      userId?: string;
    }

    async function owner(): Promise<TestUser> {
      return (await signedInOwner(service, { slugPrefix: "doc" })).user;
    }

    async function prepare(actor: Actor): Promise<Prepared> {
      switch (actor) {
        case "anonymous":
          return {};
        case "newcomer": {
          const user = await signUp(service);
          return { cookie: user.cookie, userId: user.userId };
        }
        case "owner": {
          const user = await owner();
          return { cookie: user.cookie, userId: user.userId };
        }
        case "admin":
          return { cookie: admin.cookie, userId: admin.userId };
        case "adminKey": {
          const minted = await api(service, "/api/dev/personal-key", { method: "POST", cookie: admin.cookie, json: {} });
          if (minted.status !== 200) throw new Error(`personal key: ${minted.status} ${minted.text}`);
          return { authorization: `Bearer ${minted.body.apiKey}`, userId: admin.userId };
        }
        case "viewer": {
          const user = await invitedPerson(service, await owner(), "viewer");
          return { cookie: user.cookie, userId: user.userId };
        }
        case "ownerToken":
        case "newcomerToken": {
          const user = actor === "ownerToken" ? await owner() : await signUp(service);
          const token = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: user.email, password: user.password } });
          if (token.status !== 200) throw new Error(`token: ${token.status} ${token.text}`);
          return { authorization: `Bearer ${token.body.access_token}`, userId: user.userId };
        }
      }
    }

    /** What `setup` makes first, as the actor; its value replaces `{{setup}}`. */
    async function runSetup(setup: ReplayRequest["setup"], who: Prepared): Promise<string> {
      if (setup === "invitation") {
        const res = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: who.cookie, json: { email: uniqueEmail("invitee"), role: "member" } });
        if (res.status !== 201) throw new Error(`invitation: ${res.status} ${res.text}`);
        return res.body.id;
      }
      if (setup === "deployment") {
        const res = await api(service, "/api/deployments", { method: "POST", cookie: who.cookie, json: { name: "docs-demo", upstreamUrl: "http://127.0.0.1:9" } });
        if (res.status !== 201) throw new Error(`deployment: ${res.status} ${res.text}`);
        return res.body.name;
      }
      if (setup === "agentToken") {
        const name = await runSetup("deployment", who);
        const res = await api(service, `/api/deployments/${name}/agent-tokens`, { method: "POST", cookie: who.cookie });
        if (res.status !== 201) throw new Error(`agent token: ${res.status} ${res.text}`);
        return res.body.id;
      }
      if (setup === "personalKey") {
        const res = await api(service, "/api/dev/personal-key", { method: "POST", cookie: who.cookie, json: {} });
        if (res.status !== 200) throw new Error(`personal key: ${res.status} ${res.text}`);
        return res.body.apiKey;
      }
      if (setup === "app" || setup === "key") {
        const app = await api(service, "/api/apps", { method: "POST", cookie: who.cookie, json: { name: "docs-app" } });
        if (app.status !== 201) throw new Error(`app: ${app.status} ${app.text}`);
        if (setup === "app") return app.body.id;
        const key = await api(service, "/api/keys", { method: "POST", cookie: who.cookie, json: { appId: app.body.id, name: "reports job" } });
        if (key.status !== 201) throw new Error(`key: ${key.status} ${key.text}`);
        return key.body.id;
      }
      if (setup === "webhook") {
        const json = { url: "http://127.0.0.1:9/hook", description: "Billing sync", eventTypes: ["connection.created", "connection.revoked"] };
        const res = await api(service, "/api/webhooks", { method: "POST", cookie: who.cookie, json });
        if (res.status !== 201) throw new Error(`webhook: ${res.status} ${res.text}`);
        return res.body.id;
      }
      if (setup === "session") {
        // The cookie is `svc_session=<access token>~<refresh token>`; the token names its session.
        const accessToken = (who.cookie ?? "").slice("svc_session=".length).split("~")[0]!;
        return String(decodeJwt(accessToken).session_id);
      }
      if (setup === "avatar") {
        const user = await signUp(service);
        const res = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", await png()) });
        if (res.status !== 200) throw new Error(`avatar: ${res.status} ${res.text}`);
        return res.body.avatarUrl.split("/avatars/")[1];
      }
      return "";
    }

    async function fileBody(file: NonNullable<ReplayRequest["file"]>): Promise<FormData> {
      if (file === "png") return multipart("file", await png());
      if (file === "text") return multipart("file", Buffer.from("just some text, not an image"), "photo.png", "image/png");
      if (file === "oversized") return multipart("file", Buffer.alloc(3 * 1024 * 1024, 1), "big.png", "image/png");
      return multipart("other", await png());
    }

    /**
     * What a refused request must leave as it was: every row of the tables a user's data lives in
     * (rate-limit counters and sign-in sessions excepted: counting failures is their job; and a
     * key's `last_used_at`, see below).
     */
    const KEPT_TABLES = [
      "tenants",
      "tenant_memberships",
      "tenant_invitations",
      "deployments",
      "auth_users",
      "apps",
      "app_keys",
      "app_env_vars",
      "credit_ledger",
      "deployment_agent_tokens",
      "deployment_events",
      "connections",
      "app_connection_bindings",
      "connect_sessions",
      "oauth_states",
      "oauth_results",
      "app_events",
      "webhook_endpoints",
      "webhook_deliveries",
      "webhook_attempts",
    ];
    // Columns the service updates in the background (health checks, key use) are not the
    // request's doing: tables that have one are compared without them, the others row by row as
    // text (cheaper than JSON: the replay takes about 1,100 snapshots).
    const BACKGROUND_COLUMNS = ["health_status", "health_checked_at", "health_detail", "last_used_at"];
    let snapshotSql: string | undefined;
    async function snapshotStatement(): Promise<string> {
      if (snapshotSql) return snapshotSql;
      const { rows } = await service.db.query<{ table_name: string; column_name: string }>(
        "select table_name, column_name from information_schema.columns where table_schema = current_schema() and table_name = any($1) and column_name = any($2)",
        [KEPT_TABLES, BACKGROUND_COLUMNS],
      );
      const rowText = (table: string) => {
        const skipped = rows.filter((row) => row.table_name === table).map((row) => `'${row.column_name}'`);
        return skipped.length > 0 ? `(to_jsonb(t) - ${skipped.join(" - ")})::text` : "t::text";
      };
      // Every table in one statement: one round trip, one view of the database for all of them.
      snapshotSql = KEPT_TABLES.map(
        (table) => `select '${table}' as "table", count(*)::int as n, coalesce(md5(string_agg(${rowText(table)}, ',' order by ${rowText(table)})), '') as sum from ${table} t`,
      ).join(" union all ");
      return snapshotSql;
    }
    async function snapshot(): Promise<Record<string, string>> {
      const { rows } = await service.db.query({ name: "kept-tables-snapshot", text: await snapshotStatement() });
      return Object.fromEntries(rows.map((row) => [row.table, `${row.n}:${row.sum}`]));
    }

    async function replay(c: Case) {
      const media = served.paths[c.path][c.method].responses[String(c.status)].content[c.contentType!];
      const example = media.examples[c.name] as Json;
      const request = example["x-replay"] as ReplayRequest;
      const who = await prepare(request.as);
      const made = request.setup ? await runSetup(request.setup, who) : "";
      const fill = (value: string) => value.replace("{{self}}", who.userId ?? "").replace("{{setup}}", made);
      let url = c.path.replace(/\{([^/}]+)\}/g, (_whole, name: string) => fill(request.params?.[name] ?? request.param ?? ""));
      if (request.query) url += `?${new URLSearchParams(request.query)}`;
      const headers: Record<string, string> = {};
      if (who.cookie) headers.cookie = who.cookie;
      if (who.authorization) headers.authorization = who.authorization;
      let body: BodyInit | undefined;
      if (request.json !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(request.json).replaceAll("{{setup}}", made);
      } else if (request.raw !== undefined) {
        headers["content-type"] = "application/json";
        body = request.raw;
      } else if (request.file) {
        body = await fileBody(request.file);
      }
      Object.assign(headers, request.headers);
      const before = c.status >= 400 ? await snapshot() : undefined;
      const res = await fetch(`${service.url}${url}`, { method: c.method.toUpperCase(), headers, body, redirect: "manual" });
      const text = await res.text();
      return { res, text, example, media, before };
    }

    it("is the document the service serves", () => {
      expect(served).toEqual(local);
    });

    it.each(cases(local).map((c) => [c.key, c] as const))("%s", async (_key, c) => {
      const { res, text, example, media, before } = await replay(c);
      expect(res.status, text).toBe(c.status);
      for (const [name, value] of Object.entries((example["x-replay"].responseHeaders ?? {}) as Record<string, string>)) {
        expect(res.headers.get(name)).toBe(value);
      }
      if (c.contentType) expect(res.headers.get("content-type") ?? "").toContain(c.contentType);
      // A refused request writes nothing.
      if (before) expect(await snapshot()).toEqual(before);
      if (c.status === 204 || c.status === 302) {
        expect(text).toBe("");
        return;
      }
      // An OAuth popup page: the message it posts to its opener, exactly.
      if (example["x-replay"].posts) expect(popupMessage(text)).toEqual(example["x-replay"].posts);
      if (c.contentType !== "application/json" && c.contentType !== "application/schema+json") return;
      const parsed = JSON.parse(text);
      if (c.status >= 400 || example["x-replay"].exact) {
        expect(parsed).toEqual(example.value);
      } else if (media.schema) {
        const validate = ajv.compile(media.schema);
        expect(validate(parsed), ajv.errorsText(validate.errors)).toBe(true);
      }
    });
  });
}
