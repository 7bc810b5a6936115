import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { ServiceUnderTest } from "./service";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** One HTTP call to the service with an optional session cookie and JSON body. */
export async function api<T = any>(
  service: { url: string },
  path: string,
  options: { method?: string; cookie?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body = options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${service.url}${path}`, { method: options.method ?? "GET", headers, body, redirect: "manual" });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get("content-type") ?? "").includes("application/json") && text) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

/** The `name=value` pair of the session cookie from a Set-Cookie list (`__Host-svc_session` under an https BASE_URL), or undefined. */
export function sessionCookieFrom(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const name = pair.startsWith("__Host-svc_session=") ? "__Host-svc_session=" : "svc_session=";
    if (pair.startsWith(name) && pair.length > name.length) return pair;
  }
  return undefined;
}

export interface TestUser {
  email: string;
  password: string;
  cookie: string;
  userId: string;
}

/** Signs up through the dashboard's plain HTML form, as a browser would. */
export async function signUp(service: ServiceUnderTest | { url: string }, email = uniqueEmail(), password = "correct horse battery"): Promise<TestUser> {
  const res = await fetch(`${service.url}/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = sessionCookieFrom(res.headers);
  if (res.status !== 302 || !cookie) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const me = await api(service, "/api/auth/me", { cookie });
  return { email, password, cookie, userId: me.body.userId };
}

export async function createTenant(service: { url: string }, user: TestUser, slug: string, name = "Acme") {
  const res = await api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name, slug } });
  if (res.status !== 201) throw new Error(`workspace create failed: ${res.status} ${res.text}`);
  return res.body;
}

export function uniqueSlug(prefix = "ws"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** A browser's form post (no redirect followed), with the session cookie when given. */
export function postForm(service: { url: string }, path: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
  return fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** `/login`'s password form as a browser posts it (no redirect followed), with `userAgent` as its User-Agent when given. */
export function formSignIn(service: { url: string }, person: { email: string; password: string }, userAgent?: string): Promise<Response> {
  return fetch(`${service.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(userAgent ? { "user-agent": userAgent } : {}) },
    body: new URLSearchParams({ email: person.email, password: person.password }),
    redirect: "manual",
  });
}

/** `/login`'s password step as a browser posts it: the session cookie it sets, and where it sends the browser. */
export async function passwordSignIn(service: { url: string }, person: { email: string; password: string }, redirectTo = "/dashboard") {
  const res = await postForm(service, "/login", { email: person.email, password: person.password, redirectTo });
  expect(res.status).toBe(302);
  return { cookie: sessionCookieFrom(res.headers)!, location: res.headers.get("location") };
}
