import { beforeAll, describe, expect, it } from "vitest";
import { api, signUp, type TestUser } from "../support/http";
import { approvedCode } from "../support/hot-paths";
import { sharedService } from "../support/shared-service";

/**
 * Issue 30, ADR 083: a code's or refresh token's claim is made by the save of the refresh token
 * that follows, in one statement. A client not allowed the refresh grant is given no refresh
 * token, so its code is claimed on its own, as before: spent once, and a second exchange is a
 * reuse that ends the grant (the first exchange's access token stops too).
 */
describe("a code exchange without a refresh token", () => {
  const service = sharedService();
  const REDIRECT = "http://127.0.0.1:9/callback";
  const FORM = { "content-type": "application/x-www-form-urlencoded" };
  let person: TestUser;

  beforeAll(async () => {
    person = await signUp(service);
  });

  async function post(path: string, params: Record<string, string>) {
    const res = await fetch(`${service.url}${path}`, { method: "POST", headers: FORM, body: new URLSearchParams(params) });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  }

  it("spends the code once; the reuse is refused and ends the grant", async () => {
    const registered = await api(service, "/auth/v1/oauth/register", {
      method: "POST",
      json: { client_name: "Codes only", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code"] },
    });
    expect(registered.status).toBe(201);
    const clientId = registered.body.client_id as string;
    const { code, verifier } = await approvedCode(service, person, { clientId, redirectUri: REDIRECT, scope: "openid email" });
    const exchange = { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: clientId };

    const first = await post("/auth/v1/oauth/token", exchange);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeUndefined();
    expect(typeof first.body.access_token).toBe("string");
    const live = await post("/auth/v1/oauth/introspect", { token: first.body.access_token, client_id: clientId });
    expect(live.body.active).toBe(true);

    const again = await post("/auth/v1/oauth/token", exchange);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
    // The reuse ended the grant: the first exchange's access token stops within the second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const ended = await post("/auth/v1/oauth/introspect", { token: first.body.access_token, client_id: clientId });
    expect(ended.body).toEqual({ active: false });
  });
});
