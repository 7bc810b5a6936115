import type { MikroORM } from "@mikro-orm/postgresql";
import { requireCliKeyPersonMay } from "../members";
import { integrationLogo, type Logo } from "./catalog/catalog-logo";
import { type AppEventRow, listAppEvents } from "./events";
import type { CallbackOutcome } from "./oauth/callback-outcome";
import { brokerCallback, firstPartyCallback, firstPartyPick } from "./oauth/callbacks";
import { createConnectSession } from "./oauth/connect-sessions";
import { storeResult, takeResult } from "./oauth/results";
import { startAuthorize, startBroker, type StartRedirect, type StartRequest } from "./oauth/start";
import { boundConnectionsBody } from "./tool-surface/bound-connections";

/*
 * What the HTTP edge asks of connections (rest/routes/connections.ts, tool-surface.ts and
 * connection-flow.ts). Each call takes the runtime's ORM and forks its own EntityManager,
 * and decides here who may do what, so the edge holds no unit of work (ADR 069).
 */

type CookieReader = (name: string) => string | undefined;

/**
 * A connect session for the key's app. It makes a connection: a viewer's CLI key may not
 * (an app's own key is the app acting).
 */
export async function connectSessionFor(
  orm: MikroORM,
  key: { purpose: string; tenantId: string; userId: string; appId: string; keyId: string },
): Promise<{ token: string; expiresAt: Date }> {
  await requireCliKeyPersonMay(orm.em.fork(), key, "connections.manage");
  return createConnectSession(orm.em.fork(), { appId: key.appId, tenantId: key.tenantId, keyId: key.keyId });
}

/** A catalog row's logo, or null. */
export function integrationLogoOf(orm: MikroORM, slug: string): Promise<Logo | null> {
  return integrationLogo(orm.em.fork(), slug);
}

/** The app's bound connections as the tool surface answers them (a JSON text). */
export function boundConnectionsOf(orm: MikroORM, tenantId: string, appId: string): Promise<string> {
  return boundConnectionsBody(orm.em.fork(), tenantId, appId);
}

/** The events an app sees after the cursor. */
export function appEventsOf(
  orm: MikroORM,
  input: { tenantId: string; appId: string; after: string | null; limit: number },
): Promise<{ events: AppEventRow[]; nextCursor: string | null }> {
  return listAppEvents(orm.em.fork(), input);
}

/** The popup flow's first step: the redirect to the provider (or the broker). */
export function startConnection(orm: MikroORM, request: StartRequest, through: "provider" | "broker"): Promise<StartRedirect> {
  const openEm = async () => orm.em.fork();
  return through === "broker" ? startBroker(request, openEm) : startAuthorize(request, openEm);
}

/** The provider's redirect back (first party). */
export function finishFirstParty(orm: MikroORM, provider: string, query: URLSearchParams, cookies: CookieReader): Promise<CallbackOutcome> {
  return firstPartyCallback(orm.em.fork(), provider, query, cookies);
}

/** The discovery picker's form (first party). */
export function finishFirstPartyPick(orm: MikroORM, provider: string, form: URLSearchParams, cookies: CookieReader): Promise<CallbackOutcome> {
  return firstPartyPick(orm.em.fork(), provider, form, cookies);
}

/** The broker's redirect back. */
export function finishBroker(orm: MikroORM, provider: string, query: URLSearchParams, cookies: CookieReader): Promise<CallbackOutcome> {
  return brokerCallback(orm.em.fork(), provider, query, cookies);
}

/** Keeps a popup's final message for an SDK cut off from its opener. */
export function keepFlowResult(orm: MikroORM, sdkNonce: string, message: Record<string, unknown>): Promise<void> {
  return storeResult(orm.em.fork(), sdkNonce, message);
}

/** That message, read once (null: none yet). */
export function takeFlowResult(orm: MikroORM, sdkNonce: string): Promise<Record<string, unknown> | null> {
  return takeResult(orm.em.fork(), sdkNonce);
}
