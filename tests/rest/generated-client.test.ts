import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import createClient from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import { beforeAll, describe, expect, it } from "vitest";
import type { paths } from "../../cli/src/lib/api-types";
import { createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";

/**
 * Issue 16, 3: a client generated from the document (types by openapi-typescript, calls by
 * openapi-fetch) drives the built service through a person's day, without a single cast:
 * `npm run typecheck` checks this file against the generated types.
 */
describe("a client generated from the OpenAPI document", () => {
  const service = sharedService();
  let person: TestUser;

  beforeAll(async () => {
    person = await signUp(service);
    await createTenant(service, person, uniqueSlug("gen"));
  });

  it("uses types generated from the document the service serves", async () => {
    const served = await (await fetch(`${service.url}/api/openapi.json`)).json();
    const generated = astToString(await openapiTS(served, { alphabetize: true }));
    const committed = readFileSync(resolve(import.meta.dirname, "../../cli/src/lib/api-types.ts"), "utf8");
    expect(committed.endsWith(generated)).toBe(true);
  });

  it("signs in, creates an app, sets a variable and origins, creates and revokes a key, reads the balance", async () => {
    const client = createClient<paths>({ baseUrl: service.url });

    const signedIn = await client.POST("/auth/v1/token", { params: { query: { grant_type: "password" } }, body: { email: person.email, password: person.password } });
    expect(signedIn.response.status).toBe(200);
    const session = signedIn.data!;
    expect(session.user.email).toBe(person.email);
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);

    const asPerson = { headers: { cookie: person.cookie } };
    const app = await client.POST("/api/apps", { ...asPerson, body: { name: "Reports" } });
    expect(app.response.status).toBe(201);
    const appId = app.data!.id;
    expect(app.data!.name).toBe("Reports");

    const set = await client.PUT("/api/apps/{appId}/env/{key}", { ...asPerson, params: { path: { appId, key: "API_URL" } }, body: { value: "https://api.example.com" } });
    expect(set.response.status).toBe(204);
    const variables = await client.GET("/api/apps/{appId}/env", { ...asPerson, params: { path: { appId } } });
    expect(variables.data!.variables.map((v) => [v.key, v.kind, v.value])).toEqual([["API_URL", "user", "https://api.example.com"]]);

    const origins = await client.PUT("/api/apps/{appId}/origins", { ...asPerson, params: { path: { appId } }, body: { origins: ["https://reports.example.com"] } });
    expect(origins.data!.allowedOrigins).toEqual(["https://reports.example.com"]);
    expect((await client.GET("/api/apps/{appId}/origins", { ...asPerson, params: { path: { appId } } })).data!.allowedOrigins).toEqual(["https://reports.example.com"]);

    const key = await client.POST("/api/keys", { ...asPerson, body: { appId, name: "reports job" } });
    expect(key.response.status).toBe(201);
    const apiKey = key.data!.apiKey;
    const withKey = { headers: { authorization: `Bearer ${apiKey}` } };
    const listed = await client.GET("/api/keys", withKey);
    expect([listed.response.status, listed.error]).toEqual([200, undefined]);
    expect(listed.data!.keys.find((k) => k.id === key.data!.id)).toMatchObject({ name: "reports job", appId, appName: "Reports", revokedAt: null });

    const byToken = await client.GET("/api/v1/balance", { headers: { authorization: `Bearer ${session.access_token}` } });
    const byKey = await client.GET("/api/v1/balance", withKey);
    expect(byToken.response.status).toBe(200);
    expect(byToken.data!.currency).toBe("credits");
    expect(byKey.data!.balance).toBe(byToken.data!.balance);

    const revoked = await client.DELETE("/api/keys/{keyId}", { ...asPerson, params: { path: { keyId: key.data!.id } } });
    expect(revoked.response.status).toBe(204);
    const afterRevoke = await client.GET("/api/v1/balance", withKey);
    expect(afterRevoke.response.status).toBe(401);
    expect(afterRevoke.error).toEqual({ message: "Missing or invalid Bearer token" });
  });
});
