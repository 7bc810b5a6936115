import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt } from "jose";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRequest } from "../support/app-host";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { approveInBrowser } from "../support/oauth-client";
import { startService, type RunningService } from "../support/service";

/**
 * AUTH_URL (issue 15, ADR 050): the authorization server published at another address, here
 * `http://127.0.0.1:{proxy}/identity` through a real reverse proxy that forwards
 * `/identity/…` to the service's `/auth/v1/…` (and everything else as is). The issuer, the
 * metadata's endpoints, the `iss` of tokens and of the redirect, and a tool's resource
 * metadata all name it; openid-client, unmodified, discovers it and signs in through it.
 */

let service: RunningService;
let proxy: Server;
let authUrl: string;
let proxyOrigin: string;
let person: TestUser;
let slug: string;
const REDIRECT = "http://127.0.0.1:8765/callback";
const insecure = { execute: [client.allowInsecureRequests] };

/** A front proxy as a deployment has one: `/identity/x` -> `/auth/v1/x`, the rest unchanged, Host kept. */
function startProxy(target: () => string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").replace(/^\/identity(?=\/|$)/, "/auth/v1");
    const upstream = new URL(target());
    const forwarded = request({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on("error", () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

beforeAll(async () => {
  let serviceUrl = "";
  proxy = await startProxy(() => serviceUrl);
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  authUrl = `${proxyOrigin}/identity`;
  service = await startService({ label: "auth-url", env: { AUTH_URL: `${authUrl}/`, HEALTH_CHECK_INTERVAL_SECONDS: "0" } });
  serviceUrl = service.url;
  person = await signUp(service);
  slug = uniqueSlug("authurl");
  await createTenant(service, person, slug);
});
afterAll(async () => {
  await service?.stop();
  await new Promise((resolve) => proxy?.close(resolve));
});

describe("AUTH_URL", () => {
  it("is the issuer, and every endpoint of the metadata is under it, at the service's own addresses too", async () => {
    for (const path of ["/.well-known/oauth-authorization-server/auth/v1", "/auth/v1/.well-known/oauth-authorization-server", "/auth/v1/.well-known/openid-configuration"]) {
      const res = await api(service, path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        issuer: authUrl,
        authorization_endpoint: `${authUrl}/oauth/authorize`,
        token_endpoint: `${authUrl}/oauth/token`,
        registration_endpoint: `${authUrl}/oauth/register`,
        revocation_endpoint: `${authUrl}/oauth/revoke`,
        introspection_endpoint: `${authUrl}/oauth/introspect`,
        device_authorization_endpoint: `${authUrl}/oauth/device/code`,
        userinfo_endpoint: `${authUrl}/oauth/userinfo`,
        jwks_uri: `${authUrl}/.well-known/jwks.json`,
      });
    }
  });

  it("is discovered by openid-client, which registers, signs in with code + PKCE and refreshes through it; iss is AUTH_URL everywhere", async () => {
    const config = await client.dynamicClientRegistration(
      new URL(authUrl),
      { client_name: "Proxy notes", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] },
      client.None(),
      insecure,
    );
    expect(config.serverMetadata().issuer).toBe(authUrl);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid email", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state });
    expect(url.href.startsWith(`${authUrl}/oauth/authorize?`)).toBe(true);
    // The browser goes through the proxy, which is the service under another address.
    const { redirect } = await approveInBrowser({ url: proxyOrigin } as RunningService, person.cookie, url.href);
    expect(redirect.searchParams.get("iss")).toBe(authUrl);
    const tokens = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: authUrl, sub: person.userId });
    expect(decodeJwt(tokens.id_token!)).toMatchObject({ iss: authUrl, sub: person.userId });
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(decodeJwt(refreshed.access_token).iss).toBe(authUrl);
    // The service's own endpoints take the token whose iss is AUTH_URL.
    const info = await client.fetchUserInfo(config, refreshed.access_token, person.userId);
    expect(info).toMatchObject({ sub: person.userId, email: person.email });
  });

  it("is the authorization server a deployed tool's resource metadata names", async () => {
    const deployed = await api(service, "/api/deployments", { method: "POST", cookie: person.cookie, json: { name: "tool", upstreamUrl: "http://127.0.0.1:9" } });
    expect(deployed.status).toBe(201);
    const host = `tool--${slug}.localhost:${new URL(service.url).port}`;
    const res = await appRequest(service.url, host, "/.well-known/oauth-protected-resource");
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ resource: `http://${host}/`, authorization_servers: [authUrl] });
  });
});
