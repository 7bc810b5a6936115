import type { IncomingMessage, ServerResponse } from "node:http";
import type { EntityManager } from "@mikro-orm/postgresql";
import type Provider from "oidc-provider";
import { openGrantSession } from "./grants";
import { registeredClientMetadata, registeringTenant } from "./oauth-clients/registered-client-metadata";
import { CLI_CLIENT, CLI_CLIENT_ID } from "./oauth-clients/cli-client";
import type { ResourceDirectory } from "./oauth-provider";
import { IDENTITY_RESOURCE, IDENTITY_SCOPES, OAUTH_SCOPES, SCOPE_WORDS, TOOLS_SCOPE } from "./scopes";

/** What the consent page shows (issue 15): who asks, for what, on which resources. */
export interface ConsentDetails {
  uid: string;
  /** `redirectHost` is null for the device grant: the person goes back to their device, not a redirect. */
  /** `registeredBy`: the workspace that registered the client on an app's page (verified); null for the others (unverified). */
  client: { id: string; name: string; logoUri: string | null; redirectHost: string | null; unverified: boolean; registeredBy: { name: string; slug: string } | null };
  /** What the page's CSP `form-action` must allow: Approve ends in a redirect to the client. */
  redirectSource: string | null;
  scopes: { scope: string; words: string }[];
  resources: { resource: string; name: string; workspace: string | null }[];
  /**
   * `svc login --device` only: the approval yields a CLI key (an `svc_sk_` key that acts as
   * the person, with their role, in this workspace: server/dev/cli-key.ts), so the page says
   * that rather than the identity scopes the device grant asks for. Null: no workspace yet.
   */
  cliKey?: { workspace: { name: string; slug: string }; role: "owner" | "member" | "viewer" } | null;
}

interface InteractionRow {
  params?: { client_id?: string; redirect_uri?: string; scope?: string; resource?: string | string[] };
}

interface ClientRow {
  client_id?: string;
  client_name?: string;
  logo_uri?: string;
  /** `manual`: made by the service's administrator through the admin API (ADR 055). */
  registration_type?: string;
}

async function record<T>(em: EntityManager, kind: string, id: string): Promise<T | null> {
  const rows = await em
    .getConnection()
    .execute<{ payload: T }[]>(`select payload from oauth_records where kind = ? and id = ? and (expires_at is null or expires_at > now())`, [kind, id]);
  return rows[0]?.payload ?? null;
}

function asList(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** A redirect URI as a CSP source: its origin, or its scheme for a private-use scheme (RFC 8252). */
function cspSourceOf(redirectUri: string): string | null {
  const url = URL.parse(redirectUri);
  if (!url) return null;
  if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
  return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) ? url.protocol : null;
}

/** The client of a pending authorization, or null (expired, unknown): Approve makes sure it is still known. */
export async function interactionClientId(em: EntityManager, uid: string): Promise<string | null> {
  return (await record<InteractionRow>(em, "Interaction", uid))?.params?.client_id ?? null;
}

/** The consent page's content for a pending authorization, or null when there is none (expired, unknown). */
export async function consentDetails(em: EntityManager, resources: ResourceDirectory, uid: string): Promise<ConsentDetails | null> {
  const interaction = await record<InteractionRow>(em, "Interaction", uid);
  const params = interaction?.params;
  if (!params?.client_id) return null;
  const isCli = params.client_id === CLI_CLIENT_ID;
  const client = isCli ? CLI_CLIENT : ((await record<ClientRow>(em, "Client", params.client_id)) ?? ((await registeredClientMetadata(em, params.client_id)) as ClientRow | undefined) ?? null);
  const registeredBy = isCli ? null : await registeringTenant(em, params.client_id);
  const requested = (params.scope ?? "").split(" ").filter((scope) => (OAUTH_SCOPES as readonly string[]).includes(scope));
  const described = await Promise.all(
    asList(params.resource)
      .filter((resource) => resource !== IDENTITY_RESOURCE)
      .map(async (resource) => {
        const tool = await resources.describe(resource);
        return { resource, name: tool?.name ?? resource, workspace: tool?.workspace ?? null };
      }),
  );
  return {
    uid,
    client: {
      id: params.client_id,
      name: client?.client_name ?? params.client_id,
      logoUri: client && "logo_uri" in client ? (client.logo_uri ?? null) : null,
      redirectHost: params.redirect_uri === undefined ? null : URL.canParse(params.redirect_uri) ? new URL(params.redirect_uri).host : params.redirect_uri,
      // A client that registered itself (RFC 7591) or names a metadata document: nobody here
      // vouched for it. Our own CLI, a workspace's registered clients and those the service's
      // administrator made with the admin API (ADR 055) are vouched for.
      unverified: !isCli && registeredBy === null && !(client !== null && "registration_type" in client && client.registration_type === "manual"),
      registeredBy,
    },
    redirectSource: params.redirect_uri === undefined ? null : cspSourceOf(params.redirect_uri),
    scopes: requested.map((scope) => ({ scope, words: SCOPE_WORDS[scope] ?? scope })),
    resources: described,
  };
}

/**
 * Approve: the grant (its session row first, so the grant's id is that row's id), with the
 * scopes asked for on each resource asked for, then back to the library, which redirects to
 * the client with `code`, `state` and `iss`. The interaction cookie the library set binds
 * this to the browser that started the authorization.
 */
export async function approveInteraction(provider: Provider, em: EntityManager, req: IncomingMessage, res: ServerResponse, userId: string, uid: string, approvingSessionId: string | null = null): Promise<void> {
  const details = await pendingInteraction(provider, req, res, uid);
  const clientId = String(details.params.client_id);
  const requested = String(details.params.scope ?? "")
    .split(" ")
    .filter((scope) => (OAUTH_SCOPES as readonly string[]).includes(scope));
  const resources = asList(details.params.resource as string | string[] | undefined);
  const grantId = await openGrantSession(em, userId, clientId, { scopes: requested, resources: resources.filter((resource) => resource !== IDENTITY_RESOURCE) }, approvingSessionId);
  const grant = new provider.Grant({ jti: grantId, accountId: userId, clientId } as never);
  grant.addOIDCScope(requested.join(" "));
  for (const resource of resources) {
    const allowed: readonly string[] = resource === IDENTITY_RESOURCE ? IDENTITY_SCOPES : [TOOLS_SCOPE];
    const scopes = requested.filter((scope) => allowed.includes(scope));
    if (scopes.length) grant.addResourceScope(resource, scopes.join(" "));
  }
  await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId: userId }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

/** Deny: back to the client with `error=access_denied`. */
export async function denyInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
  await pendingInteraction(provider, req, res, uid);
  await provider.interactionFinished(req, res, { error: "access_denied", error_description: "The person declined the authorization" }, { mergeWithLastSubmission: false });
}

/**
 * The library's `SessionNotFound`: the interaction behind an Approve or Deny is unknown or
 * expired, or this browser lacks its cookie (another browser, cookies cleared). Nothing is left
 * to approve; the person starts again from the application. Told by name: the library is loaded lazily.
 */
export function isLapsedInteraction(error: unknown): boolean {
  return error instanceof LapsedInteraction || (error instanceof Error && error.name === "SessionNotFound");
}

class LapsedInteraction extends Error {}

/**
 * The browser's interaction (its cookie names it) must be the one whose page was answered (the
 * path names it): otherwise a button would decide an authorization the page never showed.
 */
async function pendingInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse, uid: string) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new LapsedInteraction("the interaction cookie names another interaction");
  return details;
}
