import { beforeAll, expect } from "vitest";
import { signedInOwner } from "./actors";
import { api, type TestUser } from "./http";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

export interface ScimResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** One SCIM request as a directory sends it: `application/scim+json`, the token as a bearer. */
export async function scim(
  service: { url: string },
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  options: { raw?: string; contentType?: string } = {},
): Promise<ScimResponse> {
  const headers: Record<string, string> = { accept: "application/scim+json" };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined = options.raw;
  if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers["content-type"] = options.contentType ?? "application/scim+json";
  const res = await fetch(`${service.url}/scim/v2${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

/** A SCIM token of the owner's current workspace, made through the REST path a person uses. */
export async function scimToken(service: { url: string }, owner: TestUser): Promise<string> {
  const res = await api(service, "/api/tenants/me/scim-tokens", { method: "POST", cookie: owner.cookie });
  if (res.status !== 201) throw new Error(`scim token: ${res.status} ${res.text}`);
  return res.body.token;
}

export function userBody(fields: { userName: string; email?: string; externalId?: string; active?: boolean; givenName?: string; familyName?: string }): Record<string, unknown> {
  return {
    schemas: [USER_SCHEMA],
    userName: fields.userName,
    ...(fields.externalId ? { externalId: fields.externalId } : {}),
    name: { givenName: fields.givenName ?? "Ada", familyName: fields.familyName ?? "Lovelace" },
    emails: [{ value: fields.email ?? fields.userName, type: "work", primary: true }],
    ...(fields.active !== undefined ? { active: fields.active } : {}),
  };
}

/** A PatchOp request body (RFC 7644 §3.5.2) with `operations`. */
export function patchBody(operations: unknown[]): Record<string, unknown> {
  return { schemas: [PATCH_SCHEMA], Operations: operations };
}

/** How many SCIM users the workspace's directory holds: counted before and after a refusal to show nothing was written. */
export async function scimUserCount(service: { db: { query(sql: string, values: unknown[]): Promise<{ rows: { count: string }[] }> } }, tenantId: string): Promise<number> {
  return Number((await service.db.query("select count(*) from scim_users where tenant_id = $1", [tenantId])).rows[0]!.count);
}

/** A workspace with its owner and a SCIM token, made by the beforeAll this declares (a SCIM test file's fixture). */
export function scimWorkspace(service: { url: string }): { owner: TestUser; tenantId: string; token: string } {
  const workspace = {} as { owner: TestUser; tenantId: string; token: string };
  beforeAll(async () => {
    ({ user: workspace.owner, tenantId: workspace.tenantId } = await signedInOwner(service, { slugPrefix: "scim", name: "Directory Co" }));
    workspace.token = await scimToken(service, workspace.owner);
  });
  return workspace;
}

/** A user created through SCIM's POST /Users (asserted 201): the resource answered. */
export async function provisionedUser(service: { url: string }, token: string, fields: Parameters<typeof userBody>[0]): Promise<any> {
  const res = await scim(service, token, "POST", "/Users", userBody(fields));
  expect(res.status, res.text).toBe(201);
  return res.body;
}
