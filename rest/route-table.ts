import type { Route } from "./route-types";
import * as idp from "./routes/identity-provider";
import { authMe, authMeFast } from "./routes/session";
import { publicAvatar } from "./routes/storage";
import * as tenants from "./routes/tenants";
import * as members from "./routes/members";
import * as deployments from "./routes/deployments";
import * as agentTokens from "./routes/agent-tokens";
import { assertionJwksRoute, authorizeApp } from "./routes/app-authorize";
import { trpcEndpoint } from "./routes/trpc";
import * as users from "./routes/users";
import { balanceByJwtOrKey, balanceByJwtOrKeyFast, balanceByKey, balanceByKeyFast } from "./routes/balance";
import * as cli from "./routes/cli";
import { personalKey, revokePersonalKey } from "./routes/dev";
import { openApi } from "./routes/openapi";
import { sdkFile } from "./routes/sdk";
import { myConnections, myConnectionsFast, myEvents } from "./routes/tool-surface";
import { providerProxy } from "./routes/provider-proxy";
import * as oauth from "./routes/oauth";
import * as connections from "./routes/connections";

/** Every public path of SPEC.md and the built-in identity provider, in one table. */
export const routes: Route[] = [
  { method: "GET", path: "/api/auth/me", handler: authMe, fast: authMeFast },

  { method: "POST", path: "/api/tenants", handler: tenants.createTenant, sessionCookie: true },
  { method: "GET", path: "/api/tenants/check-slug", handler: tenants.checkSlug },
  { method: "GET", path: "/api/tenants/me", handler: tenants.getMyTenant },
  { method: "PATCH", path: "/api/tenants/me", handler: tenants.updateMyTenant, sessionCookie: true },
  { method: "POST", path: "/api/tenants/me/logo", handler: tenants.uploadLogo, sessionCookie: true },
  { method: "PUT", path: "/api/tenants/me/logo", handler: tenants.uploadLogo, sessionCookie: true },

  { method: "GET", path: "/api/tenants/me/members", handler: members.listMembers },
  { method: "POST", path: "/api/tenants/me/invitations", handler: members.invite, sessionCookie: true },
  { method: "DELETE", path: "/api/tenants/me/invitations/*", handler: members.revokeInvitation, sessionCookie: true },
  { method: "PATCH", path: "/api/tenants/me/members/*", handler: members.changeRole, sessionCookie: true },
  { method: "DELETE", path: "/api/tenants/me/members/*", handler: members.removeMember, sessionCookie: true },

  { method: "GET", path: "/api/user/me", handler: users.getMe },
  { method: "PATCH", path: "/api/user/me", handler: users.updateMe, sessionCookie: true },
  { method: "POST", path: "/api/user/avatar", handler: users.uploadAvatar, sessionCookie: true },

  { method: "GET", path: "/api/v1/balance", handler: balanceByJwtOrKey, fast: balanceByJwtOrKeyFast },
  { method: "GET", path: "/api/billing/balance", handler: balanceByJwtOrKey, fast: balanceByJwtOrKeyFast },
  { method: "GET", path: "/api/cli/balance", handler: balanceByKey, fast: balanceByKeyFast },
  { method: "GET", path: "/api/cli/whoami", handler: cli.whoami },
  { method: "POST", path: "/api/cli/logout", handler: cli.logout },
  { method: "GET", path: "/api/cli/env", handler: cli.env },
  { method: "POST", path: "/api/dev/personal-key", handler: personalKey, sessionCookie: true },
  { method: "POST", path: "/api/dev/personal-key/revoke", handler: revokePersonalKey, sessionCookie: true },

  // Exact paths win over the `/api/deployments/*` rows below (rest/handler.ts looks them up first).
  { method: "GET", path: "/api/deployments/me/connections", handler: myConnections, fast: myConnectionsFast },
  { method: "GET", path: "/api/deployments/me/events", handler: myEvents },

  // The provider proxy: `npm start` answers it on raw Node objects first (rest/provider-proxy.ts);
  // these rows serve hosts that hand the edge a fetch Request (remix-serve).
  // `rest` accepts every remainder (`{provider}` or `{provider}/{path}`): it only marks these rows as
  // serving `/api/proxy/{provider}/{path}` in the OpenAPI document; the handler judges the path.
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map((method) => ({ method, path: "/api/proxy/*", rest: /^[^/]*(?:\/.*)?$/s, handler: providerProxy })),

  { method: "GET", path: "/api/deployments", handler: deployments.list },
  { method: "POST", path: "/api/deployments", handler: deployments.create, sessionCookie: true },
  { method: "GET", path: "/api/deployments/*", rest: /^(?!me\/)[^/]+\/agent-tokens$/, handler: agentTokens.list },
  { method: "POST", path: "/api/deployments/*", rest: /^(?!me\/)[^/]+\/agent-tokens$/, handler: agentTokens.issue, sessionCookie: true },
  { method: "DELETE", path: "/api/deployments/*", rest: /^(?!me\/)[^/]+\/agent-tokens\/[^/]+$/, handler: agentTokens.revoke, sessionCookie: true },
  { method: "GET", path: "/api/deployments/*", rest: /^(?!me\/)[^/]+\/events$/, handler: agentTokens.events },
  { method: "GET", path: "/api/deployments/*", handler: deployments.get },
  { method: "PATCH", path: "/api/deployments/*", handler: deployments.update, sessionCookie: true },
  { method: "DELETE", path: "/api/deployments/*", handler: deployments.remove, sessionCookie: true },
  { method: "GET", path: "/schemas/vendo.schema.json", handler: deployments.manifestSchema },
  { method: "GET", path: "/apps/authorize", handler: authorizeApp },
  { method: "GET", path: "/.well-known/svc-assertion-jwks.json", handler: assertionJwksRoute },

  // SPEC 4.1: browser navigations (authorize, callback, broker start and callback) and the
  // discovery picker's form; the popup's fallback result; connect sessions; disconnect.
  { method: "GET", path: "/api/oauth/result", handler: oauth.oauthResult },
  // One row per navigation (each is documented on its own); a path none of them accepts is the
  // edge's JSON 404 (405 for a method only another row has), as oauthGet/oauthPost would answer.
  { method: "GET", path: "/api/oauth/*", rest: /^[^/]+\/authorize$/, handler: oauth.oauthGet },
  { method: "GET", path: "/api/oauth/*", rest: /^[^/]+\/callback$/, handler: oauth.oauthGet },
  { method: "GET", path: "/api/oauth/*", rest: /^broker\/[^/]+\/start$/, handler: oauth.oauthGet },
  { method: "GET", path: "/api/oauth/*", rest: /^broker\/[^/]+\/callback$/, handler: oauth.oauthGet },
  { method: "POST", path: "/api/oauth/*", rest: /^[^/]+\/callback$/, handler: oauth.oauthPost, sessionCookie: true },
  { method: "POST", path: "/api/connect/sessions", handler: connections.createSession },
  { method: "DELETE", path: "/api/connections/*", handler: connections.disconnect, sessionCookie: true },

  { method: "GET", path: "/api/trpc/*", handler: trpcEndpoint },
  { method: "POST", path: "/api/trpc/*", handler: trpcEndpoint, sessionCookie: true },

  { method: "POST", path: "/auth/v1/signup", handler: idp.signup, errorShape: "identity" },
  { method: "POST", path: "/auth/v1/token", handler: idp.token, errorShape: "identity" },
  { method: "GET", path: "/auth/v1/user", handler: idp.getUser, errorShape: "identity" },
  { method: "PUT", path: "/auth/v1/user", handler: idp.updateUser, errorShape: "identity" },
  { method: "POST", path: "/auth/v1/logout", handler: idp.logout, errorShape: "identity" },
  { method: "GET", path: "/auth/v1/.well-known/jwks.json", handler: idp.jwks, errorShape: "identity" },

  { method: "GET", path: "/storage/v1/object/public/avatars/*", handler: publicAvatar },

  { method: "GET", path: "/api/openapi.json", handler: openApi },
  { method: "GET", path: "/sdk/*", handler: sdkFile },
];

/** Path prefixes the REST edge owns: unknown paths under them are JSON 404s, not pages. */
export const ownedPrefixes = ["/api/", "/auth/v1/", "/storage/v1/", "/schemas/", "/sdk/"];
