import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import { assertKeyLookupsAllowed, countKeyFailure } from "../identity";
import { findAppError } from "../platform/errors";
import { setRequestActor } from "../platform/request-scope";
import { listResponse, resourceTypes, schemas, serviceProviderConfig } from "./scim-discovery";
import { ScimError, invalidFilter, notFound } from "./scim-error";
import { parseFilter } from "./scim-filter";
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, putGroup } from "./scim-groups";
import { pageFrom } from "./scim-paging";
import { GROUP_FILTERS, USER_FILTERS } from "./scim-schemas";
import { scimActor } from "./scim-actor";
import { authenticateScimToken, type ScimPrincipal } from "./scim-tokens";
import { createUser, deleteUser, getUser, listUsers, patchUser, putUser } from "./scim-users";

/** One request to `{BASE_URL}/scim/v2`, as the edge read it. */
export interface ScimRequest {
  method: string;
  /** The path after `/scim/v2`, e.g. `/Users/…`. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  clientAddress: string | null;
  /** The JSON body read by the edge; `bodyError` when it could not be (malformed, too large). */
  body?: unknown;
  bodyError?: ScimError;
}

export interface ScimAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const SCIM_CONTENT_TYPE = "application/scim+json; charset=utf-8";
const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/**
 * The SCIM 2.0 service provider (RFC 7644) behind the edge's raw route: discovery answers
 * anyone, every resource needs a workspace's SCIM token (wrong ones counted against the
 * address as wrong `svc_sk_` keys are, then 429), and whatever is refused is a SCIM error body.
 */
export async function serveScim(orm: MikroORM, request: ScimRequest): Promise<ScimAnswer> {
  try {
    return await route(orm.em.fork(), request);
  } catch (error) {
    if (error instanceof ScimError) return { status: error.status, body: error.body() };
    const appError = findAppError(error);
    if (appError?.code === "RATE_LIMITED") return { status: 429, body: new ScimError(429, "Too many wrong SCIM tokens from this address; try again later").body(), headers: appError.headers };
    throw error;
  }
}

async function authenticate(em: EntityManager, request: ScimRequest): Promise<ScimPrincipal> {
  await assertKeyLookupsAllowed(em, request.clientAddress);
  const match = /^Bearer ([^\s]+)$/i.exec(request.authorization ?? "");
  const principal = match ? await authenticateScimToken(em, match[1]!) : null;
  if (!principal) {
    await countKeyFailure(em, request.clientAddress);
    throw new ScimError(401, "A valid SCIM token is required (Authorization: Bearer svc_scim_…)");
  }
  setRequestActor(scimActor(principal));
  return principal;
}

/** A path segment percent-decoded; one that cannot be (`%E0`) names nothing, so it is not found rather than a 500. */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function discovery(path: string): ScimAnswer | null {
  const segments = path.split("/").filter(Boolean);
  const [first, second] = segments;
  if (segments.length > 2) return null;
  if (first === "ServiceProviderConfig" && !second) return { status: 200, body: serviceProviderConfig() };
  if (first === "ResourceTypes") {
    const types = resourceTypes();
    if (!second) return { status: 200, body: listResponse(types.length, 1, types) };
    const one = types.find((type) => type.id === second);
    if (!one) throw notFound(`ResourceType ${second.slice(0, 100)} not found`);
    return { status: 200, body: one };
  }
  if (first === "Schemas") {
    const all = schemas();
    if (!second) return { status: 200, body: listResponse(all.length, 1, all) };
    const one = all.find((schema) => schema.id === decodedSegment(second));
    if (!one) throw notFound(`Schema ${second.slice(0, 100)} not found`);
    return { status: 200, body: one };
  }
  return null;
}

async function route(em: EntityManager, request: ScimRequest): Promise<ScimAnswer> {
  const { method, path } = request;
  if (method === "GET") {
    const found = discovery(path);
    if (found) return found;
  }
  const principal = await authenticate(em, request);
  const segments = path.split("/").filter(Boolean);
  const [collection, id, extra] = segments;
  if (collection === "Bulk" || collection === "Me" || id === ".search" || collection === ".search") throw new ScimError(501, "This service provider does not support this endpoint");
  if ((collection !== "Users" && collection !== "Groups") || extra !== undefined) throw notFound(`No endpoint ${path.slice(0, 100)}`);
  if (WITH_BODY.has(method) && request.bodyError) throw request.bodyError;
  const users = collection === "Users";
  if (!id) {
    if (method === "GET") {
      const filterText = request.query.get("filter");
      if (filterText === "") throw invalidFilter("The filter is empty");
      const filter = filterText === null ? null : parseFilter(filterText, users ? USER_FILTERS : GROUP_FILTERS);
      const page = pageFrom(request.query);
      const { total, resources } = users ? await listUsers(em, principal, filter, page) : await listGroups(em, principal, filter, page);
      return { status: 200, body: listResponse(total, page.startIndex, resources) };
    }
    if (method === "POST") {
      const made = users ? await createUser(em, principal, request.body) : await createGroup(em, principal, request.body);
      return { status: 201, body: made.resource, headers: { location: String((made.resource.meta as { location: string }).location) } };
    }
    throw new ScimError(405, `${method} is not allowed on /${collection}`);
  }
  if (method === "GET") return { status: 200, body: users ? await getUser(em, principal, id) : await getGroup(em, principal, id) };
  if (method === "PUT") return { status: 200, body: users ? await putUser(em, principal, id, request.body) : await putGroup(em, principal, id, request.body) };
  if (method === "PATCH") return { status: 200, body: users ? await patchUser(em, principal, id, request.body) : await patchGroup(em, principal, id, request.body) };
  if (method === "DELETE") {
    await (users ? deleteUser(em, principal, id) : deleteGroup(em, principal, id));
    return { status: 204 };
  }
  throw new ScimError(405, `${method} is not allowed on /${collection}/{id}`);
}
