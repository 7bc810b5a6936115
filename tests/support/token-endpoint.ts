import { request } from "node:http";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { expect } from "vitest";
import { signedInOwner, type TenantOwner } from "./actors";
import { api } from "./http";
import type { SharedService } from "./shared-service";

/**
 * The token endpoint seen as a client sees it, for the tests that hold a grant answered before
 * the library to the library's face (refresh-before-library.test.ts, code-before-library.test.ts;
 * ADR 088, ADR 090). Which one answered is told by the order the headers were written in (the
 * field order of a response means nothing to a client): Koa writes `Vary` first, the edge
 * `access-control-allow-origin`.
 */
export interface TokenAnswer {
  status: number;
  raw: string[];
  headers: Record<string, string>;
  body: Record<string, any>;
  answeredBy: "library" | "edge";
}

/** A form POST to the token endpoint (`headers` may replace its content type). */
export function tokenRequest(service: { url: string }, params: Record<string, string>, headers: Record<string, string> = {}): Promise<TokenAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${service.url}/auth/v1/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        const names = res.rawHeaders.filter((_, i) => i % 2 === 0);
        const first = names.find((name) => name.toLowerCase() !== "x-request-id");
        resolve({ status: res.statusCode!, raw: res.rawHeaders, headers: res.headers as Record<string, string>, body: JSON.parse(text), answeredBy: first === "Vary" ? "library" : "edge" });
      });
    });
    req.on("error", reject);
    req.end(new URLSearchParams(params).toString());
  });
}

/** The headers a client can tell apart: all but the per-response ones. */
export function comparableHeaders(answer: TokenAnswer): Record<string, string> {
  const { date: _date, "x-request-id": _id, "content-length": _length, ...rest } = answer.headers;
  return rest;
}

/** A signed-in owner with a display name and a picture, so `profile` has claims to show. */
export async function ownerWithProfile(service: SharedService, slugPrefix: string, profile: { display_name: string; avatar_url: string }): Promise<TenantOwner> {
  const owner = await signedInOwner(service, { slugPrefix });
  await service.db.query(`update auth_users set user_metadata = coalesce(user_metadata, '{}'::jsonb) || $2::jsonb where email = $1`, [owner.user.email, JSON.stringify(profile)]);
  return owner;
}

/** A public client (`none`) registered for `redirectUri`, allowed `grantTypes`. */
export async function registeredPublicClient(service: SharedService, name: string, redirectUri: string, grantTypes = ["authorization_code", "refresh_token"]): Promise<string> {
  const registered = await api(service, "/auth/v1/oauth/register", {
    method: "POST",
    json: { client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: "none", grant_types: grantTypes },
  });
  expect(registered.status).toBe(201);
  return registered.body.client_id as string;
}

/**
 * The edge's token answer and the library's show one face: the same status (200), headers, body
 * members, token type, lifetime and scope, a refresh token of the library's form, and the same
 * access token and ID token (their headers, claim names, and the claims `comparable` keeps).
 */
export function expectSameTokenAnswer(edge: TokenAnswer, library: TokenAnswer, comparable: (claims: Record<string, unknown>) => Record<string, unknown>): void {
  expect(edge.status).toBe(library.status);
  expect(edge.status, JSON.stringify(edge.body)).toBe(200);
  expect(comparableHeaders(edge)).toEqual(comparableHeaders(library));
  expect(Object.keys(edge.body)).toEqual(Object.keys(library.body));
  expect(edge.body.token_type).toBe(library.body.token_type);
  expect(edge.body.expires_in).toBe(library.body.expires_in);
  expect(edge.body.scope).toBe(library.body.scope);
  if (library.body.refresh_token !== undefined) expect(edge.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // The access token: the same header (alg, typ, key), the same claims but those `comparable` drops.
  expect(decodeProtectedHeader(edge.body.access_token)).toEqual(decodeProtectedHeader(library.body.access_token));
  const [edgeAt, libraryAt] = [decodeJwt(edge.body.access_token), decodeJwt(library.body.access_token)];
  expect(Object.keys(edgeAt)).toEqual(Object.keys(libraryAt));
  expect(comparable(edgeAt)).toEqual(comparable(libraryAt));
  expect(edgeAt.exp! - edgeAt.iat!).toBe(libraryAt.exp! - libraryAt.iat!);
  expect(String(edgeAt.jti)).toHaveLength(String(libraryAt.jti).length);

  // The ID token, when the library gave one: the same header and claims but those `comparable` drops.
  expect(edge.body.id_token === undefined).toBe(library.body.id_token === undefined);
  if (library.body.id_token) {
    expect(decodeProtectedHeader(edge.body.id_token)).toEqual(decodeProtectedHeader(library.body.id_token));
    const [edgeId, libraryId] = [decodeJwt(edge.body.id_token), decodeJwt(library.body.id_token)];
    expect(Object.keys(edgeId)).toEqual(Object.keys(libraryId));
    expect(comparable(edgeId)).toEqual(comparable(libraryId));
    expect(edgeId.exp! - edgeId.iat!).toBe(libraryId.exp! - libraryId.iat!);
  }
}
