import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../rest/openapi/document";
import { routeMatcher } from "../../rest/route-match";
import { routes } from "../../rest/route-table";

type Json = Record<string, any>;
const document = openApiDocument() as Json;

/** Every (path, method, status, media type, example) of the document. */
function* examples(): Generator<{ where: string; status: number; schema?: Json; name: string; example: Json }> {
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      for (const [status, response] of Object.entries((operation as Json).responses as Json)) {
        for (const [type, media] of Object.entries(((response as Json).content ?? {}) as Json)) {
          for (const [name, example] of Object.entries(((media as Json).examples ?? {}) as Json)) {
            yield { where: `${method.toUpperCase()} ${path} ${status} ${type}`, status: Number(status), schema: (media as Json).schema, name, example };
          }
        }
      }
    }
  }
}

describe("the OpenAPI document", () => {
  it("documents every declared route once, at the path and method it is served on", () => {
    const documented = routes.map((route) => [route.method, route.path, Boolean(document.paths[route.path]?.[route.method.toLowerCase()])]);
    expect(documented.filter(([, , found]) => !found)).toEqual([]);
    const operations = Object.values(document.paths as Json).reduce((n, item) => n + Object.keys(item as Json).length, 0);
    expect(operations).toBe(routes.length);
  });

  it("serves a path the way the declarations spell it: exact paths first, sub-resources before catch-alls", () => {
    const { candidates } = routeMatcher(routes);
    const served = (method: string, path: string) => {
      const found = candidates(path);
      const match = found.find((candidate) => candidate.route.method === method);
      return match ? [match.route.path, match.params] : found.map((candidate) => candidate.route.method);
    };
    expect(served("GET", "/api/deployments/docs-demo/agent-tokens")).toEqual(["/api/deployments/{name}/agent-tokens", { name: "docs-demo" }]);
    expect(served("DELETE", "/api/deployments/docs-demo/agent-tokens/t1")).toEqual(["/api/deployments/{name}/agent-tokens/{id}", { name: "docs-demo", id: "t1" }]);
    expect(served("GET", "/api/deployments/docs-demo")).toEqual(["/api/deployments/{name}", { name: "docs-demo" }]);
    // `me` is the calling tool's own surface, never a deployment's sub-resource.
    expect(served("GET", "/api/deployments/me/events")).toEqual(["/api/deployments/me/events", {}]);
    expect(served("GET", "/api/deployments/me/agent-tokens")).toEqual(["/api/deployments/{name}", { name: "me/agent-tokens" }]);
    // An exact path answers alone: another method there is a 405 naming only its own.
    expect(served("POST", "/api/deployments/me/connections")).toEqual(["GET"]);
    expect(served("GET", "/api/oauth/broker/github/start")).toEqual(["/api/oauth/broker/{provider}/start", { provider: "github" }]);
    expect(served("POST", "/api/oauth/supabase/authorize")).toEqual(["GET"]);
    expect(served("GET", "/api/oauth/a/b/c/d")).toEqual([]);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("gives every operation a unique operationId and only declared security schemes", () => {
    const ids: string[] = [];
    const schemes = new Set(Object.keys(document.components.securitySchemes));
    for (const item of Object.values(document.paths as Json)) {
      for (const operation of Object.values(item as Json)) {
        ids.push((operation as Json).operationId);
        for (const requirement of (operation as Json).security) for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(routes.length);
  });

  it("has examples whose bodies match their documented schemas", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const failures: string[] = [];
    let checked = 0;
    for (const { where, schema, name, example } of examples()) {
      if (!schema || example.value === undefined) continue;
      checked++;
      const validate = ajv.compile(schema);
      if (!validate(example.value)) failures.push(`${where} ${name}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });

  it("gives every error response at least one replayable example, except the few that need a fault or a flood", () => {
    // 429s need a flood and the 403 a stranger's tool: the REST suites (rate-limit, app-proxy)
    // cover them.
    const notReplayed = new Set([
      // Needs a public client on an app: tests/rest/oauth-registered-clients.test.ts refuses its rotation.
      "POST /api/apps/{appId}/oauth-clients/{clientId}/secret 400",
      "POST /api/tenants 429",
      "GET /api/v1/balance 429",
      "GET /api/billing/balance 429",
      "POST /auth/v1/signup 429",
      "POST /auth/v1/token 429",
      // The mail endpoints' and the code check's limits (tests/rest/auth-js-mail-flows.test.ts sends their mail).
      "POST /auth/v1/recover 429",
      "POST /auth/v1/otp 429",
      "POST /auth/v1/verify 429",
      "POST /auth/v1/resend 429",
      "GET /auth/v1/reauthenticate 429",
      "GET /apps/authorize 403",
      // The authorization server (issue 15): registrations need a flood, bodies over 56 KB and the
      // HTML error page of authorize are sent by tests/rest/oauth-server.test.ts and
      // rate-limit.test.ts; the metadata's 404 needs a hosted provider (external-identity-provider).
      "POST /auth/v1/oauth/register 429",
      "POST /auth/v1/oauth/register 413",
      "POST /auth/v1/oauth/token 413",
      "GET /auth/v1/oauth/authorize 400",
      // `svc login --device` (ADR 051): a 404 needs an approved device code of a person in no
      // workspace, and the 403 a viewer's CLI key; tests/rest/device-key.test.ts and
      // tests/cli/login-device.test.ts make both through the real /device pages.
      "POST /api/dev/device-key 404",
      "POST /api/connect/sessions 403",
      "GET /.well-known/oauth-authorization-server/auth/v1 404",
      "GET /auth/v1/.well-known/oauth-authorization-server 404",
      "GET /auth/v1/.well-known/openid-configuration 404",
      // Manual linking's refusals past `manual_linking_disabled` need MANUAL_LINKING_ENABLED, which the
      // replayed service leaves off (tests/rest/external-sign-in-linking.test.ts drives them with auth-js).
      "GET /auth/v1/user/identities/authorize 400",
      "DELETE /auth/v1/user/identities/{identity_id} 422",
      // Configuration faults (a catalog row without URLs, no encryption key, no client id): the
      // OAuth suites start services so configured (tests/rest/oauth-first-party, oauth-broker).
      "GET /api/oauth/{provider}/authorize 500",
      "GET /api/oauth/broker/{provider}/start 500",
      // Callback pages past the state check need a flow started in the same browser and a live
      // provider or broker (the fakes in tests/fakes/), or a database outage (tests/faults/).
      // A reconnect refused for another account needs a connection and a provider's consent
      // (tests/rest/connection-health.test.ts against the fakes).
      "GET /api/oauth/{provider}/callback 409",
      "POST /api/oauth/{provider}/callback 409",
      "GET /api/oauth/{provider}/callback 500",
      "GET /api/oauth/{provider}/callback 502",
      "GET /api/oauth/{provider}/callback 503",
      "POST /api/oauth/{provider}/callback 500",
      "POST /api/oauth/{provider}/callback 502",
      "POST /api/oauth/{provider}/callback 503",
      "GET /api/oauth/broker/{provider}/callback 500",
      "GET /api/oauth/broker/{provider}/callback 502",
      "GET /api/oauth/broker/{provider}/callback 503",
      // The admin API's refusals past the service-role check: the replay has no service-role
      // caller (tests/rest/auth-js-admin.test.ts drives them with auth-js's admin client).
      "POST /auth/v1/admin/users 400",
      "GET /auth/v1/admin/users 400",
      "POST /auth/v1/admin/users 422",
      "GET /auth/v1/admin/users/{id} 404",
      "PUT /auth/v1/admin/users/{id} 400",
      "PUT /auth/v1/admin/users/{id} 404",
      "PUT /auth/v1/admin/users/{id} 422",
      "DELETE /auth/v1/admin/users/{id} 404",
      // generate_link and invite likewise (tests/rest/auth-js-admin-links.test.ts).
      ...[400, 404, 413, 422].map((status) => `POST /auth/v1/admin/generate_link ${status}`),
      ...[400, 413, 422].map((status) => `POST /auth/v1/invite ${status}`),
      // The admin OAuth client and factor routes likewise (tests/rest/auth-js-admin-oauth-clients.test.ts
      // and auth-js-admin-factors.test.ts drive each with auth-js's admin client).
      "GET /auth/v1/admin/oauth/clients 400",
      ...[400, 413].map((status) => `POST /auth/v1/admin/oauth/clients ${status}`),
      "GET /auth/v1/admin/oauth/clients/{clientId} 404",
      ...[400, 404, 413].map((status) => `PUT /auth/v1/admin/oauth/clients/{clientId} ${status}`),
      "DELETE /auth/v1/admin/oauth/clients/{clientId} 404",
      ...[400, 404].map((status) => `POST /auth/v1/admin/oauth/clients/{clientId}/regenerate_secret ${status}`),
      // The admin custom provider routes likewise (tests/rest/custom-providers.test.ts).
      "GET /auth/v1/admin/custom-providers 400",
      ...[400, 413].map((status) => `POST /auth/v1/admin/custom-providers ${status}`),
      ...[400, 404].map((status) => `GET /auth/v1/admin/custom-providers/{identifier} ${status}`),
      ...[400, 404, 413].map((status) => `PUT /auth/v1/admin/custom-providers/{identifier} ${status}`),
      ...[400, 404].map((status) => `DELETE /auth/v1/admin/custom-providers/{identifier} ${status}`),
      // The admin SSO routes past the key, and /auth/v1/sso past SAML_ENABLED, which the replay's
      // service has off (tests/rest/sso-admin.test.ts, tests/rest/saml-attacks.test.ts).
      "POST /auth/v1/sso 400",
      // ...and a flood of starts from one address (tests/rest/sso-attacks.test.ts).
      "POST /auth/v1/sso 429",
      ...[400, 422].map((status) => `POST /auth/v1/admin/sso/providers ${status}`),
      ...["GET", "DELETE"].map((method) => `${method} /auth/v1/admin/sso/providers/{id} 404`),
      ...[400, 404].map((status) => `PUT /auth/v1/admin/sso/providers/{id} ${status}`),
      "GET /auth/v1/admin/users/{id}/factors 404",
      // Workspace domains (ADR 081): a second claim, a DNS answer and the admin's refusals past the
      // service-role check need a claim made first, the suite's DNS server or the service-role key
      // (tests/rest/workspace-domains.test.ts drives each).
      "POST /api/tenants/me/domains 409",
      ...[409, 422, 502].map((status) => `POST /api/tenants/me/domains/{domainId}/verify ${status}`),
      "GET /auth/v1/admin/workspace-domains 400",
      ...[404, 409].map((status) => `POST /auth/v1/admin/workspace-domains/{domainId}/verify ${status}`),
      "DELETE /auth/v1/admin/workspace-domains/{domainId} 404",
      // A provider already registered, a disabled provider to test, the service-role key (no replay
      // actor holds one): tests/rest/workspace-sso.test.ts drives each.
      "POST /api/tenants/me/sso/providers 409",
      "POST /api/tenants/me/sso/providers/{providerId}/test 409",
      "PUT /auth/v1/admin/workspaces/{tenantId}/sso-rule 404",
      // The rule bound to a token needs a workspace with a verified domain, a provider and the rule
      // on (tests/rest/sso-rule-paths.test.ts drives it).
      "GET /api/v1/balance 403",
      "GET /api/billing/balance 403",
      "DELETE /auth/v1/admin/users/{id}/factors/{factorId} 404",
      // Two-step sign-in past the bearer needs a person's own factor, a verified one, an aal2
      // session or a flood of wrong codes (tests/rest/auth-js-mfa.test.ts drives each with auth-js).
      "POST /auth/v1/factors 422",
      "POST /auth/v1/factors/{id}/verify 400",
      "POST /auth/v1/factors/{id}/verify 422",
      "POST /auth/v1/factors/{id}/verify 429",
      "DELETE /auth/v1/factors/{id} 422",
      "POST /auth/v1/factors/recovery-codes 422",
      "POST /auth/v1/factors/recovery-codes/regenerate 404",
      "DELETE /auth/v1/factors/recovery-codes 404",
      "POST /auth/v1/factors/recovery-codes/verify 422",
      "POST /auth/v1/factors/recovery-codes/verify 429",
      // Ending the other sessions from aal1 needs a verified factor (tests/rest/auth-js-two-step-account-changes.test.ts).
      "POST /auth/v1/logout 422",
      // Passkeys past the bearer need a registered authenticator, an aal2 rule, ten passkeys or a
      // flood (tests/rest/auth-js-passkeys.test.ts drives each with auth-js and a software authenticator).
      "POST /auth/v1/passkeys/registration/options 422",
      "POST /auth/v1/passkeys/registration/verify 422",
      "POST /auth/v1/passkeys/authentication/options 429",
      "POST /auth/v1/passkeys/authentication/verify 403",
      "GET /auth/v1/admin/users/{id}/passkeys 404",
      "DELETE /auth/v1/admin/users/{id}/passkeys/{passkeyId} 404",
      // Readiness refused needs a drain or an outage (tests/cluster/drain.test.ts).
      "GET /readyz 503",
      // A wrong metrics bearer needs METRICS_TOKEN set, which the replay's service has not
      // (its 404 is replayed; tests/rest/metrics.test.ts sends wrong tokens).
      "GET /metrics 401",
      // An app's own key, and two apps sharing a name: no replay actor holds either
      // (tests/cli/commands.test.ts sends an app's own key).
      "GET /api/cli/env 403",
      "GET /api/cli/env 409",
      "GET /api/cli/apps 403",
      // A broker-managed connection whose deletion the broker refuses (tests/rest/oauth-broker).
      "DELETE /api/connections/{id} 502",
      // The provider proxy past the lookup needs a bound connection and a provider that
      // misbehaves (tests/rest/tool-surface.test.ts against the fakes).
      ...["get", "post", "put", "patch", "delete"].flatMap((m) =>
        // 409: a bound connection in needs_reauth (tests/rest/connection-health.test.ts).
        [409, 413, 500, 502, 504].map((status) => `${m.toUpperCase()} /api/proxy/{provider}/{path} ${status}`),
      ),
    ]);
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        for (const [status, response] of Object.entries((operation as Json).responses as Json)) {
          const key = `${method.toUpperCase()} ${path} ${status}`;
          if (Number(status) < 400 || notReplayed.has(key)) continue;
          const count = Object.values(((response as Json).content ?? {}) as Json).reduce((n, media) => n + Object.keys((media as Json).examples ?? {}).length, 0);
          if (count === 0) missing.push(key);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

/** Issue 16, 3: what a generated client needs from the document. */
describe("the OpenAPI document for a generated client", () => {
  const op = (method: string, path: string) => document.paths[path][method] as Json;
  const bodyOf = (method: string, path: string) => op(method, path).requestBody?.content?.["application/json"]?.schema as Json | undefined;

  it("declares the bodies and the grant_type the GoTrue endpoints read", () => {
    expect(Object.keys(bodyOf("post", "/auth/v1/signup")?.properties ?? {})).toEqual(["email", "password", "data"]);
    expect(bodyOf("post", "/auth/v1/signup")?.required).toEqual(["email", "password"]);
    expect(Object.keys(bodyOf("post", "/auth/v1/token")?.properties ?? {})).toEqual(["email", "password", "refresh_token", "provider", "id_token", "nonce", "access_token", "issuer", "auth_code", "code_verifier"]);
    expect(Object.keys(bodyOf("put", "/auth/v1/user")?.properties ?? {}).sort()).toEqual(["data", "email", "nonce", "password"]);
    const grant = (op("post", "/auth/v1/token").parameters as Json[]).find((p) => p.name === "grant_type");
    expect(grant).toMatchObject({ in: "query", required: true, schema: { type: "string", enum: ["password", "refresh_token", "pkce", "id_token", "web3"] } });
  });

  it("declares every field of the session the service sends, expires_at included", () => {
    const session = op("post", "/auth/v1/token").responses["200"].content["application/json"].schema as Json;
    expect(Object.keys(session.properties)).toEqual(["access_token", "token_type", "expires_in", "expires_at", "refresh_token", "user"]);
    expect(session.additionalProperties).toBe(false);
    // GoTrue's user object (issue 16, 1), every field the service sends.
    expect(Object.keys(session.properties.user.properties).sort()).toEqual(
      ["id", "aud", "role", "email", "email_confirmed_at", "invited_at", "phone", "confirmed_at", "new_email", "last_sign_in_at", "app_metadata", "user_metadata", "identities", "is_anonymous", "factors", "created_at", "updated_at"].sort(),
    );
  });

  it("says which media type each SDK file is served as: JavaScript, and TypeScript for connect.d.ts", () => {
    const content = op("get", "/sdk/{file}").responses["200"].content as Json;
    expect(Object.keys(content)).toEqual(["text/javascript", "application/typescript"]);
    expect(content["application/typescript"].examples.types["x-replay"]).toEqual({ as: "anonymous", param: "connect.d.ts" });
  });
});
