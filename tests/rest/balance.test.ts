import { randomUUID } from "node:crypto";
import { SignJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";
import { api, createTenant, signUp, uniqueEmail, uniqueSlug, type TestUser } from "../support/http";
import { trpc } from "../support/trpc";
import { signBuiltIn } from "../support/built-in-keys";

let a: RunningService;
let b: RunningService;
let admin: TestUser;
let tenantId: string;
let apiKey: string;
beforeAll(async () => {
  a = await startService({ label: "balance", env: { WELCOME_CREDITS: "100" } });
  b = await startService({ databaseUrl: a.databaseUrl, dataDir: a.dataDir, env: { BASE_URL: a.url } });
  admin = await signUp(a);
  tenantId = (await createTenant(a, admin, uniqueSlug())).id;
  apiKey = (await api(a, "/api/dev/personal-key", { method: "POST", cookie: admin.cookie, body: "{}", headers: { "content-type": "application/json" } })).body.apiKey;
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const accessTokenOf = (user: TestUser) => user.cookie.slice("svc_session=".length).split("~")[0]!;
const balance = (service: RunningService, token: string, path = "/api/v1/balance") => api(service, path, { headers: bearer(token) });
const grant = (amount: string, idempotencyKey = randomUUID(), direction = "grant") =>
  trpc(a, admin, "billing.adjust", { tenantId, direction, amount, idempotencyKey });

describe("balance body and the welcome grant", () => {
  it("answers the workspace balance to an svc_sk_ key on all three endpoints", async () => {
    for (const path of ["/api/v1/balance", "/api/billing/balance", "/api/cli/balance"]) {
      const res = await balance(a, apiKey, path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.body).toEqual({ tenantId, balance: "100.000000", balanceMicros: "100000000", currency: "credits", asOf: expect.stringMatching(/Z$/) });
    }
    const ledger = await a.db.query("select kind, amount_micros from credit_ledger where tenant_id = $1", [tenantId]);
    expect(ledger.rows).toEqual([{ kind: "welcome_grant", amount_micros: "100000000" }]);
  });

  it("answers an identity token with the balance of the workspace its subject owns", async () => {
    const res = await balance(a, accessTokenOf(admin));
    expect([res.status, res.body.tenantId, res.body.balanceMicros]).toEqual([200, tenantId, expect.any(String)]);
    const billing = await balance(a, accessTokenOf(admin), "/api/billing/balance");
    expect(billing.body).toEqual(res.body);
  });

  it("answers 404 No workspace for a token whose subject has none", async () => {
    const loner = await signUp(a);
    const res = await balance(a, accessTokenOf(loner));
    expect([res.status, res.body]).toEqual([404, { message: "No workspace" }]);
  });

  it("refuses identity tokens on /api/cli/balance", async () => {
    const res = await balance(a, accessTokenOf(admin), "/api/cli/balance");
    expect([res.status, res.body]).toEqual([401, { message: "Missing or invalid Bearer token" }]);
  });
});

describe("identity token failures are 401, never 500, never a key lookup", () => {
  it.each([
    ["alg none", async () => `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(JSON.stringify({ sub: randomUUID(), exp: 9999999999, iat: 1 })).toString("base64url")}.c2ln`],
    ["HS256", async () => new SignJWT({ sub: admin.userId }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("1h").setIssuer(`${a.url}/auth/v1`).setAudience("authenticated").sign(new TextEncoder().encode("a".repeat(32)))],
    ["a bad signature", async () => {
      const token = accessTokenOf(admin);
      const at = token.lastIndexOf(".") + 10;
      return token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);
    }],
    ["an expired token", async () => {
      const now = Math.floor(Date.now() / 1000);
      const { kid } = JSON.parse(Buffer.from(accessTokenOf(admin).split(".")[0]!, "base64url").toString());
      return signBuiltIn(a.dataDir, { sub: admin.userId, email: admin.email }, { issuer: `${a.url}/auth/v1`, iatSeconds: now - 7200, expSeconds: now - 3600, kid });
    }],
    ["a token over 8 KiB", async () => {
      const now = Math.floor(Date.now() / 1000);
      const { kid } = JSON.parse(Buffer.from(accessTokenOf(admin).split(".")[0]!, "base64url").toString());
      return signBuiltIn(a.dataDir, { sub: admin.userId, pad: "x".repeat(9000) }, { issuer: `${a.url}/auth/v1`, iatSeconds: now, expSeconds: now + 600, kid });
    }],
    ["garbage in three segments", async () => "abc.def.ghi"],
  ])("refuses %s", async (_label, makeToken) => {
    const res = await balance(a, await makeToken());
    expect([res.status, res.body]).toEqual([401, { message: "Invalid identity token" }]);
  });

  it("refuses a valid token whose issuer is another provider", async () => {
    const now = Math.floor(Date.now() / 1000);
    const { kid } = JSON.parse(Buffer.from(accessTokenOf(admin).split(".")[0]!, "base64url").toString());
    const token = await signBuiltIn(a.dataDir, { sub: admin.userId }, { issuer: "https://other.example/auth/v1", iatSeconds: now, expSeconds: now + 600, kid });
    expect((await balance(a, token)).status).toBe(401);
  });

  it("sanity: a token minted the same way but valid is accepted", async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = decodeJwt(accessTokenOf(admin));
    const { kid } = JSON.parse(Buffer.from(accessTokenOf(admin).split(".")[0]!, "base64url").toString());
    const token = await signBuiltIn(a.dataDir, { sub: claims.sub, email: claims.email }, { issuer: `${a.url}/auth/v1`, iatSeconds: now, expSeconds: now + 600, kid });
    expect((await balance(a, token)).status).toBe(200);
  });
});

describe("credits", () => {
  it("grants exactly once per idempotency key and is never stale on either instance", async () => {
    const before = BigInt((await balance(b, apiKey)).body.balanceMicros); // warms B's caches
    const key = randomUUID();
    const first = await grant("2.5", key);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ duplicate: false, balanceMicros: (before + 2_500_000n).toString() });
    const again = await grant("2.5", key);
    expect(again.data).toMatchObject({ duplicate: true, balanceMicros: (before + 2_500_000n).toString() });
    const rows = await a.db.query("select count(*)::int as n from credit_ledger where tenant_id = $1 and idempotency_key = $2", [tenantId, key]);
    expect(rows.rows[0].n).toBe(1);

    expect((await balance(a, apiKey)).body.balanceMicros).toBe((before + 2_500_000n).toString());
    const deadline = Date.now() + 1_000; // NOTIFY on a loaded machine: the 1 s every cross-instance change is allowed
    let seenByB = (await balance(b, apiKey)).body.balanceMicros;
    while (seenByB !== (before + 2_500_000n).toString() && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
      seenByB = (await balance(b, apiKey)).body.balanceMicros;
    }
    expect(seenByB).toBe((before + 2_500_000n).toString());
  });

  it("refuses a deduction below zero and bad amounts, writing nothing", async () => {
    const count = async () => (await a.db.query("select count(*)::int as n from credit_ledger where tenant_id = $1", [tenantId])).rows[0].n;
    const before = await count();
    const tooMuch = await grant("1000000", randomUUID(), "deduct");
    expect([tooMuch.status, tooMuch.error?.message]).toEqual([400, "Insufficient credits for this deduction"]);
    for (const amount of ["0", "-1", "1.1234567", "abc", "1e3"]) {
      const res = await grant(amount);
      expect([amount, res.status]).toEqual([amount, 400]);
    }
    expect(await count()).toBe(before);
    const ok = await grant("1", randomUUID(), "deduct");
    expect(ok.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it("keeps the ledger append-only and the balance equal to its sum", async () => {
    await expect(a.db.query("update credit_ledger set amount_micros = 0 where tenant_id = $1", [tenantId])).rejects.toThrow(/append-only/);
    await expect(a.db.query("delete from credit_ledger where tenant_id = $1", [tenantId])).rejects.toThrow(/append-only/);
    const sums = await a.db.query(
      "select (select sum(amount_micros) from credit_ledger where tenant_id = $1)::text as ledger, (select balance_micros from tenant_balances where tenant_id = $1)::text as balance",
      [tenantId],
    );
    expect(sums.rows[0].ledger).toBe(sums.rows[0].balance);
    expect((await balance(a, apiKey)).body.balanceMicros).toBe(sums.rows[0].ledger);
  });

  it("lets only administrators adjust credits", async () => {
    const member = await signUp(a, uniqueEmail("member"));
    await createTenant(a, member, uniqueSlug());
    const res = await trpc(a, member, "billing.adjust", { tenantId, direction: "grant", amount: "5", idempotencyKey: randomUUID() });
    expect([res.status, res.error?.message]).toEqual([403, "Forbidden"]);
    const mine = await trpc(a, member, "billing.myBalance", undefined, "query");
    expect(mine.data.balance).toBe("100.000000");
  });
});

describe("revocation across instances", () => {
  it("a key revoked on one instance fails on the next request to another", async () => {
    const issued = (await api(a, "/api/dev/personal-key", { method: "POST", cookie: admin.cookie, body: "{}", headers: { "content-type": "application/json" } })).body.apiKey;
    expect((await balance(b, issued)).status).toBe(200); // cached on B
    expect((await api(a, "/api/cli/logout", { method: "POST", headers: bearer(issued) })).status).toBe(204);
    const deadline = Date.now() + 1_000; // NOTIFY on a loaded machine: the 1 s every cross-instance change is allowed
    let status = (await balance(b, issued)).status;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
      status = (await balance(b, issued)).status;
    }
    expect(status).toBe(401);
  });
});
