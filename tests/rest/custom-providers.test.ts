import { AuthClient } from "@supabase/auth-js";
import { describe, expect, it } from "vitest";
import { startGithubFake, type GithubFake } from "../fakes/github-oauth";
import { closeServer, listen, sendJson } from "../fakes/http-fake";
import { authJsClient } from "../support/auth-js-client";
import { followRedirects, pkceAuthClient } from "../support/external-sign-in";
import { signUp, uniqueEmail } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";

/**
 * Issue 31, ADR 075: GoTrue's custom OAuth and OpenID providers, driven by an unmodified
 * auth-js `auth.admin.customProviders`, and a sign-in through an `oauth2` one: the GitHub fake
 * on 127.0.0.1, named by its OAuth URLs and `/user` as userinfo, added at run time.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.dGVzdC1jdXN0b20tcHJvdmlkZXJz";
const github: GithubFake = suiteResource(() => startGithubFake("custom-client", "custom-secret"), (fake) => fake.close());
/** An issuer that only publishes its discovery document (and one that names another issuer). */
const issuer = suiteResource(
  async () => {
    const fake = await listen((req, res) => {
      const base = `http://${req.headers.host}`;
      const document = (iss: string) => ({ issuer: iss, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, jwks_uri: `${base}/jwks`, userinfo_endpoint: `${base}/userinfo` });
      if (req.url === "/.well-known/openid-configuration") return sendJson(res, 200, document(base));
      if (req.url === "/other/.well-known/openid-configuration") return sendJson(res, 200, document("https://someone-else.example"));
      sendJson(res, 404, {});
    });
    return fake;
  },
  (fake) => closeServer(fake.server),
);
const service = suiteService(() => ({
  label: "custom-providers",
  env: { SERVICE_ROLE_KEY, CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS: "true" },
}));

const client = (key: string) =>
  new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
const admin = () => client(SERVICE_ROLE_KEY).admin.customProviders;
const rows = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;
const count = async () => (await rows("select count(*)::int as n from auth_custom_providers"))[0].n as number;

let nextId = 1;
const oauth2 = (identifier: string, extra: Record<string, unknown> = {}) => ({
  provider_type: "oauth2" as const,
  identifier,
  name: "Acme SSO",
  client_id: "custom-client",
  client_secret: "custom-secret",
  authorization_url: `${github.url}/login/oauth/authorize`,
  token_url: `${github.url}/login/oauth/access_token`,
  userinfo_url: `${github.url}/api/v3/user`,
  scopes: ["read:user"],
  attribute_mapping: { sub: "id", email: "email", name: "name", preferred_username: "login" },
  ...extra,
});
const unique = (prefix: string) => `custom:${prefix}-${nextId++}-${Date.now().toString(36)}`;

describe("the admin API (auth-js admin.customProviders)", () => {
  it("creates, lists, reads, changes and deletes a provider; the secret is sealed and never answered", async () => {
    const identifier = unique("crud");
    const created = await admin().createProvider(oauth2(identifier));
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ provider_type: "oauth2", identifier, name: "Acme SSO", client_id: "custom-client", pkce_enabled: true, enabled: true, scopes: ["read:user"] });
    expect(created.data).not.toHaveProperty("client_secret");
    expect(JSON.stringify(created.data)).not.toContain("custom-secret");
    const [stored] = await rows("select client_secret_sealed from auth_custom_providers where identifier = $1", [identifier]);
    expect(stored.client_secret_sealed).toMatch(/^v1\./);
    expect(stored.client_secret_sealed).not.toContain("custom-secret");

    const listed = await admin().listProviders();
    expect(listed.error).toBeNull();
    expect(listed.data.providers.map((provider) => provider.identifier)).toContain(identifier);
    expect((await admin().listProviders({ type: "oidc" })).data.providers.map((provider) => provider.identifier)).not.toContain(identifier);

    const got = await admin().getProvider(identifier);
    expect(got.data).toMatchObject({ identifier, id: created.data!.id });

    const changed = await admin().updateProvider(identifier, { name: "Acme Renamed", enabled: false });
    expect(changed.error).toBeNull();
    expect(changed.data).toMatchObject({ name: "Acme Renamed", enabled: false, client_id: "custom-client" });

    const deleted = await admin().deleteProvider(identifier);
    expect(deleted.error).toBeNull();
    expect((await admin().getProvider(identifier)).error).toMatchObject({ status: 404, code: "custom_provider_not_found", message: "Custom OAuth provider not found" });
    expect((await admin().deleteProvider(identifier)).error).toMatchObject({ status: 404, code: "custom_provider_not_found" });
  });

  it("refuses a taken identifier with GoTrue's conflict, writing nothing", async () => {
    const identifier = unique("taken");
    expect((await admin().createProvider(oauth2(identifier))).error).toBeNull();
    const before = await count();
    const again = await admin().createProvider(oauth2(identifier, { name: "Other" }));
    expect(again.error).toMatchObject({ status: 400, code: "conflict", message: "A custom OAuth provider with this identifier already exists" });
    expect(await count()).toBe(before);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ["a provider type", { provider_type: "saml" }, "provider_type must be either 'oauth2' or 'oidc'"],
    ["the custom: prefix", { identifier: "acme" }, "identifier must start with 'custom:' prefix, e.g. 'custom:acme'"],
    ["the identifier format", { identifier: "custom:Acme Corp" }, "identifier must be 2 to 50 lowercase letters, digits, ':' or '-', starting and ending with a letter or digit"],
    ["a name", { name: "" }, "name is required"],
    ["a client id", { client_id: "" }, "client_id is required"],
    ["a client secret", { client_secret: "" }, "client_secret is required"],
    ["the token URL", { token_url: "" }, "token_url is required for OAuth2 providers"],
    ["a URL", { userinfo_url: "not a url" }, "Invalid URL format"],
    ["a reserved authorization parameter", { authorization_params: { state: "fixed" } }, "Cannot override reserved OAuth parameter: state"],
    ["a protected mapping target", { attribute_mapping: { role: "service_role" } }, "Cannot map to protected system field: role"],
    ["an empty claim key", { custom_claims_allowlist: [" "] }, "custom_claims_allowlist entries must be non-empty strings"],
    ["a NUL in a name", { name: "Acme\u0000" }, "name contains characters that are not allowed"],
    ["broken UTF-16", { client_id: "\ud800" }, "client_id contains characters that are not allowed"],
    ["a NUL in a mapping", { attribute_mapping: { name: "a\u0000b" } }, "attribute_mapping contains characters that are not allowed"],
  ];
  it.each(refusals)("refuses a body without %s in GoTrue's 400, writing nothing", async (_what, change, message) => {
    const before = await count();
    const { data, error } = await admin().createProvider({ ...oauth2(unique("bad")), ...change } as never);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message });
    expect(await count()).toBe(before);
  });

  it("refuses an OpenID provider without an issuer, and one whose discovery fails", async () => {
    const before = await count();
    const base = { provider_type: "oidc" as const, identifier: unique("oidc"), name: "Corp", client_id: "c", client_secret: "s" };
    expect((await admin().createProvider(base)).error).toMatchObject({ status: 400, code: "validation_failed", message: "issuer is required for OIDC providers" });
    const unreachable = await admin().createProvider({ ...base, issuer: `${github.url}/no-issuer` });
    expect(unreachable.error).toMatchObject({ status: 400, code: "validation_failed" });
    expect(unreachable.error?.message).toMatch(/^OIDC discovery from ".*\/no-issuer\/\.well-known\/openid-configuration" failed: /);
    expect(await count()).toBe(before);
  });

  it("refuses a change that breaks a rule and leaves the row as it was", async () => {
    const identifier = unique("put");
    await admin().createProvider(oauth2(identifier));
    const { error } = await admin().updateProvider(identifier, { attribute_mapping: { email_verified: true } });
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message: "Cannot map to protected system field: email_verified" });
    const [row] = await rows("select attribute_mapping, updated_at = created_at as untouched from auth_custom_providers where identifier = $1", [identifier]);
    expect(row).toEqual({ attribute_mapping: { sub: "id", email: "email", name: "name", preferred_username: "login" }, untouched: true });
    expect((await admin().updateProvider("custom:nobody-here", { name: "x" })).error).toMatchObject({ status: 404, code: "custom_provider_not_found" });
    expect((await admin().getProvider("acme")).error).toMatchObject({ status: 400, code: "validation_failed", message: "identifier must start with 'custom:' prefix, e.g. 'custom:acme'" });
  });

  it("answers 401 without a bearer and 403 not_admin to a person's token, writing nothing", async () => {
    const before = await count();
    const anonymous = new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
    expect((await anonymous.admin.customProviders.createProvider(oauth2(unique("anon")))).error).toMatchObject({ status: 401, code: "no_authorization" });
    const person = await signUp(service);
    const session = authJsClient(service);
    const signedIn = await session.signInWithPassword({ email: person.email, password: person.password });
    const token = signedIn.data.session!.access_token;
    expect((await client(token).admin.customProviders.createProvider(oauth2(unique("user")))).error).toMatchObject({ status: 403, code: "not_admin", message: "User not allowed" });
    expect((await client(token).admin.customProviders.listProviders()).error).toMatchObject({ status: 403, code: "not_admin" });
    expect(await count()).toBe(before);
  });
});

describe("sign-in through a custom oauth2 provider (auth-js signInWithOAuth)", () => {
  const back = () => `${service.url}/welcome`;
  async function signIn(provider: string) {
    const auth = pkceAuthClient(service);
    const { data, error } = await auth.signInWithOAuth({ provider: provider as never, options: { redirectTo: back(), skipBrowserRedirect: true } });
    expect(error).toBeNull();
    return { auth, url: data.url! };
  }

  it("signs a new person up as soon as the provider is added, with a custom:<id> identity", async () => {
    const identifier = unique("signin");
    expect((await admin().createProvider(oauth2(identifier))).error).toBeNull();
    const email = uniqueEmail("custom-new");
    github.control.person = { id: 424242 + nextId, login: "acme-person", name: "Ada Acme", emails: [{ email, primary: true, verified: true }] };
    const { auth, url } = await signIn(identifier);
    const authorize = await fetch(url, { redirect: "manual" });
    const upstream = new URL(authorize.headers.get("location")!);
    expect(upstream.origin + upstream.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(upstream.searchParams.get("client_id")).toBe("custom-client");
    expect(upstream.searchParams.get("scope")).toBe("read:user");
    const { final } = await followRedirects(url, back());
    const code = new URL(final).searchParams.get("code")!;
    const { data, error } = await auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata).toMatchObject({ provider: identifier, providers: [identifier] });
    expect(data.user?.identities).toEqual([
      expect.objectContaining({ provider: identifier, id: String(github.control.person.id), identity_data: expect.objectContaining({ sub: String(github.control.person.id), email, name: "Ada Acme", preferred_username: "acme-person" }) }),
    ]);
    expect(await rows("select provider, provider_id from auth_identities where user_id = $1", [data.user!.id])).toEqual([{ provider: identifier, provider_id: String(github.control.person.id) }]);
    expect(github.exchanges.at(-1)).toMatchObject({ client_id: "custom-client", client_secret: "custom-secret" });
  });

  it("signs in a person the provider names no address for only when the provider has email_optional", async () => {
    const strict = unique("no-email");
    const optional = unique("email-optional");
    expect((await admin().createProvider(oauth2(strict))).error).toBeNull();
    expect((await admin().createProvider(oauth2(optional, { email_optional: true }))).error).toBeNull();
    github.control.person = { id: 525252 + nextId, login: "no-address", name: "Nobody Mailed", emails: [] };
    const refused = await signIn(strict);
    const { final: refusedAt } = await followRedirects(refused.url, back());
    expect(new URL(refusedAt).searchParams.get("error")).toBe("server_error");
    expect(await rows("select id from auth_identities where provider_id = $1", [String(github.control.person.id)])).toEqual([]);

    const { auth, url } = await signIn(optional);
    const { final } = await followRedirects(url, back());
    const { data, error } = await auth.exchangeCodeForSession(new URL(final).searchParams.get("code")!);
    expect(error).toBeNull();
    expect(data.user?.email ?? "").toBe("");
    expect(data.user?.identities).toEqual([expect.objectContaining({ provider: optional, id: String(github.control.person.id) })]);
  });

  it("refuses a disabled, deleted or unknown custom provider at /authorize with GoTrue's 400, writing no flow state", async () => {
    const identifier = unique("off");
    await admin().createProvider(oauth2(identifier, { enabled: false }));
    const flows = async () => (await rows("select count(*)::int as n from auth_flow_states"))[0].n as number;
    const before = await flows();
    const disabled = await fetch(`${service.url}/auth/v1/authorize?provider=${identifier}&redirect_to=${encodeURIComponent(back())}`, { redirect: "manual" });
    expect(disabled.status).toBe(400);
    expect(await disabled.json()).toMatchObject({ code: 400, error_code: "validation_failed", msg: `Unsupported provider: custom provider ${identifier} is disabled` });
    const unknown = await fetch(`${service.url}/auth/v1/authorize?provider=custom:nobody-here`, { redirect: "manual" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error_code: "validation_failed", msg: "Unsupported provider: custom provider custom:nobody-here not found" });
    expect(await flows()).toBe(before);
    // Enabled at run time: the next /authorize goes to the provider.
    await admin().updateProvider(identifier, { enabled: true });
    expect((await fetch(`${service.url}/auth/v1/authorize?provider=${identifier}`, { redirect: "manual" })).status).toBe(302);
  });
});

describe("a custom oidc provider", () => {
  it("is stored with its checked discovery document and `openid` among its scopes, and /authorize sends the browser to its endpoint with a nonce", async () => {
    const identifier = unique("oidc-ok");
    const { data, error } = await admin().createProvider({ provider_type: "oidc", identifier, name: "Corp", client_id: "corp-client", client_secret: "corp-secret", issuer: issuer.url, scopes: ["email"] });
    expect(error).toBeNull();
    expect(data).toMatchObject({ provider_type: "oidc", issuer: issuer.url, scopes: ["openid", "email"], discovery_document: { issuer: issuer.url, authorization_endpoint: `${issuer.url}/authorize` } });
    expect(data).not.toHaveProperty("authorization_url");
    const authorize = await fetch(`${service.url}/auth/v1/authorize?provider=${identifier}`, { redirect: "manual" });
    expect(authorize.status).toBe(302);
    const upstream = new URL(authorize.headers.get("location")!);
    expect(upstream.origin + upstream.pathname).toBe(`${issuer.url}/authorize`);
    expect(upstream.searchParams.get("client_id")).toBe("corp-client");
    expect(upstream.searchParams.get("nonce")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a discovery_url whose document names another issuer, writing nothing", async () => {
    const before = await count();
    const { error } = await admin().createProvider({
      provider_type: "oidc", identifier: unique("oidc-bad"), name: "Corp", client_id: "c", client_secret: "s", issuer: issuer.url, discovery_url: `${issuer.url}/other/.well-known/openid-configuration`,
    });
    expect(error).toMatchObject({ status: 400, code: "validation_failed" });
    expect(error?.message).toContain("issuer did not match");
    expect(await count()).toBe(before);
  });
});
