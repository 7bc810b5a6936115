import { describe, expect, it } from "vitest";
import { authnRequestIdOf, encodedResponse, forgingIdp, type AssertionOptions } from "../fakes/saml-signer";
import { suiteService } from "../support/service";
import { serviceProviderOf, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";
import { uniqueEmail } from "../support/http";

/**
 * Issue 32, 1 and 5 (ADR 079): what the ACS refuses. The assertions are built and signed by
 * the tests' own forging IdP (xml-crypto, tests/fakes/saml-signer.ts), because a real IdP
 * never sends them: tampered, unsigned, replayed, expired, wrapped, for another audience or
 * signed by another provider's key. Each refusal is GoTrue's 303 to the site URL with
 * `error_code`, and writes nothing: no account, no identity, no used assertion.
 */
const A = forgingIdp("https://idp-a.example/metadata");
const B = forgingIdp("https://idp-b.example/metadata");
const service = suiteService(() => ({ label: "saml-attacks", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY } }));

let providerA = "";
const sp = () => serviceProviderOf(service);
const rows = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;

async function ensureProviders(): Promise<void> {
  if (providerA) return;
  const a = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: A.metadataXml, domains: ["a-corp.test"] });
  expect(a.status).toBe(201);
  providerA = a.body.id;
  const b = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: B.metadataXml, domains: ["b-corp.test"] });
  expect(b.status).toBe(201);
}

/** `POST /auth/v1/sso` as auth-js sends it; the RelayState and the AuthnRequest's ID. */
async function startSignIn(redirectTo = `${service.url}/landing`): Promise<{ relayState: string; requestId: string }> {
  const response = await fetch(`${service.url}/auth/v1/sso`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ domain: "a-corp.test", redirect_to: redirectTo, skip_http_redirect: true }),
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return { relayState: new URL(url).searchParams.get("RelayState")!, requestId: authnRequestIdOf(url) };
}

async function postAcs(samlResponse: string, relayState = ""): Promise<{ status: number; location: URL }> {
  const response = await fetch(sp().acsUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
  return { status: response.status, location: new URL(response.headers.get("location")!) };
}

const valid = (email: string, extra: Partial<AssertionOptions> = {}): AssertionOptions => ({ acsUrl: sp().acsUrl, audience: sp().entityId, email, ...extra });

async function nothingWritten(email: string): Promise<void> {
  expect(await rows(`select id from auth_users where lower(email) = $1`, [email])).toEqual([]);
  expect(await rows(`select id from auth_identities where lower(email) = $1`, [email])).toEqual([]);
}

async function expectRefused(post: Promise<{ status: number; location: URL }>, email: string, errorCode = "validation_failed"): Promise<void> {
  const usedBefore = (await rows(`select count(*)::int as n from sso_used_assertions`))[0].n;
  const { status, location } = await post;
  expect(status).toBe(303);
  expect(location.origin + location.pathname).toBe(`${service.url}/`);
  expect(location.searchParams.get("error_code")).toBe(errorCode);
  expect(location.searchParams.get("error")).toBeTruthy();
  expect(location.searchParams.get("error_description")).toBeTruthy();
  await nothingWritten(email);
  expect((await rows(`select count(*)::int as n from sso_used_assertions`))[0].n).toBe(usedBefore);
}

describe("the SAML ACS refuses what a real IdP would not send", () => {
  it("a valid signed assertion for an SP-initiated sign-in signs in (the baseline every attack is a change of)", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-ok").replace(/@.*/, "@a-corp.test");
    const { relayState, requestId } = await startSignIn();
    const { status, location } = await postAcs(A.response(valid(email, { inResponseTo: requestId })), relayState);
    expect(status).toBe(302);
    expect(location.href.startsWith(`${service.url}/landing#`)).toBe(true);
    expect(new URLSearchParams(location.hash.slice(1)).get("token_type")).toBe("bearer");
    const users = await rows(`select app_metadata from auth_users where lower(email) = $1`, [email]);
    expect(users[0].app_metadata.provider).toBe(`sso:${providerA}`);
  });

  it("a tampered assertion (the email changed after signing) is refused", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-tamper").replace(/@.*/, "@a-corp.test");
    const { relayState, requestId } = await startSignIn();
    const tampered = A.response(valid("someone@a-corp.test", { inResponseTo: requestId, tamper: (xml) => xml.replace("someone@a-corp.test", email) }));
    await expectRefused(postAcs(tampered, relayState), email);
  });

  it("an unsigned assertion is refused", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-unsigned").replace(/@.*/, "@a-corp.test");
    const { relayState, requestId } = await startSignIn();
    await expectRefused(postAcs(A.response(valid(email, { inResponseTo: requestId, sign: false })), relayState), email);
  });

  it("the same assertion twice: the second is refused (one use per assertion ID, IdP-initiated so no relay state stops it first)", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-replay").replace(/@.*/, "@a-corp.test");
    const response = A.response(valid(email));
    const first = await postAcs(response);
    expect(first.status).toBe(302);
    const users = await rows(`select id from auth_users where lower(email) = $1`, [email]);
    expect(users).toHaveLength(1);
    const sessionsBefore = (await rows(`select count(*)::int as n from auth_sessions where user_id = $1`, [users[0].id]))[0].n;
    const second = await postAcs(response);
    expect(second.status).toBe(303);
    expect(second.location.searchParams.get("error_code")).toBe("validation_failed");
    expect((await rows(`select count(*)::int as n from auth_sessions where user_id = $1`, [users[0].id]))[0].n).toBe(sessionsBefore);
  });

  it("an expired assertion is refused (NotOnOrAfter past beyond the skew)", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-expired").replace(/@.*/, "@a-corp.test");
    const { relayState, requestId } = await startSignIn();
    const past = { notBefore: new Date(Date.now() - 20 * 60_000), notOnOrAfter: new Date(Date.now() - 10 * 60_000) };
    await expectRefused(postAcs(A.response(valid(email, { inResponseTo: requestId, ...past })), relayState), email);
  });

  it("XML signature wrapping: a signed assertion moved aside and an unsigned one in its place is refused, in two forms", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-xsw").replace(/@.*/, "@a-corp.test");
    const genuine = A.signedAssertion(valid("genuine@a-corp.test", { assertionId: "_genuine" }));
    const evil = A.signedAssertion(valid(email, { sign: false, assertionId: "_genuine" }));
    const wrap = (body: string) =>
      encodedResponse(
        `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r1" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${sp().acsUrl}"><saml:Issuer>${A.entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${body}</samlp:Response>`,
      );
    // XSW: the signed original hidden in an Extensions element, the forged one (same ID) where the assertion goes.
    await expectRefused(postAcs(wrap(`<samlp:Extensions>${genuine}</samlp:Extensions>${evil}`)), email);
    // XSW: both at the top, the forged first.
    await expectRefused(postAcs(wrap(`${evil}${genuine}`)), email);
    expect(await rows(`select id from auth_users where lower(email) = 'genuine@a-corp.test'`)).toEqual([]);
  });

  it("an assertion for another service provider's audience is refused, and so is one signed by another provider's key", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-audience").replace(/@.*/, "@a-corp.test");
    let started = await startSignIn();
    await expectRefused(postAcs(A.response(valid(email, { inResponseTo: started.requestId, audience: "https://other-sp.example/saml/metadata" })), started.relayState), email);
    started = await startSignIn();
    // B's key, A's name: the signature must be by the certificate registered for A.
    await expectRefused(postAcs(B.response(valid(email, { inResponseTo: started.requestId, issuer: A.entityId })), started.relayState), email);
  });

  it("an assertion for another request (InResponseTo), or for another ACS (Recipient, Destination), is refused", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-irt").replace(/@.*/, "@a-corp.test");
    let started = await startSignIn();
    await expectRefused(postAcs(A.response(valid(email, { inResponseTo: "_someone-elses-request" })), started.relayState), email);
    started = await startSignIn();
    // Recipient elsewhere, Destination ours: the Recipient check alone stops it.
    await expectRefused(postAcs(A.response(valid(email, { inResponseTo: started.requestId, acsUrl: "https://other-sp.example/acs", destination: sp().acsUrl })), started.relayState), email);
    started = await startSignIn();
    // Destination elsewhere, Recipient ours.
    await expectRefused(postAcs(A.response(valid(email, { inResponseTo: started.requestId, destination: "https://other-sp.example/acs" })), started.relayState), email);
    // A used relay state is gone: GoTrue's saml_relay_state_not_found.
    await expectRefused(postAcs(A.response(valid(email, { inResponseTo: started.requestId })), started.relayState), email, "saml_relay_state_not_found");
  });

  it("a redirect_to off the allow-list: the browser lands on the site URL, never the foreign host", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-redirect").replace(/@.*/, "@a-corp.test");
    const { relayState, requestId } = await startSignIn("https://evil.example/steal");
    const { status, location } = await postAcs(A.response(valid(email, { inResponseTo: requestId })), relayState);
    expect(status).toBe(302);
    expect(location.origin).toBe(service.url);
    expect(location.href).not.toContain("evil.example");
  });

  it("an address another account has, outside the provider's domains, is refused (email_exists); nothing is linked", async () => {
    await ensureProviders();
    const email = uniqueEmail("saml-foreign");
    const signup = await fetch(`${service.url}/auth/v1/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "a-long-password-1" }) });
    expect(signup.status).toBe(200);
    const { status, location } = await postAcs(A.response(valid(email)));
    expect(status).toBe(303);
    expect(location.searchParams.get("error_code")).toBe("email_exists");
    expect(await rows(`select id from auth_identities where provider like 'sso:%' and lower(email) = $1`, [email])).toEqual([]);
  });
});
