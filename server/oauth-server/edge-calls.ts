import type { IncomingMessage, ServerResponse } from "node:http";
import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import type { SqlConnection } from "../platform/db/sql-connection";
import type Provider from "oidc-provider";
import { countClientRegistration, countDeviceCodeEntry, devicePollAllowed } from "../identity";
import { approveInteraction, interactionClientId } from "./interactions";
import { ensureMetadataClient, type OutboundFetch } from "./oauth-clients/metadata-documents";
import type { ResourceDirectory } from "./oauth-provider";
import { oauthServer } from "./oauth-server";
import { userinfo, type UserinfoAnswer } from "./userinfo";
import { introspectJwtBeforeLibrary } from "./jwt-introspection";
import { refreshBeforeLibrary, type RefreshHeaders } from "./refresh-before-library";
import { codeExchangeBeforeLibrary } from "./code-before-library";

/*
 * What the authorization server's adapter on Node's objects (rest/oauth-server.ts) asks of the
 * domain. Each call takes the runtime's ORM and forks its own EntityManager, so the edge holds
 * no unit of work (ADR 069).
 */

/** The provider, its lookups each on a fresh EntityManager; `resources` is the composition's directory of deployed tools. */
export function authorizationServer(orm: MikroORM, resources: (em: () => EntityManager) => ResourceDirectory, fetch: OutboundFetch): Promise<Provider> {
  const em = () => orm.em.fork();
  return oauthServer({ em, resources: resources(em), fetch });
}

/** ensureMetadataClient: the reason a metadata-document client cannot be used, or null. */
export function metadataClientProblemFrom(orm: MikroORM, fetch: OutboundFetch, clientId: string, startsAuthorization: boolean): Promise<string | null> {
  return ensureMetadataClient(orm.em.fork(), fetch, clientId, startsAuthorization);
}

export async function interactionClientIdFrom(orm: MikroORM, uid: string): Promise<string | null> {
  return interactionClientId(orm.em.fork(), uid);
}

export function approveInteractionFrom(orm: MikroORM, provider: Provider, req: IncomingMessage, res: ServerResponse, userId: string, uid: string, approvingSessionId: string | null): Promise<void> {
  return approveInteraction(provider, orm.em.fork(), req, res, userId, uid, approvingSessionId);
}

export function userinfoFrom(orm: MikroORM, authorization: string | undefined): Promise<UserinfoAnswer> {
  return userinfo(orm.em.fork(), authorization);
}

/** The paths answered before the library only send SQL on the pool: the runtime's own EntityManager gives it, no fork (ADR 094). */
const poolOf = (orm: MikroORM) => (): SqlConnection => orm.em;

/** Introspection of a JWT access token by a client the library would accept, or null for the library to answer (ADR 077). */
export function introspectJwtFrom(orm: MikroORM, headers: { authorization?: string; attested: boolean }, body: string): Promise<Record<string, unknown> | null> {
  return introspectJwtBeforeLibrary(poolOf(orm), headers, body);
}

/** The refresh grant's token response where the library would give the same, or null for the library to answer (ADR 088). */
export function refreshBeforeLibraryFrom(orm: MikroORM, headers: RefreshHeaders, body: string): Promise<Record<string, unknown> | null> {
  return refreshBeforeLibrary(poolOf(orm), headers, body);
}

/** The code exchange's token response where the library would give the same, or null for the library to answer (ADR 090). */
export function codeExchangeBeforeLibraryFrom(orm: MikroORM, headers: RefreshHeaders, body: string): Promise<Record<string, unknown> | null> {
  return codeExchangeBeforeLibrary(poolOf(orm), headers, body);
}

/** RFC 8628 3.5's polling interval, per device code. */
export function devicePollAllowedFrom(orm: MikroORM, deviceCode: string, intervalSeconds: number): Promise<boolean> {
  return devicePollAllowed(orm.em.fork(), deviceCode, intervalSeconds);
}

/** Counts a client registration against its address (429 past the limit). */
export function countClientRegistrationFrom(orm: MikroORM, clientAddress: string | null): Promise<void> {
  return countClientRegistration(orm.em.fork(), clientAddress);
}

/** Counts a user code typed on the device page against its address (429 past the limit). */
export function countDeviceCodeEntryFrom(orm: MikroORM, clientAddress: string | null): Promise<void> {
  return countDeviceCodeEntry(orm.em.fork(), clientAddress);
}
