import { subscribe } from "../platform/db/notifications";
import { BALANCE_CHANGED_CHANNEL, balanceEvictions } from "../balance";
import { CONNECTIONS_CHANGED_CHANNEL, EVERY_TENANT, boundConnectionsEvictions, proxyTargetEvictions } from "../connections";
import { APP_SESSION_RENAMED_CHANNEL, APP_SESSION_REVOKED_CHANNEL, DEPLOYMENT_CHANGED_CHANNEL, appIdentityEvictions, forgetDeploymentTargets } from "../deployments";
import { SESSION_REVOKED_CHANNEL, liveSessionEvictions, sessionCache, verifiedIdentityEvictions } from "../identity";
import { KEY_REVOKED_CHANNEL, keyCacheEvictions } from "../keys";
import { MEMBERSHIP_CHANGED_CHANNEL, membershipChange } from "../members";
import { OAUTH_CLIENT_CHANGED_CHANNEL, oauthClientEvictions } from "../oauth-server";

/**
 * Every in-process cache of the service and what evicts it, in one table. A cache lives in
 * its area and exports its evictions; nothing subscribes on import. Each row is a PostgreSQL
 * NOTIFY channel: the area that changes the truth publishes it (here at once, then on every
 * other instance), and every cache named in the row drops what the payload names. When the
 * LISTEN connection drops, a notification may have been missed, so `onReset` clears the
 * row's caches whole (and nothing is cached until it is back).
 *
 * | channel                  | published by                                   | evicts                                            |
 * |--------------------------|------------------------------------------------|---------------------------------------------------|
 * | svc_session_revoked      | identity: sign-out, revocation, password reset | session cookies, sessions read live (OAuth access tokens), verified identity tokens, app-proxy sessions opened from it and tools' access tokens issued under it |
 * | svc_membership_changed   | members: removal, role change                  | verified identity tokens, app-proxy sessions and tools' access tokens (rest/ssh-broker re-checks live shells) |
 * | svc_app_session_renamed  | deployments: a person changed their name       | app-proxy sessions and tools' access tokens of that person |
 * | svc_app_session_revoked  | deployments: the dashboard session ended       | app-proxy sessions                                |
 * | svc_key_revoked          | keys: revocation                               | authenticated `svc_sk_` keys                      |
 * | svc_balance_changed      | the ledger's trigger                           | balances                                          |
 * | svc_deployment_changed   | deployments: update, delete                    | app-proxy host lookups                            |
 * | svc_connections_changed  | the connections/bindings/catalog trigger       | bound-connection lists, provider-proxy targets    |
 * | svc_oauth_client_changed | the OAuth clients' triggers (both tables)      | OAuth clients the token endpoint reads            |
 *
 * Not caches, and so not here: rest/ssh-broker keeps live shells and agents, and listens to
 * svc_agent_token_revoked and svc_membership_changed itself (wireShellAccessChecks).
 */
const EVICTIONS: Array<{ channel: string; onMessage(payload: string): void; onReset(): void }> = [
  {
    channel: SESSION_REVOKED_CHANNEL,
    onMessage: (sessionId) => {
      sessionCache.evictSession(sessionId);
      liveSessionEvictions.session(sessionId);
      verifiedIdentityEvictions.session(sessionId);
      appIdentityEvictions.dashboardSession(sessionId);
    },
    onReset: () => {
      sessionCache.clear();
      liveSessionEvictions.all();
      verifiedIdentityEvictions.all();
      appIdentityEvictions.all();
    },
  },
  {
    channel: MEMBERSHIP_CHANGED_CHANNEL,
    onMessage: (payload) => {
      const change = membershipChange(payload);
      if (!change) return;
      verifiedIdentityEvictions.member(change.tenantId, change.userId);
      appIdentityEvictions.member(change.tenantId, change.userId);
    },
    onReset: () => {
      verifiedIdentityEvictions.all();
      appIdentityEvictions.all();
    },
  },
  { channel: APP_SESSION_RENAMED_CHANNEL, onMessage: appIdentityEvictions.user, onReset: appIdentityEvictions.all },
  { channel: APP_SESSION_REVOKED_CHANNEL, onMessage: appIdentityEvictions.appSession, onReset: appIdentityEvictions.all },
  { channel: OAUTH_CLIENT_CHANGED_CHANNEL, onMessage: oauthClientEvictions.client, onReset: oauthClientEvictions.all },
  { channel: KEY_REVOKED_CHANNEL, onMessage: keyCacheEvictions.key, onReset: keyCacheEvictions.all },
  { channel: BALANCE_CHANGED_CHANNEL, onMessage: balanceEvictions.tenant, onReset: balanceEvictions.all },
  { channel: DEPLOYMENT_CHANGED_CHANNEL, onMessage: forgetDeploymentTargets, onReset: forgetDeploymentTargets },
  {
    channel: CONNECTIONS_CHANGED_CHANNEL,
    onMessage: (tenantId) => {
      if (tenantId === EVERY_TENANT) {
        boundConnectionsEvictions.all();
        proxyTargetEvictions.all();
      } else {
        boundConnectionsEvictions.tenant(tenantId);
        proxyTargetEvictions.tenant(tenantId);
      }
    },
    onReset: () => {
      boundConnectionsEvictions.all();
      proxyTargetEvictions.all();
    },
  },
];

let wired = false;

/** Called once per process by the runtime, before the LISTEN connection opens. */
export function wireCacheEviction(): void {
  if (wired) return;
  wired = true;
  for (const eviction of EVICTIONS) subscribe(eviction.channel, eviction);
}
