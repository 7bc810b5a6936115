// Generated from the service's OpenAPI document by openapi-typescript: `npm run cli:types` rewrites it. Do not edit.

export interface paths {
    "/.well-known/oauth-authorization-server/auth/v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization server metadata (RFC 8414 path form)
         * @description The OAuth 2.1 authorization server at `{auth_url}` (issuer `{BASE_URL}/auth/v1`): the same document at the RFC 8414 path-form address, the issuer-suffixed address and as OpenID Connect discovery. Its endpoints live under `/auth/v1/oauth/` (docs/decisions/037).
         */
        get: operations["getWellKnownOauthAuthorizationServerAuthV1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/svc-assertion-jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Keys that verify X-Svc-Assertion
         * @description The app-proxy signs each forwarded request's identity into the `X-Svc-Assertion` header (a short-lived JWT); a tool that wants more than the plain `X-Svc-*` headers verifies it with these public keys (issuer `BASE_URL`, audience the tool's origin, header `typ` `svc-assertion+jwt`). The assertion has a key of its own, listed only here and never in the identity JWKS, so an assertion is no access token. After a key rotation the retired key stays listed for the overlap (ADR 035). Cacheable for 10 minutes.
         */
        get: operations["getWellKnownSvcAssertionJwksJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Apps of your workspace
         * @description The apps of your current workspace. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiApps"];
        put?: never;
        /**
         * Create an app
         * @description Members and the owner. `name`: 1-100 characters. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiApps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{appId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One app
         * @description With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiAppsAppId"];
        put?: never;
        post?: never;
        /**
         * Delete an app
         * @description Members and the owner. `?confirmName=` must be the app's name, exactly. Its keys are revoked, its variables and bindings removed. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiAppsAppId"];
        options?: never;
        head?: never;
        /**
         * Rename an app
         * @description Members and the owner. `name`: 1-100 characters. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        patch: operations["patchApiAppsAppId"];
        trace?: never;
    };
    "/api/apps/{appId}/bindings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An app's bound connections
         * @description One connection per provider; its deployed tool uses them through the provider proxy. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiAppsAppIdBindings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{appId}/bindings/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The connection bound to an app for a provider
         * @description With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiAppsAppIdBindingsProvider"];
        /**
         * Bind a connection to an app
         * @description Members and the owner bind and unbind; everyone reads. `connectionId` names a connection of the workspace for this provider; it replaces any connection bound for it, and the app's variables follow. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        put: operations["putApiAppsAppIdBindingsProvider"];
        post?: never;
        /**
         * Unbind a provider's connection from an app
         * @description Members and the owner bind and unbind; everyone reads. The connection stays in the workspace; the variables it wrote into the app are removed. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiAppsAppIdBindingsProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{appId}/env": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An app's variables
         * @description The same rules as the dashboard: every member reads; members and the owner manage; viewers see variable names, never values. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiAppsAppIdEnv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{appId}/env/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a variable
         * @description Members and the owner. Creates or replaces the variable; `value` at most 32 KB. Variables a connection wrote cannot be set here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        put: operations["putApiAppsAppIdEnvKey"];
        post?: never;
        /**
         * Delete a variable
         * @description Members and the owner. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiAppsAppIdEnvKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{appId}/oauth-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An app's registered OAuth clients
         * @description The OAuth clients registered on this app for the service's authorization server (`/auth/v1/oauth/`); no secrets. The workspace owner only: the consent page shows these clients as vouched for by the workspace. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiAppsAppIdOauthClients"];
        put?: never;
        /**
         * Register an OAuth client
         * @description `name` (1-100 characters), `logoUri` (https, optional), `redirectUris` (1-10 absolute http(s) URLs, matched exactly), `type` (`confidential` or `public`). A confidential client's `clientSecret` is in this answer only: the service keeps its hash. The workspace owner only: the consent page shows these clients as vouched for by the workspace. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiAppsAppIdOauthClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{appId}/oauth-clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an OAuth client
         * @description Every grant people gave it ends: its refresh tokens stop and its access tokens are refused. The workspace owner only: the consent page shows these clients as vouched for by the workspace. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiAppsAppIdOauthClientsClientId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{appId}/oauth-clients/{clientId}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an OAuth client's secret
         * @description A new `clientSecret`, in this answer only; the old one stops at once. The workspace owner only: the consent page shows these clients as vouched for by the workspace. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiAppsAppIdOauthClientsClientIdSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{appId}/origins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An app's allowed origins
         * @description The origins whose pages may open the connection popup for this app (SPEC 6). With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiAppsAppIdOrigins"];
        /**
         * Replace an app's allowed origins
         * @description Members and the owner. `origins`: exact origins (scheme, host and port), at most 20; the answer is the stored list. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        put: operations["putApiAppsAppIdOrigins"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace audit log
         * @description Who did what in your current workspace, newest first: sign-ins and sessions, factors, keys and `svc login`, members, the workspace's name and URL, apps, variables (their names), allowed origins, connections, deployments and their agent tokens. Each row is written in the transaction of its change and chained to the one before by SHA-256. Pass `nextCursor` back as `cursor` for the next page; `limit` is 1-200 (50). Filters combine: `action` (one action of the closed list), `actor` (an actor's id, or a person's email), `since` (at or after) and `until` (before), ISO 8601 times. The workspace owner, with a session cookie or with `Authorization: Bearer svc_sk_…` of the CLI key `svc login` issued to them; members and viewers get 403, and so does an app's key. Never cached.
         */
        get: operations["getApiAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-log/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a range of the audit log (CSV or JSON Lines)
         * @description The rows of a filtered range as a file to download (`Content-Disposition: attachment`), newest first, at most 100,000 rows. `format=csv` flattens the actor and target into columns and keeps `changes` as JSON in one cell; `format=jsonl` has one row per line exactly as `GET /api/audit-log` lists it. Filters combine: `action` (one action of the closed list), `actor` (an actor's id, or a person's email), `since` (at or after) and `until` (before), ISO 8601 times. The workspace owner, with a session cookie or with `Authorization: Bearer svc_sk_…` of the CLI key `svc login` issued to them; members and viewers get 403, and so does an app's key.
         */
        get: operations["getApiAuditLogExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-log/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the audit log's hash chain
         * @description Walks your current workspace's chain from its first kept row and recomputes every hash. `valid: false` names the first break in `firstInvalid`: a row `edited` (its content no longer gives its hash), `removed` (a row's predecessor is gone, or the last rows are) or `reordered` (a row follows another than the one it was chained to). The retention sweep keeps the chain verifiable. The workspace owner, with a session cookie or with `Authorization: Bearer svc_sk_…` of the CLI key `svc login` issued to them; members and viewers get 403, and so does an app's key.
         */
        get: operations["getApiAuditLogVerify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in
         * @description The dashboard's session check. Reads only the session cookie, `svc_session` (`__Host-svc_session` when BASE_URL is https; a Bearer header is ignored), always answers 200 with `Cache-Control: no-store`, and never 401: an anonymous caller gets `loggedIn: false`.
         */
        get: operations["getApiAuthMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The credit balance of your workspace
         * @description For deployed tools and scripts. `Authorization: Bearer <token>`: a token of three dot-separated base64url segments is an identity token (JWT) from the identity provider, verified against its JWKS (ES256 or RS256, `exp` enforced) and mapped to the workspace of its subject; any other token is looked up as an `svc_sk_` key. `balance` is a decimal string (up to 6 places), `balanceMicros` the same in millionths. Never cached.
         */
        get: operations["getApiBillingBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cli/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The apps of the key's workspace
         * @description What `svc dev` offers when the key's own app has no variables: each app by name, how many variables it has, and which one is the key's. CLI keys only. Never cached.
         */
        get: operations["getApiCliApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cli/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The credit balance of the key's workspace
         * @description What `svc whoami` shows as credits. An identity token (JWT) is refused here like any other token that is not an `svc_sk_` key.
         */
        get: operations["getApiCliBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cli/env": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The environment variables of the key's app, or of another app by name
         * @description What `svc dev` writes to `.env`. JSON by default; `?format=dotenv` answers the `.env` text itself (`text/plain`). `?app=<name>` reads another app of the key's workspace (`svc dev --app <name>`): only with a CLI key. A CLI key reads values only while its person may see them (members and owners). Never cached.
         */
        get: operations["getApiCliEnv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cli/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke the key that calls
         * @description What `svc logout` calls: the presented key stops working at once, everywhere.
         */
        post: operations["postApiCliLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cli/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's account and workspace
         * @description What `svc whoami` shows, and where `svc ssh` and `svc agent` find the shell broker (`sshBrokerUrl`). An identity token (JWT) is refused here like any other token that is not an `svc_sk_` key.
         */
        get: operations["getApiCliWhoami"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connect/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a connect session (server to server)
         * @description An embedding app's server trades its App Key for a 30-minute `svc_cs_` token, usable only as the `app_key` of `GET /api/oauth/{provider}/authorize`, so the App Key itself never travels in a browser URL. No body. Never cached.
         */
        post: operations["postApiConnectSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disconnect a connection
         * @description Owners and members, from the dashboard. Removes the connection from the workspace: every app bound to it is unbound (its integration variables go with the binding, a `connection.unbound` event each), then a `connection.revoked` event. A broker-managed connection is deleted at the broker first; if the broker fails the connection is kept (502) so nothing is left orphaned there.
         */
        delete: operations["deleteApiConnectionsId"];
        options?: never;
        head?: never;
        /**
         * Rename a connection
         * @description Owners and members, from the dashboard. `displayName`: 1-100 characters, the connection's own name (a workspace may hold several accounts of one provider; the name tells them apart). Apps bound to it see the new name at once in `GET /api/deployments/me/connections`; a later reconnect keeps it.
         */
        patch: operations["patchApiConnectionsId"];
        trace?: never;
    };
    "/api/deployments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deployed tools of your workspace
         * @description Every tool registered in your current workspace, with its address and last health check. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiDeployments"];
        put?: never;
        /**
         * Register a deployed tool
         * @description Members and the owner. `name` (2-40 lowercase letters, digits and single hyphens) becomes the tool's address `<name>--<workspace>.<apps domain>`; `upstreamUrl` is where the app-proxy forwards, and every address it resolves to must be allowed (no link-local or metadata addresses; private ones only when listed in `APP_PROXY_ALLOWED_UPSTREAMS`). `access` is `members` (default) or `public`; `manifest` is the text of `vendo.yaml`. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiDeployments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One deployed tool
         * @description With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiDeploymentsName"];
        put?: never;
        post?: never;
        /**
         * Remove a deployed tool
         * @description Members and the owner. Its address stops answering and its tool sessions end. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiDeploymentsName"];
        options?: never;
        head?: never;
        /**
         * Change a deployed tool
         * @description Members and the owner. Any of `upstreamUrl`, `access`, `manifest` (null removes it) and `appId`; at least one. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        patch: operations["patchApiDeploymentsName"];
        trace?: never;
    };
    "/api/deployments/{name}/agent-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A deployment's agent tokens
         * @description Members and the owner (viewers see neither tokens nor their prefixes). Every token issued for the deployment, newest first, revoked ones included: its first characters (`prefix`), who issued it, when it was last used by an agent and whether it is revoked; never the token itself. Never cached. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiDeploymentsNameAgentTokens"];
        put?: never;
        /**
         * Issue an agent token
         * @description Members and the owner. A new `svc_at_` token with which `svc agent` connects the deployment to the shell broker (`SVC_AGENT_TOKEN`). The answer is the only time the token is shown: only its hash is stored. Earlier tokens stay valid until revoked; the newest agent to connect replaces the one connected before. No body. Never cached. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiDeploymentsNameAgentTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{name}/agent-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an agent token
         * @description Members and the owner. The token stops working at once: an agent connected with it is disconnected (on every instance of the service) and its open shell sessions end. A token already revoked, or of another deployment, is not found. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiDeploymentsNameAgentTokensId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{name}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A deployment's event log
         * @description Anyone who may read the workspace, viewers included. The latest 50 events, newest first: shell sessions opened (`deployment.shell.opened`, with `tty` and `command`) and closed (`deployment.shell.closed`, with `exitCode`, `reason` and `durationMs`), and who opened them. A command line may carry a secret, so viewers see `(hidden)` in its place. Never cached. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiDeploymentsNameEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/me/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The connections bound to the key's app
         * @description For a deployed tool: the connections bound to the app of its `svc_sk_` key, one per provider, sorted by provider, with the provider-specific `context` (e.g. the chosen project) and the connection's health (`status`, `statusReason`, `statusChangedAt`: a connection in `needs_reauth` must be reconnected by a member). Never the credentials: calls go through `/api/proxy/{provider}/{path}`. Never cached; it follows binds and unbinds at once.
         */
        get: operations["getApiDeploymentsMeConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/me/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The app's connection events
         * @description For a deployed tool: the append-only log of what happened to its connections, oldest first: `connection.created`, `connection.deleted` (a person disconnected it), `connection.revoked` (found gone at the provider), `connection.needs_reauth` and `connection.reconnected` (of the whole workspace), `connection.bound` and `connection.unbound` (of this app), and the workspace's other changes that webhooks announce: `member.added` and `member.removed` (of the whole workspace), `deployment.created` and `deployment.deleted` (of the deployment's app). An event's `id` is the `webhook-id` its webhook carries. Pass the answer's `nextCursor` as `after` to get only newer events; `after=0` (or none) starts at the beginning. Never cached.
         */
        get: operations["getApiDeploymentsMeEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/device-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a device-grant token for a CLI key (svc login --device)
         * @description What `svc login --device` calls once the person approved its device code (RFC 8628, client `svc-cli`) at `{BASE_URL}/device`: `Authorization: Bearer <access token>` from the token endpoint. Any member of a workspace, whatever their role; the key acts with that role (a viewer's key reads, a member's does what a member may). Mints a fresh `svc_sk_` key bound to the CLI project app, revokes the caller's previous CLI key, and ends the grant, so the token works once. Never cached.
         */
        post: operations["postApiDevDeviceKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/personal-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint the CLI key (the login bootstrap)
         * @description Administrators only, from the `/dev/cli-bootstrap` page that `svc login` opens. Mints a fresh `svc_sk_` key bound to the CLI project app and revokes the caller's previous CLI key. The body must be sent as `application/json` (a cross-site form cannot), and the answer is never cached.
         */
        post: operations["postApiDevPersonalKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/personal-key/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a CLI key that never reached the CLI
         * @description What the `/dev/cli-bootstrap` page calls when it minted a key (`POST /api/dev/personal-key`) but could not hand it to the waiting `svc login`: the key is revoked at once instead of staying live in the API Keys list. Only your own CLI key, named by the key itself, can be revoked this way; any other key (someone else's, an app key, an unknown one) is not found and nothing changes. Same guards as minting: session cookie, same origin, JSON only.
         */
        post: operations["postApiDevPersonalKeyRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{slug}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A catalog row's logo
         * @description The logo of an enabled catalog row, fetched by the service from the row's `logo` URL (or decoded from its `data:` URL) and kept an hour, so the dashboard shows it from its own origin (its CSP allows no other image origin). PNG, GIF, WebP, JPEG, SVG or ICO, at most 256 KiB. No sign-in needed.
         */
        get: operations["getApiIntegrationsSlugLogo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API keys of your workspace
         * @description Every `svc_sk_` key of the workspace's apps, revoked ones included, by its display prefix: never the key itself. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiKeys"];
        put?: never;
        /**
         * Create an API key for an app
         * @description Members and the owner. `appId` names an app of the workspace; `name` (optional, at most 100 characters) says what the key is for. The answer is the only time `apiKey` is shown. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Members and the owner. The key stops working at once, on every instance. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiKeysKeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/{provider}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start connecting a provider (OAuth)
         * @description The canonical entry of every connection flow, opened in a popup by the SDK or the dashboard. For a provider whose catalog row has a broker auth config it redirects to `GET /api/oauth/broker/{provider}/start` with the same query; otherwise it runs the first-party flow (one provider, `FIRST_PARTY_PROVIDER`): a redirect to the provider's consent page with PKCE, setting two short-lived HttpOnly state cookies scoped to the callback path. An embedded start that asks for it (`offer_existing=1` with `embed=1` and `app_key`, without `internal=1`) in a workspace that already has an account of this provider goes to the connect wizard `/connections/connect/{provider}` first, which offers that account or a new one (ADR 034, ADR 063). With `reconnect=<connection id>` the flow updates that connection in place (no wizard). Owners and members; checks, in order: session, workspace and role, provider, configuration, the query. A browser navigation (`Sec-Fetch-Dest: document`, or without Fetch Metadata an `Accept` naming `text/html`) is answered for a person instead: without a session, 302 to `/login?redirectTo=<this URL>`, which comes back here once signed in; any other refusal is an HTML page with the same status that says what went wrong and posts `svc:oauth:error` (`code`, `detail`, the caller's `state`) to the query's `opener_origin` (our own origin without one), and keeps it for `GET /api/oauth/result` when `sdk_nonce` is given. Other callers get the JSON bodies below.
         */
        get: operations["getApiOauthProviderAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The provider's redirect back (first-party)
         * @description Where the first-party provider sends the popup after consent, with `code` and `state` (or `error`). No session is needed: the signed state cookie set at authorize carries the user, workspace and provider, and its nonce is used once. The code is exchanged for tokens, which are stored encrypted; when the provider has several projects a picker page asks which one (its form posts to this path). With `embed=1` and an `app_key` at the start, the connection is also bound to that app. The answer is always an HTML page (`Cache-Control: no-store`, a strict CSP) that posts one message to `window.opener`, to the flow's exact opener origin (our own origin when the flow is not recognised), also over `BroadcastChannel('svc-oauth')` when that origin is ours, then closes; with no opener it stays open and says what happened. Success posts `svc:oauth:done` (`provider`, `connection_id`, `external_id`, `display_name`, `return_url`, `state`, and `reconnected: true` when an existing connection was updated: a reconnect, or the same provider account connected again) and waits up to 2 s for the opener's `{ type: 'svc:connection:ack', connection_id }`; failure posts `svc:oauth:error` (`code`, `detail`, `state`).
         */
        get: operations["getApiOauthProviderCallback"];
        put?: never;
        /**
         * The project picker's choice (first-party)
         * @description The form of the picker page the callback shows when the provider has several projects: `application/x-www-form-urlencoded` with `state` (the flow's nonce) and `choice` (a project id from the list). The same state cookie authenticates it; a choice not in the list shows the picker again. Must come from the service's own page. The answer is always an HTML page (`Cache-Control: no-store`, a strict CSP) that posts one message to `window.opener`, to the flow's exact opener origin (our own origin when the flow is not recognised), also over `BroadcastChannel('svc-oauth')` when that origin is ours, then closes; with no opener it stays open and says what happened. Success posts `svc:oauth:done` (`provider`, `connection_id`, `external_id`, `display_name`, `return_url`, `state`, and `reconnected: true` when an existing connection was updated: a reconnect, or the same provider account connected again) and waits up to 2 s for the opener's `{ type: 'svc:connection:ack', connection_id }`; failure posts `svc:oauth:error` (`code`, `detail`, `state`).
         */
        post: operations["postApiOauthProviderCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/broker/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The broker's redirect back
         * @description Where the broker's consent page sends the popup, with `cstate` (the flow's nonce) and `connected_account_id` (or `error`). The state cookie and `cstate` must match; the account is fetched from the broker and must be this workspace's, of this auth config, and active. The connection is stored as `broker_managed` (no credential kept here), and bound to the app of `app_key` in embed mode. The answer is always an HTML page (`Cache-Control: no-store`, a strict CSP) that posts one message to `window.opener`, to the flow's exact opener origin (our own origin when the flow is not recognised), also over `BroadcastChannel('svc-oauth')` when that origin is ours, then closes; with no opener it stays open and says what happened. Success posts `svc:oauth:done` (`provider`, `connection_id`, `external_id`, `display_name`, `return_url`, `state`, and `reconnected: true` when an existing connection was updated: a reconnect, or the same provider account connected again) and waits up to 2 s for the opener's `{ type: 'svc:connection:ack', connection_id }`; failure posts `svc:oauth:error` (`code`, `detail`, `state`).
         */
        get: operations["getApiOauthBrokerProviderCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/broker/{provider}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start connecting a provider through the broker
         * @description Reached from authorize for a provider with `oauth_client_config.broker.auth_config_id`. Asks the broker (`BROKER_API_URL`) to start a connected account for the workspace, with this service's broker callback as its return address, and redirects to the broker's hosted consent page, setting two state cookies scoped to the callback path. In embed mode (`embed=1` without `internal=1`) it first redirects to the connect wizard `/connections/connect/{provider}`, which shows the provider and the workspace's existing connections. Owners and members; checks, in order: session, provider, workspace and role, configuration, the query. A browser navigation (`Sec-Fetch-Dest: document`, or without Fetch Metadata an `Accept` naming `text/html`) is answered for a person instead: without a session, 302 to `/login?redirectTo=<this URL>`, which comes back here once signed in; any other refusal is an HTML page with the same status that says what went wrong and posts `svc:oauth:error` (`code`, `detail`, the caller's `state`) to the query's `opener_origin` (our own origin without one), and keeps it for `GET /api/oauth/result` when `sdk_nonce` is given. Other callers get the JSON bodies below.
         */
        get: operations["getApiOauthBrokerProviderStart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A popup's final message, for an SDK that lost its opener
         * @description When a popup cannot reach its opener (a browser that severs `window.opener`), the SDK fetches the flow's final message here with the `sdk_nonce` it passed at the start. Each result is handed out once and kept 10 minutes at most; until there is one (and after it was taken) the answer is `{ status: 'pending' }`, not an error, so an SDK that asks every 1.5 s logs no failed requests. Readable from any origin (`Access-Control-Allow-Origin: *`): the nonce is the secret.
         */
        get: operations["getApiOauthResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This reference, as OpenAPI 3.1
         * @description Generated from the same zod schemas the service validates with; every error example is the exact body the service answers.
         */
        get: operations["getApiOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/proxy/{provider}/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call a connected provider's API (GET)
         * @description The provider proxy: a deployed tool calls its provider with its App Key and never holds the provider's token. The connection is the one bound to the key's app for `provider`. First-party: the stored token goes in `Authorization` and the request streams to the catalog's `api_base_url` + `path` + query, and the answer streams back as the provider sent it (status, headers, body; cookies dropped); an expired token is refreshed first, and a 401 from the provider is refreshed and retried once. Broker-managed: one call to the broker's proxy endpoint (bodies up to 4 MiB), whose answer is returned. Inbound `Authorization`, cookies, `X-Svc-*` and forwarding headers never reach the provider. The same rules hold for GET, POST, PUT, PATCH and DELETE.
         */
        get: operations["getApiProxyProviderPath"];
        /**
         * Call a connected provider's API (PUT)
         * @description The provider proxy: a deployed tool calls its provider with its App Key and never holds the provider's token. The connection is the one bound to the key's app for `provider`. First-party: the stored token goes in `Authorization` and the request streams to the catalog's `api_base_url` + `path` + query, and the answer streams back as the provider sent it (status, headers, body; cookies dropped); an expired token is refreshed first, and a 401 from the provider is refreshed and retried once. Broker-managed: one call to the broker's proxy endpoint (bodies up to 4 MiB), whose answer is returned. Inbound `Authorization`, cookies, `X-Svc-*` and forwarding headers never reach the provider. The same rules hold for GET, POST, PUT, PATCH and DELETE.
         */
        put: operations["putApiProxyProviderPath"];
        /**
         * Call a connected provider's API (POST)
         * @description The provider proxy: a deployed tool calls its provider with its App Key and never holds the provider's token. The connection is the one bound to the key's app for `provider`. First-party: the stored token goes in `Authorization` and the request streams to the catalog's `api_base_url` + `path` + query, and the answer streams back as the provider sent it (status, headers, body; cookies dropped); an expired token is refreshed first, and a 401 from the provider is refreshed and retried once. Broker-managed: one call to the broker's proxy endpoint (bodies up to 4 MiB), whose answer is returned. Inbound `Authorization`, cookies, `X-Svc-*` and forwarding headers never reach the provider. The same rules hold for GET, POST, PUT, PATCH and DELETE.
         */
        post: operations["postApiProxyProviderPath"];
        /**
         * Call a connected provider's API (DELETE)
         * @description The provider proxy: a deployed tool calls its provider with its App Key and never holds the provider's token. The connection is the one bound to the key's app for `provider`. First-party: the stored token goes in `Authorization` and the request streams to the catalog's `api_base_url` + `path` + query, and the answer streams back as the provider sent it (status, headers, body; cookies dropped); an expired token is refreshed first, and a 401 from the provider is refreshed and retried once. Broker-managed: one call to the broker's proxy endpoint (bodies up to 4 MiB), whose answer is returned. Inbound `Authorization`, cookies, `X-Svc-*` and forwarding headers never reach the provider. The same rules hold for GET, POST, PUT, PATCH and DELETE.
         */
        delete: operations["deleteApiProxyProviderPath"];
        options?: never;
        head?: never;
        /**
         * Call a connected provider's API (PATCH)
         * @description The provider proxy: a deployed tool calls its provider with its App Key and never holds the provider's token. The connection is the one bound to the key's app for `provider`. First-party: the stored token goes in `Authorization` and the request streams to the catalog's `api_base_url` + `path` + query, and the answer streams back as the provider sent it (status, headers, body; cookies dropped); an expired token is refreshed first, and a 401 from the provider is refreshed and retried once. Broker-managed: one call to the broker's proxy endpoint (bodies up to 4 MiB), whose answer is returned. Inbound `Authorization`, cookies, `X-Svc-*` and forwarding headers never reach the provider. The same rules hold for GET, POST, PUT, PATCH and DELETE.
         */
        patch: operations["patchApiProxyProviderPath"];
        trace?: never;
    };
    "/api/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create your workspace
         * @description Creates the workspace you own and makes you its owner. The slug (the workspace URL) is trimmed and lowercased, 2-20 characters of lowercase letters, digits and single hyphens, with no hyphen at either end, and not a reserved word. One workspace per person; creations are rate limited per person (`TENANT_CREATE_RATE_LIMIT`).
         */
        post: operations["postApiTenants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/check-slug": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check whether a workspace URL is free
         * @description The slug is trimmed and lowercased first. Your own workspace's slug never counts as taken. Never cached.
         */
        get: operations["getApiTenantsCheckSlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your workspace
         * @description The workspace you own (a workspace you only joined as a member is not returned here; see `GET /api/tenants/me/members` for your role).
         */
        get: operations["getApiTenantsMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename your workspace, set its URL once, or remove its logo
         * @description Any of `name` (1-100 characters), `slug` (only while it has not been chosen: the first change fixes it) and `clearLogo: true`; at least one is required.
         */
        patch: operations["patchApiTenantsMe"];
        trace?: never;
    };
    "/api/tenants/me/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Email domains of your workspace
         * @description Every domain the workspace claimed, verified or not, with the TXT record that proves it. The workspace owner only (members and viewers get 403): single sign-on trusts a workspace's verified domains. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiTenantsMeDomains"];
        put?: never;
        /**
         * Claim an email domain
         * @description `domain` is kept lower-case, without a trailing dot, an internationalised name as punycode. The owner publishes a TXT record named `txtRecordName` holding `txtRecordValue` exactly, then asks for verification; the service looks it up through the resolvers `DNS_SERVERS` names. A domain is verified for one workspace at a time; several workspaces may claim it unverified. Recorded in the audit log (`domain.claimed`). The workspace owner only (members and viewers get 403): single sign-on trusts a workspace's verified domains. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiTenantsMeDomains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/domains/{domainId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a claimed domain
         * @description The claim goes, verified or not; a domain it held verified is free for another workspace to verify. Recorded in the audit log (`domain.removed`). The workspace owner only (members and viewers get 403): single sign-on trusts a workspace's verified domains. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiTenantsMeDomainsDomainId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/domains/{domainId}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a claimed domain
         * @description Looks up the TXT record `_svc-verification.<domain>` and verifies the claim when one of its values is `txtRecordValue` exactly. A verified claim answers as it is. Recorded in the audit log (`domain.verified`). The workspace owner only (members and viewers get 403): single sign-on trusts a workspace's verified domains. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiTenantsMeDomainsDomainIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite someone by email
         * @description Owner only. Creates a single-use invitation link valid for 7 days, for the account with this email only. The `url` is shown once: only its hash is kept. Inviting an email again replaces its pending invitation.
         */
        post: operations["postApiTenantsMeInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation
         * @description Owner only. The link stops working at once.
         */
        delete: operations["deleteApiTenantsMeInvitationsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the workspace logo (PUT)
         * @description Replaces the logo of the workspace you own. `multipart/form-data` with one part named `file`, at most 2 MB, JPEG, PNG, WebP or GIF recognised by its leading bytes. The image is re-encoded and stored in public storage; the previous logo is removed. POST and PUT do the same.
         */
        put: operations["putApiTenantsMeLogo"];
        /**
         * Upload the workspace logo (POST)
         * @description Replaces the logo of the workspace you own. `multipart/form-data` with one part named `file`, at most 2 MB, JPEG, PNG, WebP or GIF recognised by its leading bytes. The image is re-encoded and stored in public storage; the previous logo is removed. POST and PUT do the same.
         */
        post: operations["postApiTenantsMeLogo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * People in your workspace
         * @description The members of your current workspace (the one chosen in the dashboard's switcher, else the one you own, else the first you joined), owner first, with your own `role`. Pending invitations are listed for the owner only; others get an empty list.
         */
        get: operations["getApiTenantsMeMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Owner only. The member's API keys and tool sessions in this workspace end with the membership.
         */
        delete: operations["deleteApiTenantsMeMembersUserId"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Owner only. `role` is `member` or `viewer`; the owner's own role cannot change.
         */
        patch: operations["patchApiTenantsMeMembersUserId"];
        trace?: never;
    };
    "/api/tenants/me/scim-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List directory groups
         * @description Owner only. The groups the workspace's directory provisioned over SCIM, each with the role it gives its members (`member`, `viewer` or none).
         */
        get: operations["getApiTenantsMeScimGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/scim-groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Give a directory group a role
         * @description Owner only. `role` is `member`, `viewer` or null (the group gives none); never `owner`. Its provisioned members have the role at once (a person in several groups has the highest; in none given a role, `member`). A member whose role changes loses the keys they minted in the workspace, as with any role change.
         */
        put: operations["putApiTenantsMeScimGroupsId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/scim-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List SCIM tokens
         * @description Owner only. The workspace's live SCIM tokens, newest first: never the token, only its first characters and when it was last used.
         */
        get: operations["getApiTenantsMeScimTokens"];
        put?: never;
        /**
         * Create a SCIM token
         * @description Owner only. A `svc_scim_` token for the workspace's directory (Okta, Microsoft Entra ID, ...) to provision people at `{BASE_URL}/scim/v2` (SCIM 2.0, RFC 7643 and 7644) as `Authorization: Bearer`. The token is shown once: only its hash is kept.
         */
        post: operations["postApiTenantsMeScimTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/scim-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a SCIM token
         * @description Owner only. The directory's next request with it is refused, on every instance.
         */
        delete: operations["deleteApiTenantsMeScimTokensId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/sso/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Identity providers of your workspace
         * @description The workspace's own SAML and OpenID single sign-on providers, with their domains and role mapping (never the OpenID client secret). The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiTenantsMeSsoProviders"];
        put?: never;
        /**
         * Add an identity provider
         * @description `type: "saml"` with `metadataXml` (the uploaded metadata) or `metadataUrl` (https); `type: "oidc"` with `issuer`, `clientId` and `clientSecret`. `domains` must be domains the workspace has verified. Mapping: `displayNameAttribute`, `groupsAttribute`, `groupRoles` (`{ "<group>": "member" | "viewer" }`), `defaultRole`; `owner` is never given by mapping. Recorded in the audit log (`sso_provider.created`). The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiTenantsMeSsoProviders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/sso/providers/{providerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One identity provider of your workspace
         * @description The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiTenantsMeSsoProvidersProviderId"];
        put?: never;
        post?: never;
        /**
         * Remove an identity provider
         * @description The provider goes with its domains; people who signed in through it keep their accounts. Recorded in the audit log (`sso_provider.removed`). The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiTenantsMeSsoProvidersProviderId"];
        options?: never;
        head?: never;
        /**
         * Change an identity provider
         * @description Only what is given changes: new SAML metadata (same entity ID), a new OpenID client secret, `disabled`, `domains` (replaces the list; each verified), the mapping. Recorded in the audit log (`sso_provider.changed`). The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        patch: operations["patchApiTenantsMeSsoProvidersProviderId"];
        trace?: never;
    };
    "/api/tenants/me/sso/providers/{providerId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The last connection test's report
         * @description Your own last test of this provider: whether the assertion was accepted, the subject, the email and the attributes it carried, or why it was refused; `report: null` before any. The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiTenantsMeSsoProvidersProviderIdTest"];
        put?: never;
        /**
         * Test a connection
         * @description Answers the identity provider's sign-in URL in test mode (SAML or OpenID): open it in the browser; the assertion, or the OpenID code and ID token, that comes back is checked fully, nobody is signed in and nothing but the report is written, and the browser returns to `/settings/sso`. The report: `GET …/test`. The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiTenantsMeSsoProvidersProviderIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/sso/rule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether your workspace requires single sign-on
         * @description The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiTenantsMeSsoRule"];
        /**
         * Require single sign-on
         * @description `required: true`: a person whose email is on a verified domain of the workspace then enters it only with a session signed in through one of the workspace's providers; other sessions get 403 `SSO_REQUIRED`. Owners are exempt (break-glass, ADR 086), and keys are not sessions. Turning it on needs a provider and a verified domain (409 `SSO_RULE_NOT_READY`). Recorded in the audit log (`workspace.sso_rule_changed`). The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        put: operations["putApiTenantsMeSsoRule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/sso/service-provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What to paste into your identity provider
         * @description This service as a SAML service provider (entity ID, ACS URL, metadata URL) and as an OpenID client (redirect URI). The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiTenantsMeSsoServiceProvider"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/two-step-rule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the workspace requires two-step sign-in
         * @description The owner's setting for the current workspace (docs/decisions/049). When on, a session whose person has not passed two-step sign-in is refused by every workspace page and path with 403 and `code: "TWO_STEP_REQUIRED"` (`This workspace requires two-step sign-in. Set it up on your profile page (/profile#two-step), then try again.`); `svc_sk_` keys and OAuth grants are not sessions and keep working.
         */
        get: operations["getApiTenantsMeTwoStepRule"];
        /**
         * Require two-step sign-in for the workspace, or stop requiring it
         * @description `{ "required": true }` turns the rule on (your own session must have passed two-step sign-in first, or the rule would lock you out), `false` turns it off.
         */
        put: operations["putApiTenantsMeTwoStepRule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trpc/{procedure}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A dashboard query
         * @description The dashboard's typed client (tRPC, no batching of unknown names, no transformer). Only a short allow-list of procedures is reachable (`auth.me`, `tenants.checkSlug|me|update`, `users.me|update`, `apps.*`, `keys.*`, `billing.*`, `dev.canBootstrapCli`); any other name is 404. Meant for the dashboard's own pages: use the REST paths above from anything else. Queries take `?input=<JSON>`.
         */
        get: operations["getApiTrpcProcedure"];
        put?: never;
        /**
         * A dashboard mutation
         * @description The dashboard's typed client (tRPC, no batching of unknown names, no transformer). Only a short allow-list of procedures is reachable (`auth.me`, `tenants.checkSlug|me|update`, `users.me|update`, `apps.*`, `keys.*`, `billing.*`, `dev.canBootstrapCli`); any other name is 404. Meant for the dashboard's own pages: use the REST paths above from anything else. The JSON body is the input (at most 64 KB); cross-site posts are refused.
         */
        post: operations["postApiTrpcProcedure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload your avatar
         * @description Same rules as the workspace logo: one `file` part, at most 2 MB, JPEG, PNG, WebP or GIF by its leading bytes. The previous avatar is removed.
         */
        post: operations["postApiUserAvatar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your profile
         * @description `displayName` and `avatarUrl` are empty strings until set.
         */
        get: operations["getApiUserMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your display name or remove your avatar
         * @description `displayName` is trimmed, at most 120 characters, without control characters; `clearAvatar: true` removes the avatar.
         */
        patch: operations["patchApiUserMe"];
        trace?: never;
    };
    "/api/user/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where you're signed in
         * @description Your live browser sessions, this one first (`current: true`), then the most recently active. Browser and system are read from the user agent the session signed in with; `lastActiveAt` is written at most once a minute. Applications you authorized over OAuth are not sessions here.
         */
        get: operations["getApiUserSessions"];
        put?: never;
        post?: never;
        /**
         * Sign out everywhere else
         * @description `?scope=others` ends every session of yours but this one, as `POST /auth/v1/logout?scope=others` does. Authorized OAuth applications stay.
         */
        delete: operations["deleteApiUserSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign a session out
         * @description Ends one of your sessions (this one too): every instance refuses it within a second.
         */
        delete: operations["deleteApiUserSessionsSessionId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The credit balance of your workspace
         * @description For deployed tools and scripts. `Authorization: Bearer <token>`: a token of three dot-separated base64url segments is an identity token (JWT) from the identity provider, verified against its JWKS (ES256 or RS256, `exp` enforced) and mapped to the workspace of its subject; any other token is looked up as an `svc_sk_` key. `balance` is a decimal string (up to 6 places), `balanceMicros` the same in millionths. Never cached.
         */
        get: operations["getApiV1Balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook endpoints of your workspace
         * @description Every endpoint, enabled or not, without its secret. The workspace owner only (members and viewers get 403), like the workspace's other settings: an endpoint receives every change it subscribes to. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description `url` (http or https, at most 2000 characters) receives the events named in `eventTypes` (none: every event); `description` (at most 500 characters) says what it is for. The answer is the only time `secret` (`whsec_…`) is shown. Each event is POSTed as JSON `{ type, timestamp, data }` with the Standard Webhooks headers `webhook-id` (the event's id, the same on every attempt and on `GET /api/deployments/me/events`), `webhook-timestamp` (seconds, new on every attempt) and `webhook-signature` (`v1,` and base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the secret's bytes), at least once, retried after 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h until a 2xx (`WEBHOOK_RETRY_SCHEDULE` changes it); an endpoint answering 410, or failing for 5 days, is disabled. The workspace owner only (members and viewers get 403), like the workspace's other settings: an endpoint receives every change it subscribes to. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description The endpoint, without its secret. The workspace owner only (members and viewers get 403), like the workspace's other settings: an endpoint receives every change it subscribes to. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiWebhooksEndpointId"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Nothing more is sent to it, and its delivery log goes with it. The workspace owner only (members and viewers get 403), like the workspace's other settings: an endpoint receives every change it subscribes to. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        delete: operations["deleteApiWebhooksEndpointId"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Any of `url`, `description`, `eventTypes` (empty: every event) and `enabled` (true re-enables an endpoint the service disabled, forgetting its failures). The secret stays. The workspace owner only (members and viewers get 403), like the workspace's other settings: an endpoint receives every change it subscribes to. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        patch: operations["patchApiWebhooksEndpointId"];
        trace?: never;
    };
    "/api/webhooks/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's delivery log
         * @description The latest 50 deliveries, newest first, each with its status and every attempt (time, the receiver's status, latency, the first 500 characters of its answer, or why it did not answer). The workspace owner only (members and viewers get 403), like the workspace's other settings: an endpoint receives every change it subscribes to. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        get: operations["getApiWebhooksEndpointIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{endpointId}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend a delivery
         * @description Sends the same event again now (the same `webhook-id`, a new timestamp and signature); if that fails, the retry schedule starts over. The workspace owner only (members and viewers get 403), like the workspace's other settings: an endpoint receives every change it subscribes to. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiWebhooksEndpointIdDeliveriesDeliveryIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{endpointId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret
         * @description A new `whsec_` secret, shown this once. The secret it replaces keeps signing beside it for `overlapSeconds` (default 86400, a day; at most 604800; 0 stops it at once): meanwhile `webhook-signature` carries two space-separated signatures, as Standard Webhooks allows, so a receiver holding either secret verifies every message, and `previousSecretExpiresAt` says until when. A second rotation within an overlap replaces the older secret. The body is JSON (`{}` takes the default). The workspace owner only (members and viewers get 403), like the workspace's other settings: an endpoint receives every change it subscribes to. With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.
         */
        post: operations["postApiWebhooksEndpointIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open a deployed tool (the app-proxy handshake)
         * @description A browser navigation, not an API call. A deployed tool sends a visitor without a tool session here with `host` (the tool's host) and `return` (a path on the tool). Signed out: a redirect to `/login`, which comes back here. A member of the tool's workspace (any role): a redirect to `<tool>/.svc/callback?code=…` with a one-time code bound to that host. Otherwise an HTML page says why.
         */
        get: operations["getAppsAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Keys that verify access tokens
         * @description The public keys of the built-in provider's ES256 access tokens. Cacheable for 10 minutes.
         */
        get: operations["getAuthV1WellKnownJwksJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization server metadata
         * @description The OAuth 2.1 authorization server at `{auth_url}` (issuer `{BASE_URL}/auth/v1`): the same document at the RFC 8414 path-form address, the issuer-suffixed address and as OpenID Connect discovery. Its endpoints live under `/auth/v1/oauth/` (docs/decisions/037).
         */
        get: operations["getAuthV1WellKnownOauthAuthorizationServer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OpenID Connect discovery
         * @description The OAuth 2.1 authorization server at `{auth_url}` (issuer `{BASE_URL}/auth/v1`): the same document at the RFC 8414 path-form address, the issuer-suffixed address and as OpenID Connect discovery. Its endpoints live under `/auth/v1/oauth/` (docs/decisions/037).
         */
        get: operations["getAuthV1WellKnownOpenidConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/custom-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List custom providers (admin)
         * @description GoTrue's admin API for custom OAuth 2.0 and OpenID providers (auth-js `auth.admin.customProviders.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider stored here signs people in at once as `/auth/v1/authorize?provider=custom:<identifier>`, on every instance, without a restart; its identities carry the provider `custom:<identifier>`. The client secret is sealed and never answered. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing. Oldest first; `?type=oauth2` or `?type=oidc` for one type.
         */
        get: operations["getAuthV1AdminCustomProviders"];
        put?: never;
        /**
         * Add a custom provider (admin)
         * @description GoTrue's admin API for custom OAuth 2.0 and OpenID providers (auth-js `auth.admin.customProviders.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider stored here signs people in at once as `/auth/v1/authorize?provider=custom:<identifier>`, on every instance, without a restart; its identities carry the provider `custom:<identifier>`. The client secret is sealed and never answered. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing. `oidc` needs `issuer` (its discovery document is fetched and checked first); `oauth2` needs `authorization_url`, `token_url` and `userinfo_url`.
         */
        post: operations["postAuthV1AdminCustomProviders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/custom-providers/{identifier}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A custom provider (admin)
         * @description GoTrue's admin API for custom OAuth 2.0 and OpenID providers (auth-js `auth.admin.customProviders.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider stored here signs people in at once as `/auth/v1/authorize?provider=custom:<identifier>`, on every instance, without a restart; its identities carry the provider `custom:<identifier>`. The client secret is sealed and never answered. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing. Without its secret.
         */
        get: operations["getAuthV1AdminCustomProvidersIdentifier"];
        /**
         * Change a custom provider (admin)
         * @description GoTrue's admin API for custom OAuth 2.0 and OpenID providers (auth-js `auth.admin.customProviders.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider stored here signs people in at once as `/auth/v1/authorize?provider=custom:<identifier>`, on every instance, without a restart; its identities carry the provider `custom:<identifier>`. The client secret is sealed and never answered. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing. Only the fields given change (an empty string changes nothing); `provider_type` and `identifier` stay. The next `/authorize` uses the new settings.
         */
        put: operations["putAuthV1AdminCustomProvidersIdentifier"];
        post?: never;
        /**
         * Delete a custom provider (admin)
         * @description GoTrue's admin API for custom OAuth 2.0 and OpenID providers (auth-js `auth.admin.customProviders.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider stored here signs people in at once as `/auth/v1/authorize?provider=custom:<identifier>`, on every instance, without a restart; its identities carry the provider `custom:<identifier>`. The client secret is sealed and never answered. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing. Sign-ins through it stop at once; the identities it made stay on their accounts.
         */
        delete: operations["deleteAuthV1AdminCustomProvidersIdentifier"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/generate_link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a sign-in link and code (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`) over the built-in provider's accounts. `Authorization: Bearer <service-role key>`: the key is `SERVICE_ROLE_KEY`, generated into `.data/secrets.env` when unset. Errors are GoTrue's `{ code, error_code, msg }`. GoTrue's `generate_link` (auth-js `auth.admin.generateLink`): the account prepared for `type` and, in the answer only (nothing is mailed), a link to `GET /auth/v1/verify` and a six-digit code; either signs the person in once within 60 minutes. A new link of a kind replaces the account's earlier one.
         */
        post: operations["postAuthV1AdminGenerateLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/oauth/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List OAuth clients (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). Errors are GoTrue's `{ code, error_code, msg }`. The authorization server's clients (docs/decisions/055): the same clients `/auth/v1/oauth/register` makes, so one made here works at once at `/auth/v1/oauth/authorize` and `/auth/v1/oauth/token`. Newest first, a page at a time; `X-Total-Count` counts them all and `Link` names the next and last pages. No secret is ever listed.
         */
        get: operations["getAuthV1AdminOauthClients"];
        put?: never;
        /**
         * Create an OAuth client (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). Errors are GoTrue's `{ code, error_code, msg }`. The authorization server's clients (docs/decisions/055): the same clients `/auth/v1/oauth/register` makes, so one made here works at once at `/auth/v1/oauth/authorize` and `/auth/v1/oauth/token`. A `manual` client; a confidential one (the default) gets `client_secret` in this answer only.
         */
        post: operations["postAuthV1AdminOauthClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/oauth/clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An OAuth client (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). Errors are GoTrue's `{ code, error_code, msg }`. The authorization server's clients (docs/decisions/055): the same clients `/auth/v1/oauth/register` makes, so one made here works at once at `/auth/v1/oauth/authorize` and `/auth/v1/oauth/token`. Without its secret.
         */
        get: operations["getAuthV1AdminOauthClientsClientId"];
        /**
         * Change an OAuth client (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). Errors are GoTrue's `{ code, error_code, msg }`. The authorization server's clients (docs/decisions/055): the same clients `/auth/v1/oauth/register` makes, so one made here works at once at `/auth/v1/oauth/authorize` and `/auth/v1/oauth/token`. Only the fields given change; none at all is `No fields provided for update`.
         */
        put: operations["putAuthV1AdminOauthClientsClientId"];
        post?: never;
        /**
         * Delete an OAuth client (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). Errors are GoTrue's `{ code, error_code, msg }`. The authorization server's clients (docs/decisions/055): the same clients `/auth/v1/oauth/register` makes, so one made here works at once at `/auth/v1/oauth/authorize` and `/auth/v1/oauth/token`. Its grants, codes and refresh tokens go with it and the sessions they opened end, so its access tokens stop too.
         */
        delete: operations["deleteAuthV1AdminOauthClientsClientId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/oauth/clients/{clientId}/regenerate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Regenerate an OAuth client's secret (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). Errors are GoTrue's `{ code, error_code, msg }`. The authorization server's clients (docs/decisions/055): the same clients `/auth/v1/oauth/register` makes, so one made here works at once at `/auth/v1/oauth/authorize` and `/auth/v1/oauth/token`. The new secret is in this answer only; the old one stops at once.
         */
        post: operations["postAuthV1AdminOauthClientsClientIdRegenerateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/sso/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List SSO providers (admin)
         * @description GoTrue's admin SSO API (`internal/api/ssoadmin.go`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider is a company's SAML 2.0 identity provider, registered by its metadata (`metadata_xml`, or `metadata_url` fetched over https), or an OpenID Connect connection (`type: "oidc"`, ADR 085), with the email `domains` whose people it signs in. Its identities carry the provider `sso:<id>`. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing (ADR 079). Oldest first, without their metadata XML; `?resource_id=` for one.
         */
        get: operations["getAuthV1AdminSsoProviders"];
        put?: never;
        /**
         * Add a SAML or OpenID SSO provider (admin)
         * @description GoTrue's admin SSO API (`internal/api/ssoadmin.go`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider is a company's SAML 2.0 identity provider, registered by its metadata (`metadata_xml`, or `metadata_url` fetched over https), or an OpenID Connect connection (`type: "oidc"`, ADR 085), with the email `domains` whose people it signs in. Its identities carry the provider `sso:<id>`. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing (ADR 079). An EntityID another provider has is `422 saml_idp_already_exists`. `type: "oidc"` (ADR 085) registers an OpenID Connect connection by `issuer`, `client_id` and `client_secret`: the issuer's discovery document is fetched first and must name exactly that issuer; the company's provider is given `/auth/v1/sso/oidc/callback` as redirect URI.
         */
        post: operations["postAuthV1AdminSsoProviders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/sso/providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An SSO provider (admin)
         * @description GoTrue's admin SSO API (`internal/api/ssoadmin.go`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider is a company's SAML 2.0 identity provider, registered by its metadata (`metadata_xml`, or `metadata_url` fetched over https), or an OpenID Connect connection (`type: "oidc"`, ADR 085), with the email `domains` whose people it signs in. Its identities carry the provider `sso:<id>`. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing (ADR 079). With its metadata XML.
         */
        get: operations["getAuthV1AdminSsoProvidersId"];
        /**
         * Change an SSO provider (admin)
         * @description GoTrue's admin SSO API (`internal/api/ssoadmin.go`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider is a company's SAML 2.0 identity provider, registered by its metadata (`metadata_xml`, or `metadata_url` fetched over https), or an OpenID Connect connection (`type: "oidc"`, ADR 085), with the email `domains` whose people it signs in. Its identities carry the provider `sso:<id>`. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing (ADR 079). Only what is given changes: new metadata must keep the EntityID; `domains`, when present, replaces the list; `attribute_mapping` replaces the mapping.
         */
        put: operations["putAuthV1AdminSsoProvidersId"];
        post?: never;
        /**
         * Delete an SSO provider (admin)
         * @description GoTrue's admin SSO API (`internal/api/ssoadmin.go`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider is a company's SAML 2.0 identity provider, registered by its metadata (`metadata_xml`, or `metadata_url` fetched over https), or an OpenID Connect connection (`type: "oidc"`, ADR 085), with the email `domains` whose people it signs in. Its identities carry the provider `sso:<id>`. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing (ADR 079). Answers the deleted provider (GoTrue's 200). Its domains go with it; sign-ins through it stop at once; the accounts and identities it made stay.
         */
        delete: operations["deleteAuthV1AdminSsoProvidersId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`) over the built-in provider's accounts. `Authorization: Bearer <service-role key>`: the key is `SERVICE_ROLE_KEY`, generated into `.data/secrets.env` when unset. Errors are GoTrue's `{ code, error_code, msg }`. Newest first, a page at a time; `X-Total-Count` counts them all and `Link` names the next and last pages.
         */
        get: operations["getAuthV1AdminUsers"];
        put?: never;
        /**
         * Create an account (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`) over the built-in provider's accounts. `Authorization: Bearer <service-role key>`: the key is `SERVICE_ROLE_KEY`, generated into `.data/secrets.env` when unset. Errors are GoTrue's `{ code, error_code, msg }`. Without `password` the account cannot sign in until one is set; `email_confirm: true` takes the address as confirmed.
         */
        post: operations["postAuthV1AdminUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`) over the built-in provider's accounts. `Authorization: Bearer <service-role key>`: the key is `SERVICE_ROLE_KEY`, generated into `.data/secrets.env` when unset. Errors are GoTrue's `{ code, error_code, msg }`.
         */
        get: operations["getAuthV1AdminUsersId"];
        /**
         * Change an account (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`) over the built-in provider's accounts. `Authorization: Bearer <service-role key>`: the key is `SERVICE_ROLE_KEY`, generated into `.data/secrets.env` when unset. Errors are GoTrue's `{ code, error_code, msg }`. Changes apply at once (no mail); a new password ends every session of the account.
         */
        put: operations["putAuthV1AdminUsersId"];
        post?: never;
        /**
         * Delete an account (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`) over the built-in provider's accounts. `Authorization: Bearer <service-role key>`: the key is `SERVICE_ROLE_KEY`, generated into `.data/secrets.env` when unset. Errors are GoTrue's `{ code, error_code, msg }`. Its sessions end and the account is gone (`should_soft_delete` is not kept apart: the deletion is always for good).
         */
        delete: operations["deleteAuthV1AdminUsersId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/users/{id}/factors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A person's factors (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). Errors are GoTrue's `{ code, error_code, msg }`. A person's two-step sign-in factors (docs/decisions/045 and 055). Verified or not, oldest first (auth-js `auth.admin.mfa.listFactors`).
         */
        get: operations["getAuthV1AdminUsersIdFactors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/users/{id}/factors/{factorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a person's factor (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). Errors are GoTrue's `{ code, error_code, msg }`. A person's two-step sign-in factors (docs/decisions/045 and 055). No `aal2` needed: the key is the authority (a lost authenticator). When no other verified factor is left, the recovery codes go too and the account's sessions drop back to `aal1`.
         */
        delete: operations["deleteAuthV1AdminUsersIdFactorsFactorId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/users/{id}/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's passkeys (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.passkey`): `Authorization: Bearer <service-role key>` (docs/decisions/042). Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin.
         */
        get: operations["getAuthV1AdminUsersIdPasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/users/{id}/passkeys/{passkeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an account's passkey (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.passkey`): `Authorization: Bearer <service-role key>` (docs/decisions/042). Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin.
         */
        delete: operations["deleteAuthV1AdminUsersIdPasskeysPasskeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/workspace-domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every workspace's email domains (admin)
         * @description The service administrator's view of the claims of every workspace (`Authorization: Bearer <service-role key>`, `SERVICE_ROLE_KEY`), with each claim's `tenantId`; `?domain=example.com` for the claims of one domain. At most 1000. Errors are GoTrue's `{ code, error_code, msg }`.
         */
        get: operations["getAuthV1AdminWorkspaceDomains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/workspace-domains/{domainId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a workspace's domain (admin)
         * @description The service administrator removes any workspace's claim, verified or not (`Authorization: Bearer <service-role key>`, `SERVICE_ROLE_KEY`): how a domain that changed hands is freed for the workspace of its new owner (ADR 081). Recorded in the claim's workspace audit log (`domain.removed`). Errors are GoTrue's `{ code, error_code, msg }`.
         */
        delete: operations["deleteAuthV1AdminWorkspaceDomainsDomainId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/workspace-domains/{domainId}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a workspace's domain verified (admin)
         * @description The service administrator vouches for a claim without DNS (`verifiedBy: "admin"`), with `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`); recorded in the claim's workspace audit log (`domain.verified`, the actor `system`). A domain is still verified for one workspace at a time. Errors are GoTrue's `{ code, error_code, msg }`.
         */
        post: operations["postAuthV1AdminWorkspaceDomainsDomainIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/admin/workspaces/{tenantId}/sso-rule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a workspace's single sign-on rule (admin)
         * @description Break-glass (ADR 086): the service administrator turns a workspace's "require single sign-on" off (or on) with `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`), e.g. while the company's identity provider is down. Recorded in the workspace's audit log. Errors are GoTrue's `{ code, error_code, msg }`.
         */
        put: operations["putAuthV1AdminWorkspacesTenantIdSsoRule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with an upstream provider (GitHub, Google, an OpenID provider)
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. auth-js `signInWithOAuth` opens this URL (ADR 075). For an enabled provider (`EXTERNAL_GITHUB_ENABLED`, `EXTERNAL_GOOGLE_ENABLED`, `EXTERNAL_KEYCLOAK_ENABLED`) it answers 302 to the provider with a signed, single-use `state`; the provider sends the browser back to `/auth/v1/callback`. With `code_challenge` (auth-js's PKCE flow) the callback sends a `code` to `redirect_to` for `POST /auth/v1/token?grant_type=pkce`; without it, the session in the fragment. A provider that is not enabled gets GoTrue's 400: `Unsupported provider: provider is not enabled` for one GoTrue knows, `Unsupported provider: Provider <name> could not be found` otherwise.
         */
        get: operations["getAuthV1Authorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The upstream provider's callback
         * @description Where an upstream provider sends the browser back after `/auth/v1/authorize` (ADR 075): the `state` is checked and claimed once, the code exchanged, the person read (GitHub: `/user` and `/user/emails`; an OpenID provider: its ID token, verified against its keys, and userinfo), the account found, linked (only by an address the provider verified) or made, and the browser sent to `redirect_to` with `?code=` (PKCE) or the session in the fragment (`access_token`, `expires_at`, `expires_in`, `provider_token`, `refresh_token`, `token_type`). Failures go to `redirect_to` as GoTrue's `error`, `error_code`, `error_description` in the query and the fragment; a forged, unknown or used `state` to the site URL (`BASE_URL`) with 303.
         */
        get: operations["getAuthV1Callback"];
        put?: never;
        /**
         * The upstream provider's callback (form_post)
         * @description Where an upstream provider sends the browser back after `/auth/v1/authorize` (ADR 075): the `state` is checked and claimed once, the code exchanged, the person read (GitHub: `/user` and `/user/emails`; an OpenID provider: its ID token, verified against its keys, and userinfo), the account found, linked (only by an address the provider verified) or made, and the browser sent to `redirect_to` with `?code=` (PKCE) or the session in the fragment (`access_token`, `expires_at`, `expires_in`, `provider_token`, `refresh_token`, `token_type`). Failures go to `redirect_to` as GoTrue's `error`, `error_code`, `error_description` in the query and the fragment; a forged, unknown or used `state` to the site URL (`BASE_URL`) with 303.
         */
        post: operations["postAuthV1Callback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/factors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enrol a TOTP or WebAuthn factor
         * @description Two-step sign-in, GoTrue's MFA API as `@supabase/auth-js` `mfa` calls it (docs/decisions/045); errors are GoTrue's `{ code, error_code, msg }`. A session that verified a second factor is `aal2` (its access token's `aal`, and `amr` lists both methods with their times); one that has not is `aal1`. auth-js `mfa.enroll({ factorType: "totp" })`. The factor is `unverified` until its first code is verified; the secret is stored sealed with the integration key. auth-js `mfa.webauthn.enroll({ friendlyName })` enrols an unverified `webauthn` factor with no secret (no integration key needed). An account with a verified factor enrols another only from an `aal2` session.
         */
        post: operations["postAuthV1Factors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/factors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a factor
         * @description Two-step sign-in, GoTrue's MFA API as `@supabase/auth-js` `mfa` calls it (docs/decisions/045); errors are GoTrue's `{ code, error_code, msg }`. A session that verified a second factor is `aal2` (its access token's `aal`, and `amr` lists both methods with their times); one that has not is `aal1`. auth-js `mfa.unenroll`. A verified factor is removed only from an `aal2` session; the last factor recovery codes back cannot go while they exist. Without a verified factor left, the account's sessions are `aal1` again.
         */
        delete: operations["deleteAuthV1FactorsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/factors/{id}/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Challenge a factor
         * @description Two-step sign-in, GoTrue's MFA API as `@supabase/auth-js` `mfa` calls it (docs/decisions/045); errors are GoTrue's `{ code, error_code, msg }`. A session that verified a second factor is `aal2` (its access token's `aal`, and `amr` lists both methods with their times); one that has not is `aal1`. auth-js `mfa.challenge`. The challenge is verified within 5 minutes from the same address. A `webauthn` factor's (auth-js `mfa.webauthn.challenge`, and `register`/`authenticate`) carries its ceremony's options: creation options while the factor is unverified, request options naming its credential once verified. The relying party is this service's (the host of BASE_URL; `localhost` for a loopback one); a `webauthn.rpId` or `rpOrigins` it does not serve is refused.
         */
        post: operations["postAuthV1FactorsIdChallenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/factors/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a factor: the session rises to aal2
         * @description Two-step sign-in, GoTrue's MFA API as `@supabase/auth-js` `mfa` calls it (docs/decisions/045); errors are GoTrue's `{ code, error_code, msg }`. A session that verified a second factor is `aal2` (its access token's `aal`, and `amr` lists both methods with their times); one that has not is `aal1`. auth-js `mfa.verify` and `mfa.challengeAndVerify`: the app's current code for a live challenge. The first verify makes the factor `verified`. The answer is the session with new tokens at `aal2` (the old refresh token stops working), and the account's other `aal1` sessions end, as GoTrue does. A code is accepted once: the same code again, within its 30-second window or the next, is refused. A `webauthn` factor's verify (auth-js `mfa.webauthn.verify`) carries the ceremony instead of a code: `type: "create"` stores the credential and verifies the factor, `type: "request"` checks an assertion of the factor's credential; either raises the session to `aal2` with `amr` method `mfa/webauthn`. Its challenge is used up by the first verify, whatever that verify's outcome.
         */
        post: operations["postAuthV1FactorsIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/factors/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many recovery codes are left
         * @description Recovery codes in the shape of auth-js's experimental `mfa.recoveryCodes` (docs/decisions/045): one set of 10 single-use codes per account, a factor of type `recovery_code`, shown once and stored hashed. auth-js `mfa.recoveryCodes.getStatus`: never the codes themselves. Any level.
         */
        get: operations["getAuthV1FactorsRecoveryCodes"];
        put?: never;
        /**
         * Generate recovery codes
         * @description Recovery codes in the shape of auth-js's experimental `mfa.recoveryCodes` (docs/decisions/045): one set of 10 single-use codes per account, a factor of type `recovery_code`, shown once and stored hashed. auth-js `mfa.recoveryCodes.generate`: from an `aal2` session of an account with another verified factor, once (then regenerate).
         */
        post: operations["postAuthV1FactorsRecoveryCodes"];
        /**
         * Delete the recovery codes
         * @description Recovery codes in the shape of auth-js's experimental `mfa.recoveryCodes` (docs/decisions/045): one set of 10 single-use codes per account, a factor of type `recovery_code`, shown once and stored hashed. auth-js `mfa.recoveryCodes.unenroll`, from an `aal2` session.
         */
        delete: operations["deleteAuthV1FactorsRecoveryCodes"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/factors/recovery-codes/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the recovery codes
         * @description Recovery codes in the shape of auth-js's experimental `mfa.recoveryCodes` (docs/decisions/045): one set of 10 single-use codes per account, a factor of type `recovery_code`, shown once and stored hashed. auth-js `mfa.recoveryCodes.regenerate`: a new set from an `aal2` session; every code of the old set stops working at once, and its lockout ends.
         */
        post: operations["postAuthV1FactorsRecoveryCodesRegenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/factors/recovery-codes/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a recovery code: the session rises to aal2
         * @description Recovery codes in the shape of auth-js's experimental `mfa.recoveryCodes` (docs/decisions/045): one set of 10 single-use codes per account, a factor of type `recovery_code`, shown once and stored hashed. auth-js `mfa.recoveryCodes.verify`: an unused code in place of the app's (case, spaces and `-` do not matter); it is used up. The answer is the session at `aal2`, `amr` method `mfa/recovery_code`.
         */
        post: operations["postAuthV1FactorsRecoveryCodesVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite by email (admin)
         * @description GoTrue's admin API (auth-js `auth.admin.*`) over the built-in provider's accounts. `Authorization: Bearer <service-role key>`: the key is `SERVICE_ROLE_KEY`, generated into `.data/secrets.env` when unset. Errors are GoTrue's `{ code, error_code, msg }`. GoTrue's invite (auth-js `auth.admin.inviteUserByEmail`): an unconfirmed account with `invited_at` (or an unconfirmed one invited again), and a mail with a link and a code that sign the person in once within 60 minutes (then `PUT /auth/v1/user` sets a password). Needs mail (`SMTP_URL`).
         */
        post: operations["postAuthV1Invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the session of an access token
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. `scope` as GoTrue: `global` (the default) ends every session of the account, `local` this one, `others` all but this one (from an `aal2` session once the account has a verified second factor). An ended session's refresh token stops working and the dashboard session signed in with it ends.
         */
        post: operations["postAuthV1Logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization request
         * @description Answered by the authorization server (panva's oidc-provider, docs/decisions/037) under `npm start`; `response_type=code`, `client_id`, `redirect_uri` (exact; a loopback one may vary its port), `code_challenge` with `code_challenge_method=S256` (required), `state`, `scope` (optional: a deployed tool gets `tools`, no resource `openid profile email`), `resource` (RFC 8707, repeatable, a deployed tool's origin). Signed-out people go through `/login`; everyone sees the consent page `/oauth/consent/{uid}`; the client gets `code`, `state` and `iss` (RFC 9207), or `error`.
         */
        get: operations["getAuthV1OauthAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/oauth/device/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Device authorization (RFC 8628)
         * @description Answered by the authorization server (panva's oidc-provider, docs/decisions/037) under `npm start`; `client_id`, `scope`, `resource`: `device_code`, `user_code`, `verification_uri`, `verification_uri_complete`, `expires_in`, `interval`.
         */
        post: operations["postAuthV1OauthDeviceCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/oauth/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token introspection (RFC 7662)
         * @description Answered by the authorization server (panva's oidc-provider, docs/decisions/037) under `npm start`; Refresh tokens and our JWT access tokens: `active`, `sub`, `aud`, `client_id`, `scope`, `exp`, `iat`, `iss`, `jti`, `token_type`. A token of a revoked grant is `{ active: false }`. Requires client authentication; every client learns only of tokens issued to it: another client's token, or a dashboard session token, is `{ active: false }`.
         */
        post: operations["postAuthV1OauthIntrospect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/oauth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dynamic client registration (RFC 7591)
         * @description Answered by the authorization server (panva's oidc-provider, docs/decisions/037) under `npm start`; Public (`token_endpoint_auth_method: none`) or confidential clients; `redirect_uris` required. Limited per client address (`OAUTH_REGISTRATION_RATE_LIMIT_PER_ADDRESS`); registrations no grant used are deleted after 30 days.
         */
        post: operations["postAuthV1OauthRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token revocation (RFC 7009)
         * @description Answered by the authorization server (panva's oidc-provider, docs/decisions/037) under `npm start`; A refresh token or one of our JWT access tokens; either revokes its grant (its session row, as sign-out does). Unknown tokens answer 200 too. Requires client authentication.
         */
        post: operations["postAuthV1OauthRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token request
         * @description Answered by the authorization server (panva's oidc-provider, docs/decisions/037) under `npm start`; Grants `authorization_code` (with `code_verifier`), `refresh_token` (rotated on every use; a reused one revokes its grant) and `urn:ietf:params:oauth:grant-type:device_code`. Form or JSON body; client authentication `none`, `client_secret_basic` or `client_secret_post`. Access tokens are ES256 JWTs of the identity key, 3600 s, `aud` = the resource or `authenticated`. Errors are RFC 6749's, with `Cache-Control: no-store`.
         */
        post: operations["postAuthV1OauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/oauth/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Userinfo
         * @description Answered by the authorization server (panva's oidc-provider, docs/decisions/037) under `npm start`; For our access tokens, whatever their audience: `sub`, then `email` (scope `email`), `name` and `picture` (scope `profile`). A token of a revoked grant is refused. POST answers the same.
         */
        get: operations["getAuthV1OauthUserinfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a magic link and a sign-in code
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. auth-js `signInWithOtp({ email })`. With mail (`SMTP_URL`) one mail carries a magic link (`GET /auth/v1/verify`) and a six-digit code (`POST /auth/v1/verify`); either signs in once within 60 minutes, and a new request replaces both. An address without an account gets one (unconfirmed until the link or code is used) unless `create_user` is `false`. The answer is `{}` for every address, with or without an account and whatever `create_user` says; the account, the code and the mail come after it. One sign-in mail per address per 60 seconds (GoTrue's `SMTP_MAX_FREQUENCY`): a request inside it changes nothing, and the code mailed last still works. Phone sign-in is not offered (`phone_provider_disabled`).
         */
        post: operations["postAuthV1Otp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your passkeys
         * @description Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin. auth-js `passkey.list`, oldest first.
         */
        get: operations["getAuthV1Passkeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a passkey
         * @description Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin. auth-js `passkey.delete`. It no longer signs in; sessions it started stay until they end.
         */
        delete: operations["deleteAuthV1PasskeysId"];
        options?: never;
        head?: never;
        /**
         * Rename a passkey
         * @description Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin. auth-js `passkey.update`.
         */
        patch: operations["patchAuthV1PasskeysId"];
        trace?: never;
    };
    "/auth/v1/passkeys/authentication/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start signing in with a passkey
         * @description Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin. auth-js `passkey.startAuthentication` (and `signInWithPasskey`). No bearer: request options without `allowCredentials`, so the browser offers any passkey it holds for this site (also as autofill, `mediation: "conditional"`).
         */
        post: operations["postAuthV1PasskeysAuthenticationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/passkeys/authentication/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey: a session at aal2
         * @description Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin. auth-js `passkey.verifyAuthentication`: the browser's assertion for the challenge. The answer is a new session whose access token is `aal2` with `amr` `[{ method: "webauthn" }]`: the passkey is possessed and the person verified by it, two factors at once.
         */
        post: operations["postAuthV1PasskeysAuthenticationVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/passkeys/registration/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start registering a passkey
         * @description Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin. auth-js `passkey.startRegistration` (and `registerPasskey`). Creation options for a discoverable credential with user verification, the account's passkeys excluded; the challenge is stored in PostgreSQL, so any instance verifies it.
         */
        post: operations["postAuthV1PasskeysRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/passkeys/registration/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish registering a passkey
         * @description Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin. auth-js `passkey.verifyRegistration`: the browser's attestation (`none` is enough) for the challenge of the options. The passkey is named `Passkey` until renamed.
         */
        post: operations["postAuthV1PasskeysRegistrationVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/reauthenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mail a re-authentication code
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. auth-js `reauthenticate`: mails a six-digit nonce to the account (60 minutes, once; one mail a minute at most). With mail, a password change (`PUT /auth/v1/user`) from a session signed in more than 24 hours ago needs it as `nonce` (400 `reauthentication_needed` without, 422 `reauthentication_not_valid` when wrong), GoTrue's secure password change.
         */
        get: operations["getAuthV1Reauthenticate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. auth-js `resetPasswordForEmail`. With mail (`SMTP_URL`) the account's address gets a one-time link to the reset page (60 minutes; at most one mail a minute per account). The answer is `{}` whether or not the address has an account, and the mail goes after the answer. A password set any other way (updateUser, the admin API) kills every unused link.
         */
        post: operations["postAuthV1Recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a confirmation link again
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. auth-js `resend`: `signup` mails the sign-up confirmation link again to an unconfirmed account, `email_change` the link to a pending new address. `{}` for every address, nothing sent when there is nothing to confirm.
         */
        post: operations["postAuthV1Resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sign-ins offered
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. GoTrue's `GET /settings`: `external` names every provider GoTrue knows, `true` for `email`, `anonymous_users` when `ANONYMOUS_SIGN_IN` is on, and `github`, `google`, `keycloak` when enabled.
         */
        get: operations["getAuthV1Settings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. `email`, `password` (8 to 1024 characters), optional `data` (user metadata, every key kept, at most 2 KB serialized). Sign-ups are rate limited per address. With mail (`SMTP_URL`) addresses are confirmed, as GoTrue does: the answer is the user without a session (`confirmation_sent_at`, no tokens) and a link is mailed; an address that already has an account gets the same answer (a made-up id) and its owner a note, so a sign-up never reveals an account; signing in before confirming answers 400 `email_not_confirmed`.
         */
        post: operations["postAuthV1Signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a single sign-on (auth-js signInWithSSO)
         * @description GoTrue's `POST /sso` (ADR 079), with `SAML_ENABLED`: the provider is found by `provider_id` or by an email `domain` it has; the answer is the IdP's sign-in URL carrying a SAML AuthnRequest and a single-use RelayState (valid 2 minutes), as `{ url }` with `skip_http_redirect: true` (auth-js) or a 303 to it. After the IdP, the browser lands on `redirect_to` (allow-listed, else the site URL) with `?code=` when `code_challenge` was given (`POST /auth/v1/token?grant_type=pkce`) or the session in the fragment. For an OpenID Connect provider (ADR 085) the URL is the issuer's authorization endpoint (code flow, PKCE S256, `nonce`, `state`, valid 10 minutes); the issuer returns to `/auth/v1/sso/oidc/callback`.
         */
        post: operations["postAuthV1Sso"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/sso/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenID Connect connection's redirect URI
         * @description An OpenID Connect enterprise connection's callback (ADR 085), the redirect URI a company registers at its provider: the issuer sends the browser back with `code` and `state`. The state (from `POST /auth/v1/sso`, valid 10 minutes) is taken once; the code is exchanged with the client secret and our PKCE verifier; the ID token must be signed by a key of the issuer's JWKS and name the issuer, our client id as audience, a future `exp` and the sign-in's nonce; userinfo of the same `sub` is read. The attribute mapping gives the name and, for a workspace's provider, the role; then the account is found, linked or made as at the SAML ACS, and the browser goes to `redirect_to` with `?code=` (PKCE) or the session in the fragment (302). Any refusal: 303 to the site URL with GoTrue's `error`, `error_code` (`bad_oauth_state`, `bad_oauth_callback`, `validation_failed`, `email_exists`, `user_banned`, …) and `error_description`; no account is written.
         */
        get: operations["getAuthV1SsoOidcCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/sso/saml/acs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The SAML assertion consumer service
         * @description GoTrue's `POST /sso/saml/acs` (ADR 079): the IdP posts `SAMLResponse` and `RelayState` (HTTP-POST binding). A RelayState from `POST /auth/v1/sso` is taken once (SP-initiated: InResponseTo must be its request); no RelayState or a URL one is an IdP-initiated sign-in (the provider found by the response's Issuer, the URL as `redirect_to`). The response must be signed (the response or the assertion) by the provider's registered certificate, name our entity ID as Audience and our ACS as Recipient and Destination, be within its NotBefore/NotOnOrAfter (60 s skew), and its assertion ID is used once on every instance. Then the account is found, linked (only for an address on one of the provider's domains) or made (`app_metadata.provider` `sso:<id>`), and the browser goes to `redirect_to` with `?code=` (PKCE) or the session in the fragment (302). Any refusal: 303 to the site URL with GoTrue's `error`, `error_code` (`validation_failed`, `saml_relay_state_not_found`, `saml_relay_state_expired`, `saml_idp_not_found`, `saml_assertion_no_email`, `email_exists`, …) and `error_description`; nothing is written.
         */
        post: operations["postAuthV1SsoSamlAcs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/sso/saml/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This service's SAML service-provider metadata
         * @description GoTrue's `GET /sso/saml/metadata` (ADR 079): what a company pastes into its identity provider. Its URL is our entity ID (the Audience an assertion must name); the assertion consumer service is `/auth/v1/sso/saml/acs` (HTTP-POST); NameID formats emailAddress and persistent.
         */
        get: operations["getAuthV1SsoSamlMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in, or refresh a session
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. `?grant_type=password` with `email` and `password`, or `?grant_type=refresh_token` with `refresh_token` (refresh tokens rotate: the old one stops working), `?grant_type=pkce` with `auth_code` and `code_verifier` after an upstream sign-in, or `?grant_type=id_token` (`signInWithIdToken`) with `provider` (`google` or `keycloak`, when enabled), `id_token` and the `nonce` whose SHA-256 the token carries: the token is verified against the issuer's discovered keys, `aud` must be the configured client id, and the account is found or made as after the callback. The body is JSON or, as GoTrue accepts, a form (`application/x-www-form-urlencoded`, where `grant_type` may also be a field). The access token is an ES256 JWT valid for 1 hour. Password attempts are rate limited per account and per address.
         */
        post: operations["postAuthV1Token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account of an access token
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set.
         */
        get: operations["getAuthV1User"];
        /**
         * Change the account: metadata, email, password
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. `data` is merged into `user_metadata` key by key (a `null` removes one), at most 2 KB serialized; `display_name` and `avatar_url` are strings of at most 2048 characters without control characters. `password` replaces the password and ends every other session of the account (this one stays), as GoTrue does. `email` changes the address at once without mail; with mail (`SMTP_URL`) the user shows it as `new_email` until the link mailed to it is followed. Every field is checked before any is applied. An account with a verified second factor changes its password or address only from a session that passed it (`aal2`), as GoTrue requires.
         */
        put: operations["putAuthV1User"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/user/identities/{identity_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unlink one of the signed-in account's identities
         * @description GoTrue's manual linking, for the signed-in account (its bearer). Only with `MANUAL_LINKING_ENABLED=true`; off, GoTrue's 404 `manual_linking_disabled` once the bearer is valid. Linking and unlinking each write an audit row (`identity.linked`, `identity.unlinked`) in the person's workspaces. auth-js `unlinkIdentity`. `app_metadata.providers` is updated; when the account's address was only that identity's, it takes another identity's verified address. Unlinking the `email` identity removes the password with it.
         */
        delete: operations["deleteAuthV1UserIdentitiesIdentityId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/user/identities/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Link an upstream identity to the signed-in account
         * @description GoTrue's manual linking, for the signed-in account (its bearer). Only with `MANUAL_LINKING_ENABLED=true`; off, GoTrue's 404 `manual_linking_disabled` once the bearer is valid. Linking and unlinking each write an audit row (`identity.linked`, `identity.unlinked`) in the person's workspaces. auth-js `linkIdentity` calls it with `skip_http_redirect=true` and gets `{ url }`; without it the answer is a 302 there. The provider sends the browser to `/auth/v1/callback`, which links the identity to this account (GoTrue's `identity_already_exists`, 422, when the provider's identity is linked already, to this account or another; nothing is written) and goes on to `redirect_to` as after a sign-in (`?code=` with PKCE, else the session in the fragment).
         */
        get: operations["getAuthV1UserIdentitiesAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/v1/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a mailed magic link
         * @description The link in the mail of `POST /auth/v1/otp`. Answers 303 to `redirect_to` (this service's origin only, BASE_URL otherwise) with GoTrue's fragment: `access_token`, `expires_at`, `expires_in`, `refresh_token`, `token_type`, `type` on success (auth-js reads it with `detectSessionInUrl`), `error`, `error_code`, `error_description` when the link is wrong, used or expired.
         */
        get: operations["getAuthV1Verify"];
        put?: never;
        /**
         * Sign in with a mailed code or link token
         * @description The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's `{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set. auth-js `verifyOtp`: `{ type: "email", email, token }` with the six-digit code, or `{ type: "magiclink", token_hash }` with the link's token. A session, as the token endpoint answers; the address counts as confirmed. A wrong, used or expired code is 403 `otp_expired`; tries count against the address as password attempts do.
         */
        post: operations["postAuthV1Verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Is the process alive
         * @description Liveness: 200 whenever the process serves HTTP, without touching the database. Restart the instance only when this fails.
         */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description The Prometheus text format: requests by method, declared route and status class (`http_request_duration_seconds`), proxy upstream latency and errors, the database pool, rate-limit refusals, open WebSockets, background job rounds, and the process's own. Served on this port only when `METRICS_TOKEN` is set, to `Authorization: Bearer <METRICS_TOKEN>`; otherwise it is 404 here, and `METRICS_PORT` serves it on 127.0.0.1 instead (README, Metrics).
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Should traffic come here
         * @description Readiness: 200 when the database answers, its schema holds exactly this version's migrations, and the instance is not draining. From SIGTERM on it answers 503 with `draining` while requests in flight finish (SHUTDOWN_GRACE_SECONDS).
         */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/schemas/vendo.schema.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The JSON Schema of vendo.yaml
         * @description The deploy manifest's schema, for editors and `svc validate`. Served as `application/schema+json`, cacheable for 5 minutes.
         */
        get: operations["getSchemasVendoSchemaJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sdk/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The browser SDK
         * @description `connect.js` (an ES module whose `connect(options)` opens the connection popup and resolves with the connection, or rejects with a `ConnectError`), its TypeScript declarations `connect.d.ts` (`application/typescript`), and `connect.<hash>.js`, the same bytes under a content-addressed name. Third-party pages import it from another origin, so every answer carries `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin`. `connect.js` is cached for an hour, then revalidated by its `ETag` (`If-None-Match` answers 304), and names its versioned URL in `X-SDK-Versioned-URL`; the versioned file is cached for a year.
         */
        get: operations["getSdkFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storage/v1/object/public/avatars/{objectPath}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A stored logo or avatar
         * @description With the `fs` storage driver, uploaded images are served here (with `s3` they live at `S3_PUBLIC_URL`). Every upload gets a new name, so answers are cacheable forever (`Cache-Control: public, max-age=31536000, immutable`). `objectPath` is `tenant/<workspace id>/<image id>.<ext>` or `user/<user id>/<image id>.<ext>`.
         */
        get: operations["getStorageV1ObjectPublicAvatarsObjectPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getWellKnownOauthAuthorizationServerAuthV1: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The authorization server's metadata. */
            200: {
                headers: {
                    /** @description `public, max-age=300` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorization_endpoint: string;
                        authorization_response_iss_parameter_supported: boolean;
                        client_id_metadata_document_supported: boolean;
                        code_challenge_methods_supported: string[];
                        device_authorization_endpoint: string;
                        grant_types_supported: string[];
                        id_token_signing_alg_values_supported: string[];
                        introspection_endpoint: string;
                        issuer: string;
                        jwks_uri: string;
                        registration_endpoint: string;
                        response_types_supported: string[];
                        revocation_endpoint: string;
                        scopes_supported: string[];
                        subject_types_supported: string[];
                        token_endpoint: string;
                        token_endpoint_auth_methods_supported: string[];
                        userinfo_endpoint: string;
                    };
                };
            };
            /** @description With a hosted identity provider (`IDENTITY_PROVIDER_URL`), whose own authorization server is `{auth_url}`: `not_found`, naming it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    getWellKnownSvcAssertionJwksJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A JSON Web Key Set. */
            200: {
                headers: {
                    /** @description `public, max-age=600` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: ({
                            kid: string;
                            kty: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
        };
    };
    getApiApps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The apps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apps: {
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            createdBy: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * @description `cli` is the CLI's own app
                             * @enum {string}
                             */
                            kind: "app" | "cli";
                            name: string;
                            /** Format: uuid */
                            tenantId: string;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiApps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description The new app. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        createdBy: string;
                        /** Format: uuid */
                        id: string;
                        /**
                         * @description `cli` is the CLI's own app
                         * @enum {string}
                         */
                        kind: "app" | "cli";
                        name: string;
                        /** Format: uuid */
                        tenantId: string;
                    };
                };
            };
            /** @description A name that is empty or too long, or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAppsAppId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        createdBy: string;
                        /** Format: uuid */
                        id: string;
                        /**
                         * @description `cli` is the CLI's own app
                         * @enum {string}
                         */
                        kind: "app" | "cli";
                        name: string;
                        /** Format: uuid */
                        tenantId: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiAppsAppId: {
        parameters: {
            query: {
                /** @description The app's name, exactly: the typed confirmation. */
                confirmName: string;
            };
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The confirmation is not the app's name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    patchApiAppsAppId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description The renamed app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        createdBy: string;
                        /** Format: uuid */
                        id: string;
                        /**
                         * @description `cli` is the CLI's own app
                         * @enum {string}
                         */
                        kind: "app" | "cli";
                        name: string;
                        /** Format: uuid */
                        tenantId: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAppsAppIdBindings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bindings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bindings: {
                            /** Format: uuid */
                            connectionId: string;
                            /** @description What the deployed tool is told of the account (no secrets) */
                            context: {
                                [key: string]: string;
                            };
                            createdAt: string;
                            displayName: string;
                            /** @description The connection's `svc_conn_…` id */
                            externalId: string;
                            /** @enum {string} */
                            profile: "first_party" | "broker_managed";
                            provider: string;
                            /**
                             * @description `active`; `needs_reauth` (connect the account again); `revoked` (gone at the provider); `error` (checks kept failing)
                             * @enum {string}
                             */
                            status: "active" | "needs_reauth" | "revoked" | "error";
                            /** Format: date-time */
                            statusChangedAt: string;
                            /** @description Why the connection left `active`, as the provider or the service put it; null when active */
                            statusReason: string | null;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAppsAppIdBindingsProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
                /** @description The catalog slug of the provider, e.g. `github`. */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The binding. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        connectionId: string;
                        /** @description What the deployed tool is told of the account (no secrets) */
                        context: {
                            [key: string]: string;
                        };
                        createdAt: string;
                        displayName: string;
                        /** @description The connection's `svc_conn_…` id */
                        externalId: string;
                        /** @enum {string} */
                        profile: "first_party" | "broker_managed";
                        provider: string;
                        /**
                         * @description `active`; `needs_reauth` (connect the account again); `revoked` (gone at the provider); `error` (checks kept failing)
                         * @enum {string}
                         */
                        status: "active" | "needs_reauth" | "revoked" | "error";
                        /** Format: date-time */
                        statusChangedAt: string;
                        /** @description Why the connection left `active`, as the provider or the service put it; null when active */
                        statusReason: string | null;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or nothing bound for this provider. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    putApiAppsAppIdBindingsProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
                /** @description The catalog slug of the provider, e.g. `github`. */
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A connection of the workspace for this provider (`GET /connections` lists them)
                     */
                    connectionId: string;
                };
            };
        };
        responses: {
            /** @description The binding. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        connectionId: string;
                        /** @description What the deployed tool is told of the account (no secrets) */
                        context: {
                            [key: string]: string;
                        };
                        createdAt: string;
                        displayName: string;
                        /** @description The connection's `svc_conn_…` id */
                        externalId: string;
                        /** @enum {string} */
                        profile: "first_party" | "broker_managed";
                        provider: string;
                        /**
                         * @description `active`; `needs_reauth` (connect the account again); `revoked` (gone at the provider); `error` (checks kept failing)
                         * @enum {string}
                         */
                        status: "active" | "needs_reauth" | "revoked" | "error";
                        /** Format: date-time */
                        statusChangedAt: string;
                        /** @description Why the connection left `active`, as the provider or the service put it; null when active */
                        statusReason: string | null;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No connection of this id and provider in your workspace, or no such app. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiAppsAppIdBindingsProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
                /** @description The catalog slug of the provider, e.g. `github`. */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unbound. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Nothing bound for this provider. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAppsAppIdEnv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The variables, by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        variables: {
                            key: string;
                            /**
                             * @description `integration` rows are written by a connection and cannot be set here
                             * @enum {string}
                             */
                            kind: "user" | "integration";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description `null` for viewers: they see names, never values */
                            value: string | null;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    putApiAppsAppIdEnvKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
                /** @description The variable's name: a letter or underscore, then letters, digits and underscores (at most 128). */
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    value: string;
                };
            };
        };
        responses: {
            /** @description Set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A name or value the rules refuse, or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiAppsAppIdEnvKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
                /** @description The variable's name: a letter or underscore, then letters, digits and underscores (at most 128). */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (or there was no such variable). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAppsAppIdOauthClients: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clients. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clients: {
                            /** Format: uuid */
                            appId: string;
                            /** @description `svc_oc_…`: the `client_id` the client sends. */
                            clientId: string;
                            /** Format: date-time */
                            createdAt: string;
                            logoUri: string | null;
                            name: string;
                            redirectUris: string[];
                            secretRotatedAt: string | null;
                            /**
                             * @description `client_secret_basic` (client_secret_post is accepted too) or `none`.
                             * @enum {string}
                             */
                            tokenEndpointAuthMethod: "client_secret_basic" | "none";
                            /** @enum {string} */
                            type: "confidential" | "public";
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiAppsAppIdOauthClients: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An https URL of the client's logo, shown on the consent page; empty or absent for none. */
                    logoUri?: string;
                    name: string;
                    redirectUris: string[];
                    /**
                     * @description `confidential`: a server that keeps a secret (client_secret_basic or client_secret_post); `public`: no secret, PKCE only.
                     * @enum {string}
                     */
                    type: "confidential" | "public";
                };
            };
        };
        responses: {
            /** @description The client, with its secret this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        appId: string;
                        /** @description `svc_oc_…`: the `client_id` the client sends. */
                        clientId: string;
                        /** @description `svc_ocs_…`: shown this once and never again (only its hash is stored); null for a public client. */
                        clientSecret: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        logoUri: string | null;
                        name: string;
                        redirectUris: string[];
                        secretRotatedAt: string | null;
                        /**
                         * @description `client_secret_basic` (client_secret_post is accepted too) or `none`.
                         * @enum {string}
                         */
                        tokenEndpointAuthMethod: "client_secret_basic" | "none";
                        /** @enum {string} */
                        type: "confidential" | "public";
                    };
                };
            };
            /** @description A field the rules refuse, or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page, a caller who is not the workspace owner, or an anonymous sign-in's account (`{ message: 'Create an account to register OAuth clients', code: 'ANONYMOUS_ACCOUNT' }`, ADR 062). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiAppsAppIdOauthClientsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
                /** @description The client's `client_id` (`svc_oc_…`). */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page, or a caller who is not the workspace owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No such client on this app, no app of this id in your workspace, or no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiAppsAppIdOauthClientsClientIdSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
                /** @description The client's `client_id` (`svc_oc_…`). */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client with its new secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        appId: string;
                        /** @description `svc_oc_…`: the `client_id` the client sends. */
                        clientId: string;
                        /** @description `svc_ocs_…`: shown this once and never again (only its hash is stored); null for a public client. */
                        clientSecret: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        logoUri: string | null;
                        name: string;
                        redirectUris: string[];
                        secretRotatedAt: string | null;
                        /**
                         * @description `client_secret_basic` (client_secret_post is accepted too) or `none`.
                         * @enum {string}
                         */
                        tokenEndpointAuthMethod: "client_secret_basic" | "none";
                        /** @enum {string} */
                        type: "confidential" | "public";
                    };
                };
            };
            /** @description A public client has no secret to rotate. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page, or a caller who is not the workspace owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No such client on this app, no app of this id in your workspace, or no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAppsAppIdOrigins: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The origins. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowedOrigins: string[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    putApiAppsAppIdOrigins: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The app's id. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Exact origins (`https://app.example.com`), at most 20 */
                    origins: string[];
                };
            };
        };
        responses: {
            /** @description The stored origins. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowedOrigins: string[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAuditLog: {
        parameters: {
            query?: {
                /** @description One action of the closed list */
                action?: "session.signed_in" | "session.sign_in_failed" | "session.signed_out" | "session.revoked" | "factor.enrolled" | "factor.removed" | "passkey.enrolled" | "passkey.removed" | "recovery_codes.used" | "recovery_codes.regenerated" | "profile.updated" | "identity.linked" | "identity.unlinked" | "key.minted" | "key.revoked" | "cli.login" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "workspace.created" | "workspace.renamed" | "workspace.url_changed" | "workspace.logo_changed" | "workspace.two_step_changed" | "workspace.sso_rule_changed" | "sso_provider.created" | "sso_provider.changed" | "sso_provider.removed" | "domain.claimed" | "domain.verified" | "domain.removed" | "app.created" | "app.deleted" | "variable.set" | "variable.deleted" | "origin.added" | "origin.removed" | "connection.created" | "connection.reconnected" | "connection.deleted" | "binding.changed" | "deployment.registered" | "deployment.changed" | "deployment.deleted" | "agent_token.issued" | "agent_token.revoked" | "oauth_grant.approved" | "oauth_grant.revoked" | "catalog.edited" | "webhook.secret_rotated" | "scim_token.created" | "scim_token.revoked" | "scim.user_provisioned" | "scim.user_updated" | "scim.user_suspended" | "scim.user_reactivated" | "scim.user_deprovisioned" | "scim.group_created" | "scim.group_updated" | "scim.group_deleted" | "scim.group_role_changed";
                /** @description An actor's id (person, key, OAuth client) or a person's email */
                actor?: string;
                /** @description The `nextCursor` of the previous page */
                cursor?: string;
                limit?: number;
                /** @description Rows at or after this time */
                since?: string;
                /** @description Rows before this time */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of rows and the cursor of the next (null on the last page). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            /** @description One action of the closed list */
                            action: string;
                            actor: {
                                email: string;
                                id: string;
                                /** @constant */
                                type: "person";
                            } | {
                                id: string;
                                name: string | null;
                                /** @constant */
                                type: "key";
                            } | {
                                id: string;
                                name: string | null;
                                /** @constant */
                                type: "oauth_client";
                            } | {
                                id: string;
                                name: string;
                                /** @constant */
                                type: "scim_token";
                            } | {
                                /** @constant */
                                type: "system";
                            };
                            address: string | null;
                            /** @description What changed: names and ids, never a secret, a token or a variable's value */
                            changes: {
                                [key: string]: unknown;
                            };
                            /** @description SHA-256 (hex) over prevHash and the row's canonical content */
                            hash: string;
                            /** @description The row's id */
                            id: string;
                            prevHash: string;
                            requestId: string | null;
                            /** @description The row's place in the workspace's chain, from 1 */
                            seq: number;
                            target: {
                                id: string;
                                type: string;
                            } | null;
                            /** Format: date-time */
                            time: string;
                            userAgent: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description An unknown action, a cursor or limit out of range, or a time that is not ISO 8601. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner; or the key is an app's key, not the owner's CLI key. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAuditLogExport: {
        parameters: {
            query: {
                /** @description One action of the closed list */
                action?: "session.signed_in" | "session.sign_in_failed" | "session.signed_out" | "session.revoked" | "factor.enrolled" | "factor.removed" | "passkey.enrolled" | "passkey.removed" | "recovery_codes.used" | "recovery_codes.regenerated" | "profile.updated" | "identity.linked" | "identity.unlinked" | "key.minted" | "key.revoked" | "cli.login" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "workspace.created" | "workspace.renamed" | "workspace.url_changed" | "workspace.logo_changed" | "workspace.two_step_changed" | "workspace.sso_rule_changed" | "sso_provider.created" | "sso_provider.changed" | "sso_provider.removed" | "domain.claimed" | "domain.verified" | "domain.removed" | "app.created" | "app.deleted" | "variable.set" | "variable.deleted" | "origin.added" | "origin.removed" | "connection.created" | "connection.reconnected" | "connection.deleted" | "binding.changed" | "deployment.registered" | "deployment.changed" | "deployment.deleted" | "agent_token.issued" | "agent_token.revoked" | "oauth_grant.approved" | "oauth_grant.revoked" | "catalog.edited" | "webhook.secret_rotated" | "scim_token.created" | "scim_token.revoked" | "scim.user_provisioned" | "scim.user_updated" | "scim.user_suspended" | "scim.user_reactivated" | "scim.user_deprovisioned" | "scim.group_created" | "scim.group_updated" | "scim.group_deleted" | "scim.group_role_changed";
                /** @description An actor's id (person, key, OAuth client) or a person's email */
                actor?: string;
                /** @description `csv` or `jsonl` */
                format: "csv" | "jsonl";
                /** @description Rows at or after this time */
                since?: string;
                /** @description Rows before this time */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    /** @description `attachment; filename="audit-log-<slug>.csv"` */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/jsonl; charset=utf-8": unknown;
                    "text/csv; charset=utf-8": unknown;
                };
            };
            /** @description No `format`, or a filter as `GET /api/audit-log` refuses it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner; or the key is an app's key, not the owner's CLI key. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAuditLogVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The result of the check. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        firstInvalid: {
                            /** @description The row found there (null: the chain's last rows are gone) */
                            id: string | null;
                            /** @enum {string} */
                            problem: "edited" | "removed" | "reordered";
                            /** @description The place in the chain where the break is */
                            seq: number;
                        } | null;
                        /** @description The hash of the workspace's last row (the genesis hash when there is none) */
                        headHash: string;
                        message: string;
                        rowsChecked: number;
                        valid: boolean;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner; or the key is an app's key, not the owner's CLI key. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiAuthMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session status. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string | null;
                        loggedIn: boolean;
                        userId: string | null;
                    };
                };
            };
        };
    };
    getApiBillingBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asOf: string;
                        balance: string;
                        balanceMicros: string;
                        /** @constant */
                        currency: "credits";
                        /** Format: uuid */
                        tenantId: string;
                    };
                };
            };
            /** @description No bearer, an identity token that fails verification (signature, expiry), or a key that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description An identity token of a person the workspace's "require single sign-on" rule binds (an email on a domain the workspace verified), from a session that did not sign in through one of the workspace's providers: `{ message, code: "SSO_REQUIRED" }`. Keys are not bound (docs/decisions/086). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The token's person belongs to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Too many unknown keys from this address in the window (`KEY_FAILURE_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiCliApps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The apps, the CLI's first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apps: {
                            current: boolean;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "app" | "cli";
                            name: string;
                            variables: number;
                        }[];
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key, or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description An app's own key (`Only a CLI key (svc login) reads the workspace's other apps`), or a viewer's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiCliBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asOf: string;
                        balance: string;
                        balanceMicros: string;
                        /** @constant */
                        currency: "credits";
                        /** Format: uuid */
                        tenantId: string;
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key, or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiCliEnv: {
        parameters: {
            query?: {
                /** @description An app's exact name; the key's own app when left out. */
                app?: string;
                /** @description `json` (default) or `dotenv`. */
                format?: "json" | "dotenv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The variables, decrypted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        appId: string;
                        appName: string;
                        env: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key, or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A CLI key whose person is a viewer, for any app, its own included (`Viewers cannot see variable values`: the dashboard shows a viewer names only); or `app` named another app with an app's own key (`Only a CLI key (svc login) reads the workspace's other apps`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of the workspace has that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Several apps share that name (`2 apps are named Billing: rename one in the dashboard, then try again`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiCliLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key, or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiCliWhoami: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who the key belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        appId: string;
                        appName: string;
                        email: string;
                        sshBrokerUrl: string;
                        /** Format: uuid */
                        tenantId: string;
                        tenantName: string;
                        tenantSlug: string;
                        /** Format: uuid */
                        userId: string;
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key, or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiConnectSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session token and when it expires. */
            201: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expires_at: string;
                        token: string;
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key, or a key that is unknown or revoked. An identity token (JWT) is refused too. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A CLI key (`svc login`) whose person is a viewer: a connect session makes a connection (`Viewers cannot manage connections`). An app's own key is the app acting and is never refused this way. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiConnectionsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection's `id` (a UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disconnected. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. A viewer of the workspace may not disconnect. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No connection of this id in your workspace (an id that is no UUID names none), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The broker could not delete a broker-managed connection: `{ message, error: 'broker_delete_failed', detail }`; the connection and its bindings are kept, try again. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    patchApiConnectionsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection's `id` (a UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The connection's new name, 1-100 characters */
                    displayName: string;
                };
            };
        };
        responses: {
            /** @description The renamed connection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        displayName: string;
                        /** @description The connection's `svc_conn_…` id */
                        externalId: string;
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        profile: "first_party" | "broker_managed";
                        provider: string;
                        /**
                         * @description `active`; `needs_reauth` (connect the account again); `revoked` (gone at the provider); `error` (checks kept failing)
                         * @enum {string}
                         */
                        status: "active" | "needs_reauth" | "revoked" | "error";
                        /** Format: date-time */
                        statusChangedAt: string;
                        /** @description Why the connection left `active`, as the provider or the service put it; null when active */
                        statusReason: string | null;
                    };
                };
            };
            /** @description `displayName` is missing, empty, over 100 characters or holds control characters, or the body is not a JSON object. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. A viewer of the workspace may not rename. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No connection of this id in your workspace (an id that is no UUID names none), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiDeployments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deployments: {
                            /** @enum {string} */
                            access: "members" | "public";
                            /** Format: uuid */
                            appId: string;
                            /** Format: date-time */
                            createdAt: string;
                            createdBy: string | null;
                            health: {
                                checkedAt: string | null;
                                detail: string | null;
                                /** @enum {string} */
                                status: "unknown" | "healthy" | "unhealthy";
                            };
                            /** Format: uuid */
                            id: string;
                            integrations: string[];
                            manifest: string | null;
                            name: string;
                            /** Format: date-time */
                            updatedAt: string;
                            upstreamUrl: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiDeployments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    access?: "members" | "public";
                    /**
                     * Format: uuid
                     * @description an existing app of the workspace; without it the deployment joins the workspace's app of its name (the oldest, if several), or gets a new one named after it
                     */
                    appId?: string;
                    /** @description the text of `vendo.yaml` (at most 64 KB), validated against `/schemas/vendo.schema.json`; its name must be the deployment's */
                    manifest?: string;
                    /** @description 2-40 lowercase letters, digits and single hyphens, no hyphen at either end; not `me` */
                    name: string;
                    /** @description http or https, no credentials or fragment; every address it resolves to must be allowed */
                    upstreamUrl: string;
                };
            };
        };
        responses: {
            /** @description The new deployment. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        access: "members" | "public";
                        /** Format: uuid */
                        appId: string;
                        /** Format: date-time */
                        createdAt: string;
                        createdBy: string | null;
                        health: {
                            checkedAt: string | null;
                            detail: string | null;
                            /** @enum {string} */
                            status: "unknown" | "healthy" | "unhealthy";
                        };
                        /** Format: uuid */
                        id: string;
                        integrations: string[];
                        manifest: string | null;
                        name: string;
                        /** Format: date-time */
                        updatedAt: string;
                        upstreamUrl: string;
                        url: string;
                    };
                };
            };
            /** @description A field is invalid, the upstream's address is not allowed, or the manifest is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A deployment of this name exists in the workspace. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiDeploymentsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        access: "members" | "public";
                        /** Format: uuid */
                        appId: string;
                        /** Format: date-time */
                        createdAt: string;
                        createdBy: string | null;
                        health: {
                            checkedAt: string | null;
                            detail: string | null;
                            /** @enum {string} */
                            status: "unknown" | "healthy" | "unhealthy";
                        };
                        /** Format: uuid */
                        id: string;
                        integrations: string[];
                        manifest: string | null;
                        name: string;
                        /** Format: date-time */
                        updatedAt: string;
                        upstreamUrl: string;
                        url: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No deployment of this name in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiDeploymentsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No deployment of this name in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    patchApiDeploymentsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    access?: "members" | "public";
                    /** Format: uuid */
                    appId?: string;
                    /** @description the text of `vendo.yaml`, or `null` to remove it */
                    manifest?: string | null;
                    upstreamUrl?: string;
                };
            };
        };
        responses: {
            /** @description The updated deployment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        access: "members" | "public";
                        /** Format: uuid */
                        appId: string;
                        /** Format: date-time */
                        createdAt: string;
                        createdBy: string | null;
                        health: {
                            checkedAt: string | null;
                            detail: string | null;
                            /** @enum {string} */
                            status: "unknown" | "healthy" | "unhealthy";
                        };
                        /** Format: uuid */
                        id: string;
                        integrations: string[];
                        manifest: string | null;
                        name: string;
                        /** Format: date-time */
                        updatedAt: string;
                        upstreamUrl: string;
                        url: string;
                    };
                };
            };
            /** @description A field is invalid or nothing would change. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No deployment of this name in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiDeploymentsNameAgentTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentTokens: {
                            /** Format: date-time */
                            createdAt: string;
                            createdBy: string;
                            /** Format: uuid */
                            id: string;
                            lastUsedAt: string | null;
                            prefix: string;
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. An identity token (JWT) is refused here too. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a viewer of the workspace. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No deployment of this name in your workspace (a name that cannot be decoded names none), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiDeploymentsNameAgentTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token, shown this once, with what the list will show of it. */
            201: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        createdBy: string;
                        /** Format: uuid */
                        id: string;
                        lastUsedAt: string | null;
                        prefix: string;
                        revokedAt: string | null;
                        token: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. An identity token (JWT) is refused here too. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. A viewer of the workspace may not issue tokens. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No deployment of this name in your workspace (a name that cannot be decoded names none), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiDeploymentsNameAgentTokensId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token's `id`, as listed. */
                id: string;
                /** @description The deployment's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. An identity token (JWT) is refused here too. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. A viewer of the workspace may not revoke tokens. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No deployment of this name in your workspace, no live token of this id for it (unknown, revoked already, or another deployment's), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiDeploymentsNameEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events (an empty list until a shell is opened). */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            actorEmail: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            data: {
                                [key: string]: unknown;
                            };
                            id: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. An identity token (JWT) is refused here too. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No deployment of this name in your workspace (a name that cannot be decoded names none), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiDeploymentsMeConnections: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bound connections (an empty list when none is bound). */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connections: {
                            /** Format: uuid */
                            connectionId: string;
                            context: {
                                [key: string]: string;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            displayName: string;
                            externalId: string;
                            /** @enum {string} */
                            profile: "first_party" | "broker_managed";
                            provider: string;
                            /**
                             * @description `active`; `needs_reauth` (connect the account again); `revoked` (gone at the provider); `error` (checks kept failing)
                             * @enum {string}
                             */
                            status: "active" | "needs_reauth" | "revoked" | "error";
                            /** Format: date-time */
                            statusChangedAt: string;
                            /** @description Why the connection left `active`, as the provider or the service put it; null when active */
                            statusReason: string | null;
                        }[];
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key, or a key that is unknown or revoked. An identity token (JWT) is refused too. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiDeploymentsMeEvents: {
        parameters: {
            query?: {
                /** @description A `nextCursor` of an earlier answer: only events after it. */
                after?: string;
                /** @description At most this many events (default 50). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events after the cursor and the cursor to pass next (the same `after` when there is nothing new, `null` for an empty log). */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            /** Format: date-time */
                            createdAt: string;
                            data: {
                                [key: string]: unknown;
                            };
                            id: string;
                            /**
                             * @description One of the workspace change log's closed list; the same event, with the same `id`, as a webhook's `webhook-id`
                             * @enum {string}
                             */
                            type: "connection.created" | "connection.bound" | "connection.unbound" | "connection.revoked" | "connection.deleted" | "connection.reconnected" | "connection.needs_reauth" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed";
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description `after` is not a cursor (a decimal id up to 2^63-1, given once) or `limit` is not an integer from 1 to 100 (given once). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key, or a key that is unknown or revoked. An identity token (JWT) is refused too. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiDevDeviceKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key (shown once) and what the CLI stores beside it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: string;
                        appCreated: boolean;
                        /** Format: uuid */
                        appId: string;
                        appName: string;
                        email: string;
                        /** Format: date-time */
                        issuedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No bearer, or a token that is not a live access token this server issued to the `svc-cli` client (another client's token, one already traded, an `svc_sk_` key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The person belongs to no workspace (`No workspace`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiDevPersonalKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key (shown once) and what the CLI stores beside it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: string;
                        appCreated: boolean;
                        /** Format: uuid */
                        appId: string;
                        appName: string;
                        email: string;
                        /** Format: date-time */
                        issuedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not sent as JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are not an administrator of the service. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiDevPersonalKeyRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the `svc_sk_` key exactly as `POST /api/dev/personal-key` answered it */
                    apiKey: string;
                };
            };
        };
        responses: {
            /** @description Revoked: the key is refused from now on. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not sent as JSON, not a JSON object, or `apiKey` missing, not a string or too long. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Not a live CLI key of yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiIntegrationsSlugLogo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's catalog slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image. */
            200: {
                headers: {
                    /** @description `public, max-age=3600` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": unknown;
                };
            };
            /** @description No enabled row of that slug, no logo, or a logo that could not be fetched or is not an image. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            /** Format: uuid */
                            appId: string;
                            appName: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            issuedBy: string;
                            lastUsedAt: string | null;
                            name: string | null;
                            prefix: string;
                            /**
                             * @description `cli` for a key `svc login` made
                             * @enum {string}
                             */
                            purpose: "app" | "cli";
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    appId: string;
                    /** @description What the key is for (at most 100 characters) */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The new key, shown once. */
            201: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: string;
                        /** Format: uuid */
                        appId: string;
                        /** Format: uuid */
                        id: string;
                        name: string | null;
                        prefix: string;
                    };
                };
            };
            /** @description A body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No app of this id in your workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiKeysKeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's `id`, as listed. */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No key of this id in your workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiOauthProviderAuthorize: {
        parameters: {
            query?: {
                /** @description The originating app's `svc_sk_` key or `svc_cs_` connect session, with `embed=1`. */
                app_key?: string;
                /** @description `1` when the SDK's popup opened the URL: the embed path (auto-binding to the app of `app_key`). */
                embed?: "1";
                /** @description `1` skips the embed-mode redirect to the connect wizard (the wizard's own Connect button sets it). */
                internal?: "1";
                /** @description Not in SPEC: with `embed=1` and `app_key`, a first-party start in a workspace that already has an account of this provider goes to the connect wizard `/connections/connect/{provider}` first, which offers that account or a new one (the SDK's `offerExisting`). Without it the first-party start always goes to the provider. */
                offer_existing?: "1";
                /** @description The exact origin of the SDK's opener window: one of the app's allowed origins (ours without `app_key`). */
                opener_origin?: string;
                /** @description Reconnect in place: the id of a connection of your workspace for this provider. The flow updates that connection (same id and `external_id`, bindings and variables kept, state back to `active`) instead of adding one, and the success message carries `reconnected: true`. Signing in to another provider account than the connection's is refused (`reconnect_account_mismatch`, 409) unless `switch_account=1`. */
                reconnect?: string;
                /** @description A same-origin path to go to after the popup closes. */
                returnTo?: string;
                /** @description The SDK's nonce: the final message can then be fetched once from `GET /api/oauth/result`. */
                sdk_nonce?: string;
                /** @description Opaque caller state, echoed in the popup's final message. */
                state?: string;
                /** @description With `reconnect`: the person confirmed that the connection may move to another account of the provider. */
                switch_account?: "1";
            };
            header?: never;
            path: {
                /** @description The provider's catalog slug (`supabase`, `github`, ...). */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's consent page (first-party, with the state cookies `svc_oauth_<nonce>` and `svc_oauth_pending`), or to the broker start route. */
            302: {
                headers: {
                    /** @description The provider's authorize URL, or `/api/oauth/broker/{provider}/start?…` */
                    Location?: string;
                    /** @description The two state cookies (first-party) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The query is refused before anything starts: `returnTo` is not a path on this service (or longer than 1024 characters), `state` is longer than 512 characters, `sdk_nonce` is not 16-128 URL-safe characters, or `opener_origin` is not an exact origin allowed for the app of `app_key` (without `app_key`: this service's own origin). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description No session (sign in first), or an `app_key` that is no live key or connect session of your workspace. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description You are a viewer of the workspace: viewers cannot manage connections. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description No such provider in the catalog (or one with neither a broker config nor the first-party flow), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description The service is not configured for this provider: `oauth_client_config_missing` (the catalog row lacks `authorize_url` or `token_url`), `encryption_key_unavailable` (no `INTEGRATION_ENCRYPTION_KEY`), or `<PROVIDER>_OAUTH_CLIENT_ID missing` (e.g. `SUPABASE_OAUTH_CLIENT_ID missing`). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
        };
    };
    getApiOauthProviderCallback: {
        parameters: {
            query?: {
                /** @description The authorization code. */
                code?: string;
                /** @description The provider's refusal (the user cancelled, a scope was refused): becomes the posted `code`. */
                error?: string;
                /** @description The provider's words for it: the posted `detail`. */
                error_description?: string;
                /** @description The nonce of the flow, as authorize sent it. */
                state?: string;
            };
            header?: never;
            path: {
                /** @description The provider's catalog slug (`supabase`, `github`, ...). */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page posting `svc:oauth:done` (or the project picker, when the provider has several projects). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `svc:oauth:error`: `provider_unknown`, `missing_params`, `oauth_state_invalid` (no valid state cookie for this nonce, expired, already used, or the user is no longer allowed to connect in that workspace), or the provider's own `?error=` code. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `reconnect_account_mismatch` (a reconnect signed in to another provider account than the connection's; start it again with `switch_account=1` to switch) or `account_already_connected` (a switch to an account another connection of the workspace holds). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `db_insert_failed` or `encryption_key_unavailable`: the connection could not be saved, or the service has no encryption key. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `oauth_exchange_failed`: the upstream call failed (its reason in `detail`). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `service_unavailable` (`Retry-After: 5`): the database was unreachable; nothing was consumed, so the same callback can complete once it is back. */
            503: {
                headers: {
                    /** @description `5` */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    postApiOauthProviderCallback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's catalog slug (`supabase`, `github`, ...). */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page posting `svc:oauth:done`, or the picker again for a choice not in the list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `svc:oauth:error`: `provider_unknown`, `missing_params` (no `state` or `choice`), or `oauth_state_invalid` (no valid state cookie, or no pending choice for this nonce). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description A form posted from another site's page (its `Origin` says so) is refused before anything is read (JSON, not a page). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description An HTML page posting `reconnect_account_mismatch` (a reconnect signed in to another provider account than the connection's; start it again with `switch_account=1` to switch) or `account_already_connected` (a switch to an account another connection of the workspace holds). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `db_insert_failed` or `encryption_key_unavailable`: the connection could not be saved, or the service has no encryption key. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `oauth_exchange_failed`: the upstream call failed (its reason in `detail`). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `service_unavailable` (`Retry-After: 5`): the database was unreachable; nothing was consumed, so the same callback can complete once it is back. */
            503: {
                headers: {
                    /** @description `5` */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    getApiOauthBrokerProviderCallback: {
        parameters: {
            query?: {
                /** @description The broker's connected account. */
                connected_account_id?: string;
                /** @description The nonce of the flow, as start sent it. */
                cstate?: string;
                /** @description The broker's or provider's refusal: becomes the posted `code`. */
                error?: string;
            };
            header?: never;
            path: {
                /** @description The provider's catalog slug (`supabase`, `github`, ...). */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page posting `svc:oauth:done`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `svc:oauth:error`: `provider_unknown`, `missing_cstate`, `oauth_state_invalid` (no matching state cookie, expired, used, or an account of another workspace or auth config), `missing_broker_account_id`, `broker_not_active`, or the broker's own `?error=` code. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `db_insert_failed` or `encryption_key_unavailable`: the connection could not be saved, or the service has no encryption key. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `broker_get_failed`: the upstream call failed (its reason in `detail`). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page posting `service_unavailable` (`Retry-After: 5`): the database was unreachable; nothing was consumed, so the same callback can complete once it is back. */
            503: {
                headers: {
                    /** @description `5` */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    getApiOauthBrokerProviderStart: {
        parameters: {
            query?: {
                /** @description The originating app's `svc_sk_` key or `svc_cs_` connect session, with `embed=1`. */
                app_key?: string;
                /** @description `1` when the SDK's popup opened the URL: the embed path (auto-binding to the app of `app_key`). */
                embed?: "1";
                /** @description `1` skips the embed-mode redirect to the connect wizard (the wizard's own Connect button sets it). */
                internal?: "1";
                /** @description The exact origin of the SDK's opener window: one of the app's allowed origins (ours without `app_key`). */
                opener_origin?: string;
                /** @description Reconnect in place: the id of a connection of your workspace for this provider. The flow updates that connection (same id and `external_id`, bindings and variables kept, state back to `active`) instead of adding one, and the success message carries `reconnected: true`. Signing in to another provider account than the connection's is refused (`reconnect_account_mismatch`, 409) unless `switch_account=1`. */
                reconnect?: string;
                /** @description A same-origin path to go to after the popup closes. */
                returnTo?: string;
                /** @description The SDK's nonce: the final message can then be fetched once from `GET /api/oauth/result`. */
                sdk_nonce?: string;
                /** @description Opaque caller state, echoed in the popup's final message. */
                state?: string;
                /** @description With `reconnect`: the person confirmed that the connection may move to another account of the provider. */
                switch_account?: "1";
            };
            header?: never;
            path: {
                /** @description The provider's catalog slug (`supabase`, `github`, ...). */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the broker's hosted consent page (with the state cookies), or in embed mode to the connect wizard. */
            302: {
                headers: {
                    /** @description The broker's consent URL, or `/connections/connect/{provider}?…` */
                    Location?: string;
                    /** @description The two state cookies (to the broker only) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The query is refused before anything starts: `returnTo` is not a path on this service (or longer than 1024 characters), `state` is longer than 512 characters, `sdk_nonce` is not 16-128 URL-safe characters, or `opener_origin` is not an exact origin allowed for the app of `app_key` (without `app_key`: this service's own origin). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description No session (sign in first), or an `app_key` that is no live key or connect session of your workspace. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description You are a viewer of the workspace: viewers cannot manage connections. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description No broker provider of this slug in the catalog (a first-party provider included), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `broker_auth_config_missing` (the catalog row's broker config has no `auth_config_id`) or `encryption_key_unavailable` (no `INTEGRATION_ENCRYPTION_KEY`). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `broker_initiate_failed` with the reason in `detail` (the broker is unreachable, refused, or `BROKER_API_KEY` is unset), or `broker_no_redirect_url` (the broker answered without a consent URL). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
        };
    };
    getApiOauthResult: {
        parameters: {
            query: {
                /** @description The nonce the SDK passed to authorize. */
                sdk_nonce: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message the popup posted (`svc:oauth:done` or `svc:oauth:error`), once; otherwise `{ status: 'pending' }` (the flow has not finished, the result was taken already, or it expired). */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ({
                        /** Format: uuid */
                        connection_id: string;
                        display_name: string;
                        external_id: string;
                        provider: string;
                        /**
                         * @description Present when the flow updated an existing connection in place: a reconnect, or the same account connected again
                         * @constant
                         */
                        reconnected?: true;
                        return_url: string | null;
                        state: string | null;
                        /** @constant */
                        type: "svc:oauth:done";
                    } | {
                        code: string;
                        detail: string;
                        state: string | null;
                        /** @constant */
                        type: "svc:oauth:error";
                    }) | {
                        /** @constant */
                        status: "pending";
                    };
                };
            };
            /** @description No `sdk_nonce`, or not 16-128 URL-safe characters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
        };
    };
    getApiOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        info: {
                            title: string;
                        } & {
                            [key: string]: unknown;
                        };
                        openapi: string;
                        paths: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getApiProxyProviderPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider API path, as many segments as needed, still percent-encoded; dot segments and encoded slashes are refused. */
                path: string;
                /** @description The provider's catalog slug. */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider's answer, whatever its status (a 4xx of the provider is passed through as is). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_path`: the path starts with `//`, or has a dot segment, an encoded slash or backslash, a NUL, or malformed percent-encoding. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key (an identity token included), or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description `connection_not_found`: the key's app has no connection bound for this provider (or the slug is not one). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `connection_needs_reauth`: the bound connection's state is `needs_reauth` (the provider refused its credential); the provider is not called. A member reconnects it (the dashboard's Reconnect, or the SDK's `connect({ reconnect: connection_id })`), which keeps its id and bindings. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        connection_id: string;
                        /** @constant */
                        error: "connection_needs_reauth";
                    };
                };
            };
            /** @description `payload_too_large`: a broker-managed call's body is over 4 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `oauth_client_config_missing` (the catalog row has no usable `api_base_url`, `token_url`, or the client id is unset) or `encryption_key_unavailable`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_unreachable` (the provider could not be reached), `token_refresh_failed` (connect the account again) or `broker_proxy_failed`, with `detail`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_timeout`: the provider sent no answer within 60 seconds. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
        };
    };
    putApiProxyProviderPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider API path, as many segments as needed, still percent-encoded; dot segments and encoded slashes are refused. */
                path: string;
                /** @description The provider's catalog slug. */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider's answer, whatever its status (a 4xx of the provider is passed through as is). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_path`: the path starts with `//`, or has a dot segment, an encoded slash or backslash, a NUL, or malformed percent-encoding. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key (an identity token included), or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description `connection_not_found`: the key's app has no connection bound for this provider (or the slug is not one). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `connection_needs_reauth`: the bound connection's state is `needs_reauth` (the provider refused its credential); the provider is not called. A member reconnects it (the dashboard's Reconnect, or the SDK's `connect({ reconnect: connection_id })`), which keeps its id and bindings. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        connection_id: string;
                        /** @constant */
                        error: "connection_needs_reauth";
                    };
                };
            };
            /** @description `payload_too_large`: a broker-managed call's body is over 4 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `oauth_client_config_missing` (the catalog row has no usable `api_base_url`, `token_url`, or the client id is unset) or `encryption_key_unavailable`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_unreachable` (the provider could not be reached), `token_refresh_failed` (connect the account again) or `broker_proxy_failed`, with `detail`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_timeout`: the provider sent no answer within 60 seconds. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
        };
    };
    postApiProxyProviderPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider API path, as many segments as needed, still percent-encoded; dot segments and encoded slashes are refused. */
                path: string;
                /** @description The provider's catalog slug. */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider's answer, whatever its status (a 4xx of the provider is passed through as is). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_path`: the path starts with `//`, or has a dot segment, an encoded slash or backslash, a NUL, or malformed percent-encoding. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key (an identity token included), or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description `connection_not_found`: the key's app has no connection bound for this provider (or the slug is not one). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `connection_needs_reauth`: the bound connection's state is `needs_reauth` (the provider refused its credential); the provider is not called. A member reconnects it (the dashboard's Reconnect, or the SDK's `connect({ reconnect: connection_id })`), which keeps its id and bindings. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        connection_id: string;
                        /** @constant */
                        error: "connection_needs_reauth";
                    };
                };
            };
            /** @description `payload_too_large`: a broker-managed call's body is over 4 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `oauth_client_config_missing` (the catalog row has no usable `api_base_url`, `token_url`, or the client id is unset) or `encryption_key_unavailable`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_unreachable` (the provider could not be reached), `token_refresh_failed` (connect the account again) or `broker_proxy_failed`, with `detail`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_timeout`: the provider sent no answer within 60 seconds. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
        };
    };
    deleteApiProxyProviderPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider API path, as many segments as needed, still percent-encoded; dot segments and encoded slashes are refused. */
                path: string;
                /** @description The provider's catalog slug. */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider's answer, whatever its status (a 4xx of the provider is passed through as is). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_path`: the path starts with `//`, or has a dot segment, an encoded slash or backslash, a NUL, or malformed percent-encoding. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key (an identity token included), or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description `connection_not_found`: the key's app has no connection bound for this provider (or the slug is not one). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `connection_needs_reauth`: the bound connection's state is `needs_reauth` (the provider refused its credential); the provider is not called. A member reconnects it (the dashboard's Reconnect, or the SDK's `connect({ reconnect: connection_id })`), which keeps its id and bindings. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        connection_id: string;
                        /** @constant */
                        error: "connection_needs_reauth";
                    };
                };
            };
            /** @description `payload_too_large`: a broker-managed call's body is over 4 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `oauth_client_config_missing` (the catalog row has no usable `api_base_url`, `token_url`, or the client id is unset) or `encryption_key_unavailable`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_unreachable` (the provider could not be reached), `token_refresh_failed` (connect the account again) or `broker_proxy_failed`, with `detail`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_timeout`: the provider sent no answer within 60 seconds. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
        };
    };
    patchApiProxyProviderPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider API path, as many segments as needed, still percent-encoded; dot segments and encoded slashes are refused. */
                path: string;
                /** @description The provider's catalog slug. */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider's answer, whatever its status (a 4xx of the provider is passed through as is). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_path`: the path starts with `//`, or has a dot segment, an encoded slash or backslash, a NUL, or malformed percent-encoding. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key (an identity token included), or a key that is unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description `connection_not_found`: the key's app has no connection bound for this provider (or the slug is not one). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `connection_needs_reauth`: the bound connection's state is `needs_reauth` (the provider refused its credential); the provider is not called. A member reconnects it (the dashboard's Reconnect, or the SDK's `connect({ reconnect: connection_id })`), which keeps its id and bindings. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        connection_id: string;
                        /** @constant */
                        error: "connection_needs_reauth";
                    };
                };
            };
            /** @description `payload_too_large`: a broker-managed call's body is over 4 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `oauth_client_config_missing` (the catalog row has no usable `api_base_url`, `token_url`, or the client id is unset) or `encryption_key_unavailable`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_unreachable` (the provider could not be reached), `token_refresh_failed` (connect the account again) or `broker_proxy_failed`, with `detail`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
            /** @description `upstream_timeout`: the provider sent no answer within 60 seconds. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: string;
                        error: string;
                    };
                };
            };
        };
    };
    postApiTenants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    isPersonal?: boolean;
                    /** @description trimmed; no control characters */
                    name: string;
                    /** @description 2-20 characters: lowercase letters, digits and single hyphens, no hyphen at either end, not a reserved word; trimmed and lowercased first */
                    slug: string;
                };
            };
        };
        responses: {
            /** @description The new workspace. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        isPersonal: boolean;
                        logoUrl: string | null;
                        name: string;
                        /** Format: uuid */
                        ownerId: string;
                        referralCode: string;
                        slug: string;
                        slugChosen: boolean;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description The name or slug is invalid, or the slug is reserved. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page, or an anonymous sign-in's account (`ANONYMOUS_SIGN_IN`): `{ message: 'Create an account to create a workspace', code: 'ANONYMOUS_ACCOUNT' }`, beside SPEC's table (ADR 062). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You already own a workspace, or another workspace has this slug. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The body is over 64 KB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Too many workspace creations by this person in the window; `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsCheckSlug: {
        parameters: {
            query?: {
                slug?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the slug is free; `code: SLUG_TAKEN` when another workspace has it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: boolean;
                        /** @enum {string} */
                        code?: "SLUG_TAKEN" | "INVALID_SLUG" | "SLUG_RESERVED";
                        error?: string;
                    };
                };
            };
            /** @description The slug fails the format, or is reserved. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: boolean;
                        /** @enum {string} */
                        code?: "SLUG_TAKEN" | "INVALID_SLUG" | "SLUG_RESERVED";
                        error?: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace row. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        isPersonal: boolean;
                        logoUrl: string | null;
                        name: string;
                        /** Format: uuid */
                        ownerId: string;
                        referralCode: string;
                        slug: string;
                        slugChosen: boolean;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You own no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    patchApiTenantsMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `true` removes the logo */
                    clearLogo?: boolean;
                    /** @description trimmed; no control characters */
                    name?: string;
                    /** @description 2-20 characters: lowercase letters, digits and single hyphens, no hyphen at either end, not a reserved word; trimmed and lowercased first; only while not yet chosen */
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description The updated workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        isPersonal: boolean;
                        logoUrl: string | null;
                        name: string;
                        /** Format: uuid */
                        ownerId: string;
                        referralCode: string;
                        slug: string;
                        slugChosen: boolean;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description A field is invalid, nothing would change, or the URL was already chosen. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You own no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Another workspace has this slug. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeDomains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claims. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domains: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Lower-case, IDNA names as punycode */
                            domain: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Where the TXT record goes: `_svc-verification.<domain>` */
                            txtRecordName: string;
                            /** @description What the TXT record holds, exactly */
                            txtRecordValue: string;
                            verifiedAt: string | null;
                            /** @description `dns`: the record was found; `admin`: the service administrator marked it */
                            verifiedBy: ("dns" | "admin") | null;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiTenantsMeDomains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    domain: string;
                };
            };
        };
        responses: {
            /** @description The claim, unverified, with the record to publish. */
            201: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Lower-case, IDNA names as punycode */
                        domain: string;
                        /** Format: uuid */
                        id: string;
                        /** @description Where the TXT record goes: `_svc-verification.<domain>` */
                        txtRecordName: string;
                        /** @description What the TXT record holds, exactly */
                        txtRecordValue: string;
                        verifiedAt: string | null;
                        /** @description `dns`: the record was found; `admin`: the service administrator marked it */
                        verifiedBy: ("dns" | "admin") | null;
                    };
                };
            };
            /** @description A domain refused before anything is written: not a domain name, an IP address, a single label (a top-level domain alone, such as `com`), control characters or spaces, more than 253 characters; or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The workspace has already claimed this domain: `DOMAIN_ALREADY_CLAIMED`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiTenantsMeDomainsDomainId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The claim's `id`, as listed. */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No claim of this id in your workspace (another workspace's claims included), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiTenantsMeDomainsDomainIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The claim's `id`, as listed. */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim, verified. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Lower-case, IDNA names as punycode */
                        domain: string;
                        /** Format: uuid */
                        id: string;
                        /** @description Where the TXT record goes: `_svc-verification.<domain>` */
                        txtRecordName: string;
                        /** @description What the TXT record holds, exactly */
                        txtRecordValue: string;
                        verifiedAt: string | null;
                        /** @description `dns`: the record was found; `admin`: the service administrator marked it */
                        verifiedBy: ("dns" | "admin") | null;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No claim of this id in your workspace (another workspace's claims included), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Another workspace holds this domain verified (`DOMAIN_VERIFIED_ELSEWHERE`): it must remove it first. Nothing is changed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The record is absent or holds other values (`DOMAIN_RECORD_MISSING`): the message says what was expected and what was found, and the body carries both (`expected: { name, value }`, `found: [...]`). Nothing is changed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The DNS resolvers did not answer in time (`DNS_LOOKUP_FAILED`). Nothing is changed; try again. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiTenantsMeInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description trimmed and lowercased; the invitation works only for the account with this email */
                    email: string;
                    /** @enum {string} */
                    role: "member" | "viewer";
                };
            };
        };
        responses: {
            /** @description The invitation and its link (shown once). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expiresAt: string;
                        /** Format: uuid */
                        id: string;
                        url: string;
                    };
                };
            };
            /** @description The email or role is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The person is already a member. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiTenantsMeInvitationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No pending invitation with this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    putApiTenantsMeLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The image, at most 2 MB. */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The new logo's public URL and the updated workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        logoUrl: string;
                        tenant: {
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            isPersonal: boolean;
                            logoUrl: string | null;
                            name: string;
                            /** Format: uuid */
                            ownerId: string;
                            referralCode: string;
                            slug: string;
                            slugChosen: boolean;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description No `file` part, a file over 2 MB, or bytes that are not a JPEG, PNG, WebP or GIF (the declared type is ignored). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You own no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiTenantsMeLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The image, at most 2 MB. */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The new logo's public URL and the updated workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        logoUrl: string;
                        tenant: {
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            isPersonal: boolean;
                            logoUrl: string | null;
                            name: string;
                            /** Format: uuid */
                            ownerId: string;
                            referralCode: string;
                            slug: string;
                            slugChosen: boolean;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description No `file` part, a file over 2 MB, or bytes that are not a JPEG, PNG, WebP or GIF (the declared type is ignored). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You own no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Members and pending invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitations: {
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            role: "member" | "viewer";
                        }[];
                        members: {
                            displayName: string;
                            email: string;
                            /** Format: date-time */
                            joinedAt: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "viewer";
                            /** Format: uuid */
                            userId: string;
                        }[];
                        /** @enum {string} */
                        role: "owner" | "member" | "viewer";
                        /** Format: uuid */
                        tenantId: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiTenantsMeMembersUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The member's user id (UUID). */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No such member in your workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The owner cannot be removed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    patchApiTenantsMeMembersUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The member's user id (UUID). */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "member" | "viewer";
                };
            };
        };
        responses: {
            /** @description The member with the new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "owner" | "member" | "viewer";
                        /** Format: uuid */
                        userId: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The role is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No such member in your workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The owner cannot be demoted. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeScimGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        groups: {
                            displayName: string;
                            id: string;
                            members: number;
                            role: ("member" | "viewer") | null;
                        }[];
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    putApiTenantsMeScimGroupsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The group's SCIM `id` (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: ("member" | "viewer") | null;
                };
            };
        };
        responses: {
            /** @description The group with its role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        displayName: string;
                        id: string;
                        role: ("member" | "viewer") | null;
                    };
                };
            };
            /** @description The role is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No such group in your workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeScimTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tokens: {
                            createdAt: string;
                            id: string;
                            /** @description Within a minute; null when never used */
                            lastUsedAt: string | null;
                            /** @description The token's first characters, to tell tokens apart */
                            prefix: string;
                        }[];
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiTenantsMeScimTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token (shown once). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 */
                        createdAt: string;
                        /** @description The token's id */
                        id: string;
                        /** @description `svc_scim_…`: shown once, only its hash is kept */
                        token: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiTenantsMeScimTokensId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token's id (UUID), as listed. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No live SCIM token with this id in your workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeSsoProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The providers. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            clientId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @enum {string} */
                            defaultRole: "member" | "viewer";
                            disabled: boolean;
                            displayNameAttribute: string | null;
                            domains: string[];
                            /** @description SAML: the identity provider's entity ID, from its metadata. */
                            entityId: string | null;
                            groupRoles: {
                                [key: string]: "member" | "viewer";
                            };
                            groupsAttribute: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description OpenID: the issuer. */
                            issuer: string | null;
                            metadataUrl: string | null;
                            /** @enum {string} */
                            type: "saml" | "oidc";
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiTenantsMeSsoProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description OpenID: the client id the identity provider gave this service. */
                    clientId?: string;
                    /** @description OpenID: the client secret; stored sealed, never answered. */
                    clientSecret?: string;
                    /** @description The role of a person none of whose groups is mapped (`member` unless set). */
                    defaultRole?: string;
                    /** @description The SAML attribute or OpenID claim holding the person's display name; empty: none. */
                    displayNameAttribute?: string | null;
                    /** @description Email domains whose people sign in through this provider: each must be a domain the workspace has verified. */
                    domains?: string[];
                    /** @description A group's role in the workspace (`member` or `viewer`; never `owner`). The highest mapped role of the person's groups wins. */
                    groupRoles?: {
                        [key: string]: string;
                    };
                    /** @description The SAML attribute or OpenID claim listing the person's groups; empty: none. */
                    groupsAttribute?: string | null;
                    /** @description OpenID: the issuer URL (https), whose discovery document names the endpoints. */
                    issuer?: string;
                    /** @description SAML: an https URL the metadata is fetched from. */
                    metadataUrl?: string;
                    /** @description SAML: the identity provider's metadata XML (uploaded); or `metadataUrl`. */
                    metadataXml?: string;
                    /** @enum {string} */
                    type: "saml" | "oidc";
                };
            };
        };
        responses: {
            /** @description The provider. */
            201: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @enum {string} */
                        defaultRole: "member" | "viewer";
                        disabled: boolean;
                        displayNameAttribute: string | null;
                        domains: string[];
                        /** @description SAML: the identity provider's entity ID, from its metadata. */
                        entityId: string | null;
                        groupRoles: {
                            [key: string]: "member" | "viewer";
                        };
                        groupsAttribute: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description OpenID: the issuer. */
                        issuer: string | null;
                        metadataUrl: string | null;
                        /** @enum {string} */
                        type: "saml" | "oidc";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Refused before anything is written: SAML metadata that is not SAML or has no `IDPSSODescriptor`, both or neither of `metadataXml` and `metadataUrl`, an OpenID issuer that is not https, a missing client id or secret, a domain the workspace has not verified (`SSO_DOMAIN_NOT_VERIFIED`), a domain another provider has, a mapping to `owner`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description SAML metadata whose entity ID another provider has: nothing is written. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeSsoProvidersProviderId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's `id`, as listed. */
                providerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @enum {string} */
                        defaultRole: "member" | "viewer";
                        disabled: boolean;
                        displayNameAttribute: string | null;
                        domains: string[];
                        /** @description SAML: the identity provider's entity ID, from its metadata. */
                        entityId: string | null;
                        groupRoles: {
                            [key: string]: "member" | "viewer";
                        };
                        groupsAttribute: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description OpenID: the issuer. */
                        issuer: string | null;
                        metadataUrl: string | null;
                        /** @enum {string} */
                        type: "saml" | "oidc";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No provider of this id in your workspace (another workspace's included), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiTenantsMeSsoProvidersProviderId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's `id`, as listed. */
                providerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No provider of this id in your workspace (another workspace's included), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    patchApiTenantsMeSsoProvidersProviderId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's `id`, as listed. */
                providerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description OpenID: the client secret; stored sealed, never answered. */
                    clientSecret?: string;
                    /** @description The role of a person none of whose groups is mapped (`member` unless set). */
                    defaultRole?: string;
                    /** @description `true`: sign-ins through it are refused. */
                    disabled?: boolean;
                    /** @description The SAML attribute or OpenID claim holding the person's display name; empty: none. */
                    displayNameAttribute?: string | null;
                    /** @description Email domains whose people sign in through this provider: each must be a domain the workspace has verified. */
                    domains?: string[];
                    /** @description A group's role in the workspace (`member` or `viewer`; never `owner`). The highest mapped role of the person's groups wins. */
                    groupRoles?: {
                        [key: string]: string;
                    };
                    /** @description The SAML attribute or OpenID claim listing the person's groups; empty: none. */
                    groupsAttribute?: string | null;
                    /** @description SAML: an https URL the metadata is fetched from. */
                    metadataUrl?: string;
                    /** @description SAML: the identity provider's metadata XML (uploaded); or `metadataUrl`. */
                    metadataXml?: string;
                };
            };
        };
        responses: {
            /** @description The provider. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @enum {string} */
                        defaultRole: "member" | "viewer";
                        disabled: boolean;
                        displayNameAttribute: string | null;
                        domains: string[];
                        /** @description SAML: the identity provider's entity ID, from its metadata. */
                        entityId: string | null;
                        groupRoles: {
                            [key: string]: "member" | "viewer";
                        };
                        groupsAttribute: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description OpenID: the issuer. */
                        issuer: string | null;
                        metadataUrl: string | null;
                        /** @enum {string} */
                        type: "saml" | "oidc";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description As on create; nothing is written. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No provider of this id in your workspace (another workspace's included), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeSsoProvidersProviderIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's `id`, as listed. */
                providerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        report: {
                            /** Format: date-time */
                            at: string;
                            attributes: {
                                [key: string]: unknown;
                            };
                            email: string | null;
                            error: string | null;
                            /** @description The display name a real sign-in would set. */
                            mappedName?: string | null;
                            /**
                             * @description The role a real sign-in would give a new member (an owner's role is never mapped).
                             * @enum {string}
                             */
                            mappedRole?: "member" | "viewer";
                            ok: boolean;
                            subject: string | null;
                        } | null;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No provider of this id in your workspace (another workspace's included), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiTenantsMeSsoProvidersProviderIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's `id`, as listed. */
                providerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to send the browser. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Open it in the browser: the identity provider's sign-in, in test mode. */
                        url: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No provider of this id in your workspace (another workspace's included), or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A disabled provider (`SSO_TEST_UNAVAILABLE`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeSsoRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description People on the workspace's verified domains must sign in through its single sign-on (owners exempt, ADR 086). */
                        required: boolean;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    putApiTenantsMeSsoRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    required: boolean;
                };
            };
        };
        responses: {
            /** @description The rule. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description People on the workspace's verified domains must sign in through its single sign-on (owners exempt, ADR 086). */
                        required: boolean;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No provider or no verified domain yet: `SSO_RULE_NOT_READY`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeSsoServiceProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The URLs. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description SAML: the assertion consumer service URL (HTTP-POST). */
                        acsUrl: string;
                        /** @description SAML: our entity ID (also the metadata URL). */
                        entityId: string;
                        /** @description SAML: our service-provider metadata. */
                        metadataUrl: string;
                        /** @description OpenID: the redirect URI to register. */
                        oidcRedirectUri: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTenantsMeTwoStepRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether sessions need two-step sign-in to open the workspace. */
                        required: boolean;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Only the owner reads and sets the rule. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    putApiTenantsMeTwoStepRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `true` or `false`; nothing else is accepted */
                    required: boolean;
                };
            };
        };
        responses: {
            /** @description The rule as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether sessions need two-step sign-in to open the workspace. */
                        required: boolean;
                    };
                };
            };
            /** @description Not `{ required: boolean }`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Only the owner sets the rule. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Your own session has not passed two-step sign-in. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiTrpcProcedure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One procedure name, or several separated by commas (a batch). */
                procedure: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description tRPC's result envelope. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            data: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A procedure that is not on the allow-list. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiTrpcProcedure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One procedure name, or several separated by commas (a batch). */
                procedure: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description tRPC's result envelope. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            data: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Sent from another site's page. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A procedure that is not on the allow-list. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiUserAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The image, at most 2 MB. */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The avatar's public URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatarUrl: string;
                    };
                };
            };
            /** @description No `file` part, a file over 2 MB, or not an image. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiUserMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatarUrl: string;
                        displayName: string;
                        email: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    patchApiUserMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `true` removes the avatar */
                    clearAvatar?: boolean;
                    /** @description trimmed; no control characters */
                    displayName?: string;
                };
            };
        };
        responses: {
            /** @description The updated profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatarUrl: string;
                        displayName: string;
                        email: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description A field is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiUserSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: {
                            /** @description The address the session signed in from; null when unknown. */
                            address: string | null;
                            /** @description Browser and major version read from the user agent, e.g. "Firefox 133"; "Unknown browser" when unreadable. */
                            browser: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The session of this request. */
                            current: boolean;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: date-time
                             * @description Written at most once a minute.
                             */
                            lastActiveAt: string;
                            /** @description Operating system, e.g. "macOS Catalina"; "Unknown system" when unreadable. */
                            system: string;
                        }[];
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiUserSessions: {
        parameters: {
            query: {
                /** @description `others`: every session but this one. */
                scope: "others";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many sessions ended. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many other sessions ended. */
                        signedOut: number;
                    };
                };
            };
            /** @description No `scope=others`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiUserSessionsSessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session's `id`, as listed. */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session: sign in first. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No live session of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiV1Balance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asOf: string;
                        balance: string;
                        balanceMicros: string;
                        /** @constant */
                        currency: "credits";
                        /** Format: uuid */
                        tenantId: string;
                    };
                };
            };
            /** @description No bearer, an identity token that fails verification (signature, expiry), or a key that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description An identity token of a person the workspace's "require single sign-on" rule binds (an email on a domain the workspace verified), from a session that did not sign in through one of the workspace's providers: `{ message, code: "SSO_REQUIRED" }`. Keys are not bound (docs/decisions/086). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description The token's person belongs to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description Too many unknown keys from this address in the window (`KEY_FAILURE_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoints: {
                            /** Format: date-time */
                            createdAt: string;
                            description: string;
                            disabledAt: string | null;
                            /** @description Why the service disabled it (a 410 answer, 5 days of failures), or that a person did */
                            disabledReason: string | null;
                            enabled: boolean;
                            /** @description Empty: every event */
                            eventTypes: ("connection.created" | "connection.reconnected" | "connection.needs_reauth" | "connection.revoked" | "connection.deleted" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed")[];
                            /** Format: uuid */
                            id: string;
                            /** @description After a rotation: until when the replaced secret still signs beside the new one; null when only one signs */
                            previousSecretExpiresAt: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    eventTypes?: ("connection.created" | "connection.reconnected" | "connection.needs_reauth" | "connection.revoked" | "connection.deleted" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed")[];
                    url: string;
                };
            };
        };
        responses: {
            /** @description The new endpoint, with its secret shown once. */
            201: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        description: string;
                        disabledAt: string | null;
                        /** @description Why the service disabled it (a 410 answer, 5 days of failures), or that a person did */
                        disabledReason: string | null;
                        enabled: boolean;
                        /** @description Empty: every event */
                        eventTypes: ("connection.created" | "connection.reconnected" | "connection.needs_reauth" | "connection.revoked" | "connection.deleted" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed")[];
                        /** Format: uuid */
                        id: string;
                        /** @description After a rotation: until when the replaced secret still signs beside the new one; null when only one signs */
                        previousSecretExpiresAt: string | null;
                        /** @description `whsec_…`: the signing secret, shown this once */
                        secret: string;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description A URL that is not http(s), resolves to a refused address (link-local, metadata; loopback and private ones only where the app-proxy may reach them), a description with control characters, an unknown event type, or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiWebhooksEndpointId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's `id`, as listed. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        description: string;
                        disabledAt: string | null;
                        /** @description Why the service disabled it (a 410 answer, 5 days of failures), or that a person did */
                        disabledReason: string | null;
                        enabled: boolean;
                        /** @description Empty: every event */
                        eventTypes: ("connection.created" | "connection.reconnected" | "connection.needs_reauth" | "connection.revoked" | "connection.deleted" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed")[];
                        /** Format: uuid */
                        id: string;
                        /** @description After a rotation: until when the replaced secret still signs beside the new one; null when only one signs */
                        previousSecretExpiresAt: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No endpoint of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteApiWebhooksEndpointId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's `id`, as listed. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No endpoint of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    patchApiWebhooksEndpointId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's `id`, as listed. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    enabled?: boolean;
                    eventTypes?: ("connection.created" | "connection.reconnected" | "connection.needs_reauth" | "connection.revoked" | "connection.deleted" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed")[];
                    url?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint as it is now. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        description: string;
                        disabledAt: string | null;
                        /** @description Why the service disabled it (a 410 answer, 5 days of failures), or that a person did */
                        disabledReason: string | null;
                        enabled: boolean;
                        /** @description Empty: every event */
                        eventTypes: ("connection.created" | "connection.reconnected" | "connection.needs_reauth" | "connection.revoked" | "connection.deleted" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed")[];
                        /** Format: uuid */
                        id: string;
                        /** @description After a rotation: until when the replaced secret still signs beside the new one; null when only one signs */
                        previousSecretExpiresAt: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description A field the rules refuse (as at creation), or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No endpoint of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getApiWebhooksEndpointIdDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's `id`, as listed. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The log. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            attempts: {
                                /** Format: date-time */
                                attemptedAt: string;
                                /** @description Why no answer came (refused address, timeout, connection refused) */
                                error: string | null;
                                latencyMs: number;
                                /** @description The first 500 characters of the receiver's answer */
                                responseExcerpt: string;
                                /** @description The receiver's HTTP status; null when it did not answer */
                                status: number | null;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The `webhook-id` sent, the event's id on the deployed-tool feed */
                            eventId: string;
                            /** @enum {string} */
                            eventType: "connection.created" | "connection.reconnected" | "connection.needs_reauth" | "connection.revoked" | "connection.deleted" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed";
                            id: string;
                            nextAttemptAt: string | null;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed";
                        }[];
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description You are a member or viewer of the workspace, not its owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No endpoint of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiWebhooksEndpointIdDeliveriesDeliveryIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's `id`, from the endpoint's delivery log. */
                deliveryId: string;
                /** @description The endpoint's `id`, as listed. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued: the delivery as it is now. */
            202: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: {
                            /** Format: date-time */
                            attemptedAt: string;
                            /** @description Why no answer came (refused address, timeout, connection refused) */
                            error: string | null;
                            latencyMs: number;
                            /** @description The first 500 characters of the receiver's answer */
                            responseExcerpt: string;
                            /** @description The receiver's HTTP status; null when it did not answer */
                            status: number | null;
                        }[];
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The `webhook-id` sent, the event's id on the deployed-tool feed */
                        eventId: string;
                        /** @enum {string} */
                        eventType: "connection.created" | "connection.reconnected" | "connection.needs_reauth" | "connection.revoked" | "connection.deleted" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed";
                        id: string;
                        nextAttemptAt: string | null;
                        /** @enum {string} */
                        status: "pending" | "delivered" | "failed";
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No endpoint of this id in your workspace, or no delivery of this id to it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    postApiWebhooksEndpointIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's `id`, as listed. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description How long the replaced secret keeps signing beside the new one, in seconds (0: it stops at once)
                     * @default 86400
                     */
                    overlapSeconds?: number;
                };
            };
        };
        responses: {
            /** @description The endpoint with its new secret, shown once. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        description: string;
                        disabledAt: string | null;
                        /** @description Why the service disabled it (a 410 answer, 5 days of failures), or that a person did */
                        disabledReason: string | null;
                        enabled: boolean;
                        /** @description Empty: every event */
                        eventTypes: ("connection.created" | "connection.reconnected" | "connection.needs_reauth" | "connection.revoked" | "connection.deleted" | "deployment.created" | "deployment.deleted" | "member.added" | "member.removed")[];
                        /** Format: uuid */
                        id: string;
                        /** @description After a rotation: until when the replaced secret still signs beside the new one; null when only one signs */
                        previousSecretExpiresAt: string | null;
                        /** @description `whsec_…`: the signing secret, shown this once */
                        secret: string;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description An overlap that is not a whole number of seconds from 0 to 604800, or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No session and no bearer, or a bearer that is not a valid `svc_sk_` key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description No endpoint of this id in your workspace, or you belong to no workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getAppsAuthorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To sign-in first, or on to the tool with a one-time code. */
            302: {
                headers: {
                    /** @description `/login?redirectTo=…` or `<tool>/.svc/callback?code=…&return=…` */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An HTML page: you are not a member of the tool's workspace. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An HTML page: no tool at this host. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    getAuthV1WellKnownJwksJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A JSON Web Key Set. */
            200: {
                headers: {
                    /** @description `public, max-age=600` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: ({
                            kid: string;
                            kty: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
        };
    };
    getAuthV1WellKnownOauthAuthorizationServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The authorization server's metadata. */
            200: {
                headers: {
                    /** @description `public, max-age=300` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorization_endpoint: string;
                        authorization_response_iss_parameter_supported: boolean;
                        client_id_metadata_document_supported: boolean;
                        code_challenge_methods_supported: string[];
                        device_authorization_endpoint: string;
                        grant_types_supported: string[];
                        id_token_signing_alg_values_supported: string[];
                        introspection_endpoint: string;
                        issuer: string;
                        jwks_uri: string;
                        registration_endpoint: string;
                        response_types_supported: string[];
                        revocation_endpoint: string;
                        scopes_supported: string[];
                        subject_types_supported: string[];
                        token_endpoint: string;
                        token_endpoint_auth_methods_supported: string[];
                        userinfo_endpoint: string;
                    };
                };
            };
            /** @description With a hosted identity provider (`IDENTITY_PROVIDER_URL`), whose own authorization server is `{auth_url}`: `not_found`, naming it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    getAuthV1WellKnownOpenidConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The authorization server's metadata. */
            200: {
                headers: {
                    /** @description `public, max-age=300` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorization_endpoint: string;
                        authorization_response_iss_parameter_supported: boolean;
                        client_id_metadata_document_supported: boolean;
                        code_challenge_methods_supported: string[];
                        device_authorization_endpoint: string;
                        grant_types_supported: string[];
                        id_token_signing_alg_values_supported: string[];
                        introspection_endpoint: string;
                        issuer: string;
                        jwks_uri: string;
                        registration_endpoint: string;
                        response_types_supported: string[];
                        revocation_endpoint: string;
                        scopes_supported: string[];
                        subject_types_supported: string[];
                        token_endpoint: string;
                        token_endpoint_auth_methods_supported: string[];
                        userinfo_endpoint: string;
                    };
                };
            };
            /** @description With a hosted identity provider (`IDENTITY_PROVIDER_URL`), whose own authorization server is `{auth_url}`: `not_found`, naming it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminCustomProviders: {
        parameters: {
            query?: {
                /** @description Only providers of this type. */
                type?: "oauth2" | "oidc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every custom provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            acceptable_client_ids: string[];
                            attribute_mapping: {
                                [key: string]: unknown;
                            };
                            authorization_params: {
                                [key: string]: string;
                            };
                            authorization_url?: string;
                            client_id: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            custom_claims_allowlist: string[];
                            /** @description `oidc`: the discovery document fetched when it was stored. */
                            discovery_document?: {
                                [key: string]: unknown;
                            };
                            discovery_url?: string;
                            email_optional: boolean;
                            enabled: boolean;
                            id: string;
                            identifier: string;
                            issuer?: string;
                            jwks_uri?: string;
                            name: string;
                            pkce_enabled: boolean;
                            /** @enum {string} */
                            provider_type: "oauth2" | "oidc";
                            scopes: string[];
                            skip_nonce_check: boolean;
                            token_url?: string;
                            /** @description ISO 8601 */
                            updated_at: string;
                            userinfo_url?: string;
                        }[];
                    };
                };
            };
            /** @description `type` other than `oauth2` or `oidc`: `validation_failed` `type must be either 'oauth2' or 'oidc'`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1AdminCustomProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Other audiences an ID token may name (mobile apps). */
                    acceptable_client_ids?: string[];
                    /** @description Account field ← userinfo field (a string) or a literal value; `id`, `role`, `email_verified`, `app_metadata` and other system fields refused. */
                    attribute_mapping?: {
                        [key: string]: unknown;
                    };
                    /** @description Extra query parameters for the provider's authorization URL; `client_id`, `redirect_uri`, `state`, `nonce` and PKCE's refused. */
                    authorization_params?: {
                        [key: string]: string;
                    };
                    /** @description `oauth2`: required, https. */
                    authorization_url?: string;
                    client_id: string;
                    /** @description Sealed in the table; never answered back. */
                    client_secret: string;
                    /** @description Userinfo fields copied as they are into `identity_data.custom_claims`. */
                    custom_claims_allowlist?: string[];
                    /** @description `oidc`: where the discovery document is, when not under the issuer. */
                    discovery_url?: string;
                    email_optional?: boolean;
                    /** @description `true` by default; a disabled provider is refused at `/authorize`. */
                    enabled?: boolean;
                    /** @description `custom:` then lowercase letters, digits, `:` or `-` (2 to 50 characters in all); how `/authorize?provider=` names it. */
                    identifier: string;
                    /** @description `oidc`: the issuer (https); its discovery document is fetched and checked before anything is stored. */
                    issuer?: string;
                    jwks_uri?: string;
                    /** @description 1 to 100 characters; what sign-in pages may show. */
                    name: string;
                    /** @description `true` by default. */
                    pkce_enabled?: boolean;
                    /** @enum {string} */
                    provider_type: "oauth2" | "oidc";
                    /** @description Sent to the provider; `openid` is added for an `oidc` provider. */
                    scopes?: string[];
                    skip_nonce_check?: boolean;
                    /** @description `oauth2`: required, https. */
                    token_url?: string;
                    /** @description `oauth2`: required, https. */
                    userinfo_url?: string;
                };
            };
        };
        responses: {
            /** @description The new provider, without its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acceptable_client_ids: string[];
                        attribute_mapping: {
                            [key: string]: unknown;
                        };
                        authorization_params: {
                            [key: string]: string;
                        };
                        authorization_url?: string;
                        client_id: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        custom_claims_allowlist: string[];
                        /** @description `oidc`: the discovery document fetched when it was stored. */
                        discovery_document?: {
                            [key: string]: unknown;
                        };
                        discovery_url?: string;
                        email_optional: boolean;
                        enabled: boolean;
                        id: string;
                        identifier: string;
                        issuer?: string;
                        jwks_uri?: string;
                        name: string;
                        pkce_enabled: boolean;
                        /** @enum {string} */
                        provider_type: "oauth2" | "oidc";
                        scopes: string[];
                        skip_nonce_check: boolean;
                        token_url?: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                        userinfo_url?: string;
                    };
                };
            };
            /** @description A field GoTrue's rules refuse (`validation_failed`: `provider_type must be either 'oauth2' or 'oidc'`, `name is required`, `issuer is required for OIDC providers`, `authorization_url is required for OAuth2 providers`, `URL must use HTTPS`, `URL cannot point to localhost or loopback addresses`, `Cannot override reserved OAuth parameter: state`, `Cannot map to protected system field: role`, NUL or broken UTF-16 in a value, an OpenID issuer whose discovery fails) or a body that is not JSON (`bad_json`). An identifier already taken is `conflict` `A custom OAuth provider with this identifier already exists`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A body over the JSON limit: `request_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminCustomProvidersIdentifier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's identifier, `custom:` included (`custom:acme`). */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acceptable_client_ids: string[];
                        attribute_mapping: {
                            [key: string]: unknown;
                        };
                        authorization_params: {
                            [key: string]: string;
                        };
                        authorization_url?: string;
                        client_id: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        custom_claims_allowlist: string[];
                        /** @description `oidc`: the discovery document fetched when it was stored. */
                        discovery_document?: {
                            [key: string]: unknown;
                        };
                        discovery_url?: string;
                        email_optional: boolean;
                        enabled: boolean;
                        id: string;
                        identifier: string;
                        issuer?: string;
                        jwks_uri?: string;
                        name: string;
                        pkce_enabled: boolean;
                        /** @enum {string} */
                        provider_type: "oauth2" | "oidc";
                        scopes: string[];
                        skip_nonce_check: boolean;
                        token_url?: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                        userinfo_url?: string;
                    };
                };
            };
            /** @description An identifier without `custom:` (`validation_failed` `identifier must start with 'custom:' prefix, …`) or off its format. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No custom provider with this identifier: `custom_provider_not_found` `Custom OAuth provider not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    putAuthV1AdminCustomProvidersIdentifier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's identifier, `custom:` included (`custom:acme`). */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Other audiences an ID token may name (mobile apps). */
                    acceptable_client_ids?: string[];
                    /** @description Account field ← userinfo field (a string) or a literal value; `id`, `role`, `email_verified`, `app_metadata` and other system fields refused. */
                    attribute_mapping?: {
                        [key: string]: unknown;
                    };
                    /** @description Extra query parameters for the provider's authorization URL; `client_id`, `redirect_uri`, `state`, `nonce` and PKCE's refused. */
                    authorization_params?: {
                        [key: string]: string;
                    };
                    /** @description `oauth2`: required, https. */
                    authorization_url?: string;
                    client_id?: string;
                    /** @description Sealed in the table; never answered back. */
                    client_secret?: string;
                    /** @description Userinfo fields copied as they are into `identity_data.custom_claims`. */
                    custom_claims_allowlist?: string[];
                    /** @description `oidc`: where the discovery document is, when not under the issuer. */
                    discovery_url?: string;
                    email_optional?: boolean;
                    /** @description `true` by default; a disabled provider is refused at `/authorize`. */
                    enabled?: boolean;
                    /** @description `oidc`: the issuer (https); its discovery document is fetched and checked before anything is stored. */
                    issuer?: string;
                    jwks_uri?: string;
                    /** @description 1 to 100 characters; what sign-in pages may show. */
                    name?: string;
                    /** @description `true` by default. */
                    pkce_enabled?: boolean;
                    /** @description Sent to the provider; `openid` is added for an `oidc` provider. */
                    scopes?: string[];
                    skip_nonce_check?: boolean;
                    /** @description `oauth2`: required, https. */
                    token_url?: string;
                    /** @description `oauth2`: required, https. */
                    userinfo_url?: string;
                };
            };
        };
        responses: {
            /** @description The changed provider, without its secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acceptable_client_ids: string[];
                        attribute_mapping: {
                            [key: string]: unknown;
                        };
                        authorization_params: {
                            [key: string]: string;
                        };
                        authorization_url?: string;
                        client_id: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        custom_claims_allowlist: string[];
                        /** @description `oidc`: the discovery document fetched when it was stored. */
                        discovery_document?: {
                            [key: string]: unknown;
                        };
                        discovery_url?: string;
                        email_optional: boolean;
                        enabled: boolean;
                        id: string;
                        identifier: string;
                        issuer?: string;
                        jwks_uri?: string;
                        name: string;
                        pkce_enabled: boolean;
                        /** @enum {string} */
                        provider_type: "oauth2" | "oidc";
                        scopes: string[];
                        skip_nonce_check: boolean;
                        token_url?: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                        userinfo_url?: string;
                    };
                };
            };
            /** @description A field GoTrue's rules refuse (`validation_failed`: `provider_type must be either 'oauth2' or 'oidc'`, `name is required`, `issuer is required for OIDC providers`, `authorization_url is required for OAuth2 providers`, `URL must use HTTPS`, `URL cannot point to localhost or loopback addresses`, `Cannot override reserved OAuth parameter: state`, `Cannot map to protected system field: role`, NUL or broken UTF-16 in a value, an OpenID issuer whose discovery fails) or a body that is not JSON (`bad_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No custom provider with this identifier: `custom_provider_not_found` `Custom OAuth provider not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A body over the JSON limit: `request_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1AdminCustomProvidersIdentifier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's identifier, `custom:` included (`custom:acme`). */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An identifier without `custom:` (`validation_failed` `identifier must start with 'custom:' prefix, …`) or off its format. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No custom provider with this identifier: `custom_provider_not_found` `Custom OAuth provider not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1AdminGenerateLink: {
        parameters: {
            query?: {
                /** @description Where the mailed link lands after signing in: a URL on this service's origin (anything else becomes BASE_URL). */
                redirect_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description With `signup` and `invite`: merged into `user_metadata`. */
                    data?: {
                        [key: string]: unknown;
                    };
                    /** @description The account's address. */
                    email: string;
                    /** @description With `email_change_current` and `email_change_new`: the address to change to, kept in `new_email` until the link is followed. */
                    new_email?: string;
                    /** @description With `signup`: 8 to 1024 characters. */
                    password?: string;
                    /**
                     * @description `signup` (with `password`) and `invite` make the account when there is none; `magiclink` for an unknown address is a `signup`; the others need an account.
                     * @enum {string}
                     */
                    type: "signup" | "invite" | "magiclink" | "recovery" | "email_change_current" | "email_change_new";
                };
            };
        };
        responses: {
            /** @description The account with `action_link`, `email_otp`, `hashed_token`, `verification_type` and `redirect_to`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `{BASE_URL}/auth/v1/verify?token=…&type=…&redirect_to=…`: followed once within 60 minutes, it signs the person in (redirect with the session in the fragment). */
                        action_link: string;
                        /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                        app_metadata: {
                            provider?: string;
                            providers?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        /** @constant */
                        aud: "authenticated";
                        /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                        confirmed_at?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description Empty for an anonymous account without an address. */
                        email: string;
                        /** @description ISO 8601; absent until the address is confirmed. */
                        email_confirmed_at?: string;
                        /** @description The six-digit code: `POST /auth/v1/verify` with `{ type, email, token }` signs in once. */
                        email_otp: string;
                        /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                        factors?: {
                            created_at: string;
                            /** @enum {string} */
                            factor_type: "totp" | "recovery_code";
                            friendly_name: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "unverified" | "verified";
                            updated_at: string;
                        }[];
                        /** @description The link's token: `POST /auth/v1/verify` with `{ type, token_hash }` signs in once. */
                        hashed_token: string;
                        /** Format: uuid */
                        id: string;
                        /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                        identities: {
                            created_at: string;
                            email?: string;
                            id: string;
                            identity_data: {
                                [key: string]: unknown;
                            };
                            identity_id: string;
                            last_sign_in_at?: string;
                            provider: string;
                            updated_at: string;
                            /** Format: uuid */
                            user_id: string;
                        }[];
                        /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                        invited_at?: string;
                        /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                        is_anonymous: boolean;
                        /** @description ISO 8601; absent before the first sign-in. */
                        last_sign_in_at?: string;
                        /** @description With mail: the address asked for, until the link mailed to it is followed. */
                        new_email?: string;
                        /**
                         * @description Always empty: the built-in provider has no phone sign-in.
                         * @constant
                         */
                        phone: "";
                        /** @description Where the link lands: the `redirect_to` asked for when it is on this service's origin, else `BASE_URL`. */
                        redirect_to: string;
                        /** @constant */
                        role: "authenticated";
                        /** @description ISO 8601 */
                        updated_at: string;
                        user_metadata: {
                            [key: string]: unknown;
                        };
                        /** @description The type the link was made for (`signup` for a magic link to an unknown address). */
                        verification_type: string;
                    };
                };
            };
            /** @description No email (`An email address is required`), an invalid one, an unknown `type` (`Invalid email action link type requested: …`), or `signup` without a password. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `recovery` or an email change for an address without an account: `user_not_found` `User with this email not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A body over the JSON limit: `request_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `signup` or `invite` of a confirmed account, or a `new_email` another account has: `email_exists`; a password too short: `weak_password`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminOauthClients: {
        parameters: {
            query?: {
                /** @description 1 (the default) for the newest clients. */
                page?: number;
                /** @description 50 by default, at most 1000. */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clients. */
            200: {
                headers: {
                    /** @description The `rel="next"` (when there is one) and `rel="last"` pages. */
                    Link?: string;
                    /** @description How many registered clients there are. */
                    "X-Total-Count"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        aud: "authenticated";
                        clients: {
                            /** @description A UUID for clients made here; a registered client's own id otherwise. */
                            client_id: string;
                            client_name?: string;
                            /** @description Only in the answers to create and regenerate_secret; stored as its SHA-256. */
                            client_secret?: string;
                            /** @enum {string} */
                            client_type: "public" | "confidential";
                            client_uri?: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            grant_types: string[];
                            logo_uri?: string;
                            redirect_uris: string[];
                            /**
                             * @description `manual`: made by this API; `dynamic`: registered at `/auth/v1/oauth/register`.
                             * @enum {string}
                             */
                            registration_type: "manual" | "dynamic";
                            response_types: "code"[];
                            /** @enum {string} */
                            token_endpoint_auth_method: "none" | "client_secret_basic" | "client_secret_post";
                            /** @description ISO 8601 */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description `page` or `per_page` not a whole number: GoTrue's `validation_failed` `Bad Pagination Parameters: …`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1AdminOauthClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 1024 characters; shown on the consent page. */
                    client_name?: string;
                    /**
                     * @description `confidential` by default (or as `token_endpoint_auth_method` implies): it gets a secret.
                     * @enum {string}
                     */
                    client_type?: "public" | "confidential";
                    /** @description An http(s) URL, at most 2048 characters. */
                    client_uri?: string;
                    /** @description Both by default. */
                    grant_types?: ("authorization_code" | "refresh_token")[];
                    /** @description An http(s) URL, at most 2048 characters. */
                    logo_uri?: string;
                    /** @description 1 to 10 absolute URIs without a fragment; `http` only on localhost, 127.0.0.1 or ::1; app schemes (`myapp://cb`) allowed. */
                    redirect_uris: string[];
                    /** @description Always `code`. */
                    response_types?: "code"[];
                    /**
                     * @description `client_secret_basic` for a confidential client, `none` for a public one, by default.
                     * @enum {string}
                     */
                    token_endpoint_auth_method?: "none" | "client_secret_basic" | "client_secret_post";
                };
            };
        };
        responses: {
            /** @description The new client, with its secret when it is confidential. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A UUID for clients made here; a registered client's own id otherwise. */
                        client_id: string;
                        client_name?: string;
                        /** @description Only in the answers to create and regenerate_secret; stored as its SHA-256. */
                        client_secret?: string;
                        /** @enum {string} */
                        client_type: "public" | "confidential";
                        client_uri?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        grant_types: string[];
                        logo_uri?: string;
                        redirect_uris: string[];
                        /**
                         * @description `manual`: made by this API; `dynamic`: registered at `/auth/v1/oauth/register`.
                         * @enum {string}
                         */
                        registration_type: "manual" | "dynamic";
                        response_types: "code"[];
                        /** @enum {string} */
                        token_endpoint_auth_method: "none" | "client_secret_basic" | "client_secret_post";
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description A field GoTrue's rules refuse (`validation_failed`: no or more than 10 `redirect_uris`, an `http` redirect off localhost, a fragment, an unknown grant type, NUL or broken UTF-16 in a value, …) or a body that is not JSON (`bad_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A body over the JSON limit: `request_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminOauthClientsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The client's `client_id`. */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A UUID for clients made here; a registered client's own id otherwise. */
                        client_id: string;
                        client_name?: string;
                        /** @description Only in the answers to create and regenerate_secret; stored as its SHA-256. */
                        client_secret?: string;
                        /** @enum {string} */
                        client_type: "public" | "confidential";
                        client_uri?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        grant_types: string[];
                        logo_uri?: string;
                        redirect_uris: string[];
                        /**
                         * @description `manual`: made by this API; `dynamic`: registered at `/auth/v1/oauth/register`.
                         * @enum {string}
                         */
                        registration_type: "manual" | "dynamic";
                        response_types: "code"[];
                        /** @enum {string} */
                        token_endpoint_auth_method: "none" | "client_secret_basic" | "client_secret_post";
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No registered client with this id: `oauth_client_not_found` `OAuth client not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    putAuthV1AdminOauthClientsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The client's `client_id`. */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_name?: string;
                    client_uri?: string;
                    /** @description Both by default. */
                    grant_types?: ("authorization_code" | "refresh_token")[];
                    logo_uri?: string;
                    /** @description 1 to 10 absolute URIs without a fragment; `http` only on localhost, 127.0.0.1 or ::1; app schemes (`myapp://cb`) allowed. */
                    redirect_uris?: string[];
                    /**
                     * @description Within the client's type: `none` for public, a secret method for confidential.
                     * @enum {string}
                     */
                    token_endpoint_auth_method?: "none" | "client_secret_basic" | "client_secret_post";
                };
            };
        };
        responses: {
            /** @description The changed client, without its secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A UUID for clients made here; a registered client's own id otherwise. */
                        client_id: string;
                        client_name?: string;
                        /** @description Only in the answers to create and regenerate_secret; stored as its SHA-256. */
                        client_secret?: string;
                        /** @enum {string} */
                        client_type: "public" | "confidential";
                        client_uri?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        grant_types: string[];
                        logo_uri?: string;
                        redirect_uris: string[];
                        /**
                         * @description `manual`: made by this API; `dynamic`: registered at `/auth/v1/oauth/register`.
                         * @enum {string}
                         */
                        registration_type: "manual" | "dynamic";
                        response_types: "code"[];
                        /** @enum {string} */
                        token_endpoint_auth_method: "none" | "client_secret_basic" | "client_secret_post";
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description A field GoTrue's rules refuse (`validation_failed`: no or more than 10 `redirect_uris`, an `http` redirect off localhost, a fragment, an unknown grant type, NUL or broken UTF-16 in a value, …) or a body that is not JSON (`bad_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No registered client with this id: `oauth_client_not_found` `OAuth client not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A body over the JSON limit: `request_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1AdminOauthClientsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The client's `client_id`. */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No registered client with this id: `oauth_client_not_found` `OAuth client not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1AdminOauthClientsClientIdRegenerateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The client's `client_id`. */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client with its new `client_secret`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A UUID for clients made here; a registered client's own id otherwise. */
                        client_id: string;
                        client_name?: string;
                        /** @description Only in the answers to create and regenerate_secret; stored as its SHA-256. */
                        client_secret?: string;
                        /** @enum {string} */
                        client_type: "public" | "confidential";
                        client_uri?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        grant_types: string[];
                        logo_uri?: string;
                        redirect_uris: string[];
                        /**
                         * @description `manual`: made by this API; `dynamic`: registered at `/auth/v1/oauth/register`.
                         * @enum {string}
                         */
                        registration_type: "manual" | "dynamic";
                        response_types: "code"[];
                        /** @enum {string} */
                        token_endpoint_auth_method: "none" | "client_secret_basic" | "client_secret_post";
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description A public client has no secret: `validation_failed` `Cannot regenerate secret for public client`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No registered client with this id: `oauth_client_not_found` `OAuth client not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminSsoProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ items }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            /** @enum {string} */
                            default_role: "member" | "viewer";
                            disabled: boolean;
                            domains: {
                                domain: string;
                            }[];
                            id: string;
                            /** @description An OpenID Connect connection's (ADR 085); the secret is never answered. */
                            oidc?: {
                                /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                                attribute_mapping: {
                                    /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                    group_roles?: {
                                        [key: string]: "member" | "viewer";
                                    };
                                    keys?: {
                                        [key: string]: {
                                            array?: boolean;
                                            default?: unknown;
                                            name?: string;
                                            names?: string[];
                                        };
                                    };
                                };
                                client_id: string;
                                issuer: string;
                            };
                            resource_id?: string;
                            /** @description A SAML provider's. */
                            saml?: {
                                /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                                attribute_mapping: {
                                    /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                    group_roles?: {
                                        [key: string]: "member" | "viewer";
                                    };
                                    keys?: {
                                        [key: string]: {
                                            array?: boolean;
                                            default?: unknown;
                                            name?: string;
                                            names?: string[];
                                        };
                                    };
                                };
                                entity_id: string;
                                metadata_url?: string;
                                /** @description Absent in the list. */
                                metadata_xml?: string;
                                name_id_format?: string;
                            };
                            /** @description An extension beside GoTrue's fields: the workspace whose owner added the provider on the dashboard; `null` for one made through this admin API. */
                            tenant_id: string | null;
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1AdminSsoProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                    attribute_mapping?: {
                        /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                        group_roles?: {
                            [key: string]: "member" | "viewer";
                        };
                        keys?: {
                            [key: string]: {
                                array?: boolean;
                                default?: unknown;
                                name?: string;
                                names?: string[];
                            };
                        };
                    };
                    /** @description `oidc`: the client id the company's provider gave this service. */
                    client_id?: string;
                    /** @description `oidc`: its client secret; stored sealed, never answered. */
                    client_secret?: string;
                    /**
                     * @description A workspace's provider: the role of a member no group maps (default `member`).
                     * @enum {string}
                     */
                    default_role?: "member" | "viewer";
                    /** @description `true`: sign-ins through it are refused (`sso_provider_disabled`). */
                    disabled?: boolean;
                    /** @description Email domains whose people sign in through this provider (`signInWithSSO({ domain })`); on `PUT` the list replaces the provider's. */
                    domains?: string[];
                    /** @description `oidc`: the issuer URL; its discovery document must name exactly this issuer. */
                    issuer?: string;
                    /** @description An https URL the metadata is fetched from. */
                    metadata_url?: string;
                    /** @description The IdP's SAML metadata XML; one of `metadata_xml` and `metadata_url`. */
                    metadata_xml?: string;
                    /** @description The NameID format asked for (persistent unless set). */
                    name_id_format?: string;
                    /** @description An id of the caller's own; `GET …/providers/resource_<id>` finds it. */
                    resource_id?: string;
                    /**
                     * @description `saml` or `oidc` (required on create; an OpenID Connect connection, ADR 085).
                     * @enum {string}
                     */
                    type: "saml" | "oidc";
                };
            };
        };
        responses: {
            /** @description The new provider. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** @enum {string} */
                        default_role: "member" | "viewer";
                        disabled: boolean;
                        domains: {
                            domain: string;
                        }[];
                        id: string;
                        /** @description An OpenID Connect connection's (ADR 085); the secret is never answered. */
                        oidc?: {
                            /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                            attribute_mapping: {
                                /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                group_roles?: {
                                    [key: string]: "member" | "viewer";
                                };
                                keys?: {
                                    [key: string]: {
                                        array?: boolean;
                                        default?: unknown;
                                        name?: string;
                                        names?: string[];
                                    };
                                };
                            };
                            client_id: string;
                            issuer: string;
                        };
                        resource_id?: string;
                        /** @description A SAML provider's. */
                        saml?: {
                            /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                            attribute_mapping: {
                                /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                group_roles?: {
                                    [key: string]: "member" | "viewer";
                                };
                                keys?: {
                                    [key: string]: {
                                        array?: boolean;
                                        default?: unknown;
                                        name?: string;
                                        names?: string[];
                                    };
                                };
                            };
                            entity_id: string;
                            metadata_url?: string;
                            /** @description Absent in the list. */
                            metadata_xml?: string;
                            name_id_format?: string;
                        };
                        /** @description An extension beside GoTrue's fields: the workspace whose owner added the provider on the dashboard; `null` for one made through this admin API. */
                        tenant_id: string | null;
                        updated_at: string;
                    };
                };
            };
            /** @description GoTrue's checks (`validation_failed`): `Only 'saml' or 'oidc' supported for SSO provider type`, `Only one of metadata_xml or metadata_url needs to be set`, `Either metadata_xml or metadata_url must be set`, `metadata_url is not a HTTPS URL`, metadata that is not SAML, has no EntityID or not exactly one IDPSSODescriptor; a domain another provider has (`sso_domain_already_exists`); `metadata_url` answering other than 200 (`saml_metadata_fetch_failed`); on `PUT`, metadata of another EntityID (`saml_entity_id_mismatch`); a body that is not JSON (`bad_json`). `oidc`: `issuer is required for 'oidc' providers` (likewise `client_id`, `client_secret`), SAML's fields on it, an issuer whose discovery fails or names another issuer (`OIDC discovery from … failed: …`); a `group_roles` or `default_role` other than `member` or `viewer`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `saml_idp_already_exists`: `SAML Identity Provider with this EntityID (…) already exists`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminSsoProvidersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's id (UUID), or `resource_<resource_id>`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** @enum {string} */
                        default_role: "member" | "viewer";
                        disabled: boolean;
                        domains: {
                            domain: string;
                        }[];
                        id: string;
                        /** @description An OpenID Connect connection's (ADR 085); the secret is never answered. */
                        oidc?: {
                            /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                            attribute_mapping: {
                                /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                group_roles?: {
                                    [key: string]: "member" | "viewer";
                                };
                                keys?: {
                                    [key: string]: {
                                        array?: boolean;
                                        default?: unknown;
                                        name?: string;
                                        names?: string[];
                                    };
                                };
                            };
                            client_id: string;
                            issuer: string;
                        };
                        resource_id?: string;
                        /** @description A SAML provider's. */
                        saml?: {
                            /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                            attribute_mapping: {
                                /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                group_roles?: {
                                    [key: string]: "member" | "viewer";
                                };
                                keys?: {
                                    [key: string]: {
                                        array?: boolean;
                                        default?: unknown;
                                        name?: string;
                                        names?: string[];
                                    };
                                };
                            };
                            entity_id: string;
                            metadata_url?: string;
                            /** @description Absent in the list. */
                            metadata_xml?: string;
                            name_id_format?: string;
                        };
                        /** @description An extension beside GoTrue's fields: the workspace whose owner added the provider on the dashboard; `null` for one made through this admin API. */
                        tenant_id: string | null;
                        updated_at: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No provider with this id: `sso_provider_not_found` `SSO Identity Provider not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    putAuthV1AdminSsoProvidersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's id (UUID), or `resource_<resource_id>`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                    attribute_mapping?: {
                        /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                        group_roles?: {
                            [key: string]: "member" | "viewer";
                        };
                        keys?: {
                            [key: string]: {
                                array?: boolean;
                                default?: unknown;
                                name?: string;
                                names?: string[];
                            };
                        };
                    };
                    /** @description `oidc`: the client id the company's provider gave this service. */
                    client_id?: string;
                    /** @description `oidc`: its client secret; stored sealed, never answered. */
                    client_secret?: string;
                    /**
                     * @description A workspace's provider: the role of a member no group maps (default `member`).
                     * @enum {string}
                     */
                    default_role?: "member" | "viewer";
                    /** @description `true`: sign-ins through it are refused (`sso_provider_disabled`). */
                    disabled?: boolean;
                    /** @description Email domains whose people sign in through this provider (`signInWithSSO({ domain })`); on `PUT` the list replaces the provider's. */
                    domains?: string[];
                    /** @description `oidc`: the issuer URL; its discovery document must name exactly this issuer. */
                    issuer?: string;
                    /** @description An https URL the metadata is fetched from. */
                    metadata_url?: string;
                    /** @description The IdP's SAML metadata XML; one of `metadata_xml` and `metadata_url`. */
                    metadata_xml?: string;
                    /** @description The NameID format asked for (persistent unless set). */
                    name_id_format?: string;
                    /** @description An id of the caller's own; `GET …/providers/resource_<id>` finds it. */
                    resource_id?: string;
                    /**
                     * @description `saml` or `oidc` (required on create; an OpenID Connect connection, ADR 085).
                     * @enum {string}
                     */
                    type?: "saml" | "oidc";
                };
            };
        };
        responses: {
            /** @description The changed provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** @enum {string} */
                        default_role: "member" | "viewer";
                        disabled: boolean;
                        domains: {
                            domain: string;
                        }[];
                        id: string;
                        /** @description An OpenID Connect connection's (ADR 085); the secret is never answered. */
                        oidc?: {
                            /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                            attribute_mapping: {
                                /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                group_roles?: {
                                    [key: string]: "member" | "viewer";
                                };
                                keys?: {
                                    [key: string]: {
                                        array?: boolean;
                                        default?: unknown;
                                        name?: string;
                                        names?: string[];
                                    };
                                };
                            };
                            client_id: string;
                            issuer: string;
                        };
                        resource_id?: string;
                        /** @description A SAML provider's. */
                        saml?: {
                            /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                            attribute_mapping: {
                                /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                group_roles?: {
                                    [key: string]: "member" | "viewer";
                                };
                                keys?: {
                                    [key: string]: {
                                        array?: boolean;
                                        default?: unknown;
                                        name?: string;
                                        names?: string[];
                                    };
                                };
                            };
                            entity_id: string;
                            metadata_url?: string;
                            /** @description Absent in the list. */
                            metadata_xml?: string;
                            name_id_format?: string;
                        };
                        /** @description An extension beside GoTrue's fields: the workspace whose owner added the provider on the dashboard; `null` for one made through this admin API. */
                        tenant_id: string | null;
                        updated_at: string;
                    };
                };
            };
            /** @description GoTrue's checks (`validation_failed`): `Only 'saml' or 'oidc' supported for SSO provider type`, `Only one of metadata_xml or metadata_url needs to be set`, `Either metadata_xml or metadata_url must be set`, `metadata_url is not a HTTPS URL`, metadata that is not SAML, has no EntityID or not exactly one IDPSSODescriptor; a domain another provider has (`sso_domain_already_exists`); `metadata_url` answering other than 200 (`saml_metadata_fetch_failed`); on `PUT`, metadata of another EntityID (`saml_entity_id_mismatch`); a body that is not JSON (`bad_json`). `oidc`: `issuer is required for 'oidc' providers` (likewise `client_id`, `client_secret`), SAML's fields on it, an issuer whose discovery fails or names another issuer (`OIDC discovery from … failed: …`); a `group_roles` or `default_role` other than `member` or `viewer`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No provider with this id: `sso_provider_not_found` `SSO Identity Provider not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1AdminSsoProvidersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's id (UUID), or `resource_<resource_id>`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** @enum {string} */
                        default_role: "member" | "viewer";
                        disabled: boolean;
                        domains: {
                            domain: string;
                        }[];
                        id: string;
                        /** @description An OpenID Connect connection's (ADR 085); the secret is never answered. */
                        oidc?: {
                            /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                            attribute_mapping: {
                                /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                group_roles?: {
                                    [key: string]: "member" | "viewer";
                                };
                                keys?: {
                                    [key: string]: {
                                        array?: boolean;
                                        default?: unknown;
                                        name?: string;
                                        names?: string[];
                                    };
                                };
                            };
                            client_id: string;
                            issuer: string;
                        };
                        resource_id?: string;
                        /** @description A SAML provider's. */
                        saml?: {
                            /** @description GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value. */
                            attribute_mapping: {
                                /** @description Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping). */
                                group_roles?: {
                                    [key: string]: "member" | "viewer";
                                };
                                keys?: {
                                    [key: string]: {
                                        array?: boolean;
                                        default?: unknown;
                                        name?: string;
                                        names?: string[];
                                    };
                                };
                            };
                            entity_id: string;
                            metadata_url?: string;
                            /** @description Absent in the list. */
                            metadata_xml?: string;
                            name_id_format?: string;
                        };
                        /** @description An extension beside GoTrue's fields: the workspace whose owner added the provider on the dashboard; `null` for one made through this admin API. */
                        tenant_id: string | null;
                        updated_at: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No provider with this id: `sso_provider_not_found` `SSO Identity Provider not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminUsers: {
        parameters: {
            query?: {
                /** @description 1 (the default) for the newest accounts. */
                page?: number;
                /** @description 50 by default, at most 1000. */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of accounts. */
            200: {
                headers: {
                    /** @description The `rel="next"` (when there is one) and `rel="last"` pages. */
                    Link?: string;
                    /** @description How many accounts there are. */
                    "X-Total-Count"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        aud: "authenticated";
                        users: {
                            /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                            app_metadata: {
                                provider?: string;
                                providers?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @constant */
                            aud: "authenticated";
                            /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                            confirmed_at?: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description Empty for an anonymous account without an address. */
                            email: string;
                            /** @description ISO 8601; absent until the address is confirmed. */
                            email_confirmed_at?: string;
                            /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                            factors?: {
                                created_at: string;
                                /** @enum {string} */
                                factor_type: "totp" | "recovery_code";
                                friendly_name: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                status: "unverified" | "verified";
                                updated_at: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                            identities: {
                                created_at: string;
                                email?: string;
                                id: string;
                                identity_data: {
                                    [key: string]: unknown;
                                };
                                identity_id: string;
                                last_sign_in_at?: string;
                                provider: string;
                                updated_at: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                            invited_at?: string;
                            /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                            is_anonymous: boolean;
                            /** @description ISO 8601; absent before the first sign-in. */
                            last_sign_in_at?: string;
                            /** @description With mail: the address asked for, until the link mailed to it is followed. */
                            new_email?: string;
                            /**
                             * @description Always empty: the built-in provider has no phone sign-in.
                             * @constant
                             */
                            phone: "";
                            /** @constant */
                            role: "authenticated";
                            /** @description ISO 8601 */
                            updated_at: string;
                            user_metadata: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
            };
            /** @description `page` or `per_page` not a whole number: GoTrue's `validation_failed` `Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1AdminUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Merged into `app_metadata` key by key (`null` removes one; `provider` and `providers` stay derived), at most 512 bytes serialized; carried in access tokens. */
                    app_metadata?: {
                        [key: string]: unknown;
                    };
                    /** @description Required to create; an admin's change applies at once. */
                    email?: string;
                    /** @description `true`: the address counts as confirmed. */
                    email_confirm?: boolean;
                    /** @description 8 to 1024 characters; a change ends every session of the account. */
                    password?: string;
                    /** @description Merged into `user_metadata` as `data` is. */
                    user_metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The new account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                        app_metadata: {
                            provider?: string;
                            providers?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        /** @constant */
                        aud: "authenticated";
                        /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                        confirmed_at?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description Empty for an anonymous account without an address. */
                        email: string;
                        /** @description ISO 8601; absent until the address is confirmed. */
                        email_confirmed_at?: string;
                        /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                        factors?: {
                            created_at: string;
                            /** @enum {string} */
                            factor_type: "totp" | "recovery_code";
                            friendly_name: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "unverified" | "verified";
                            updated_at: string;
                        }[];
                        /** Format: uuid */
                        id: string;
                        /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                        identities: {
                            created_at: string;
                            email?: string;
                            id: string;
                            identity_data: {
                                [key: string]: unknown;
                            };
                            identity_id: string;
                            last_sign_in_at?: string;
                            provider: string;
                            updated_at: string;
                            /** Format: uuid */
                            user_id: string;
                        }[];
                        /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                        invited_at?: string;
                        /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                        is_anonymous: boolean;
                        /** @description ISO 8601; absent before the first sign-in. */
                        last_sign_in_at?: string;
                        /** @description With mail: the address asked for, until the link mailed to it is followed. */
                        new_email?: string;
                        /**
                         * @description Always empty: the built-in provider has no phone sign-in.
                         * @constant
                         */
                        phone: "";
                        /** @constant */
                        role: "authenticated";
                        /** @description ISO 8601 */
                        updated_at: string;
                        user_metadata: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description An invalid email address (`validation_failed`) or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A password too short or too long (`weak_password`), or an email another account has (`email_exists`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminUsersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                        app_metadata: {
                            provider?: string;
                            providers?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        /** @constant */
                        aud: "authenticated";
                        /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                        confirmed_at?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description Empty for an anonymous account without an address. */
                        email: string;
                        /** @description ISO 8601; absent until the address is confirmed. */
                        email_confirmed_at?: string;
                        /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                        factors?: {
                            created_at: string;
                            /** @enum {string} */
                            factor_type: "totp" | "recovery_code";
                            friendly_name: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "unverified" | "verified";
                            updated_at: string;
                        }[];
                        /** Format: uuid */
                        id: string;
                        /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                        identities: {
                            created_at: string;
                            email?: string;
                            id: string;
                            identity_data: {
                                [key: string]: unknown;
                            };
                            identity_id: string;
                            last_sign_in_at?: string;
                            provider: string;
                            updated_at: string;
                            /** Format: uuid */
                            user_id: string;
                        }[];
                        /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                        invited_at?: string;
                        /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                        is_anonymous: boolean;
                        /** @description ISO 8601; absent before the first sign-in. */
                        last_sign_in_at?: string;
                        /** @description With mail: the address asked for, until the link mailed to it is followed. */
                        new_email?: string;
                        /**
                         * @description Always empty: the built-in provider has no phone sign-in.
                         * @constant
                         */
                        phone: "";
                        /** @constant */
                        role: "authenticated";
                        /** @description ISO 8601 */
                        updated_at: string;
                        user_metadata: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No account with this id: `user_not_found` `User not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    putAuthV1AdminUsersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Merged into `app_metadata` key by key (`null` removes one; `provider` and `providers` stay derived), at most 512 bytes serialized; carried in access tokens. */
                    app_metadata?: {
                        [key: string]: unknown;
                    };
                    /** @description Required to create; an admin's change applies at once. */
                    email?: string;
                    /** @description `true`: the address counts as confirmed. */
                    email_confirm?: boolean;
                    /** @description 8 to 1024 characters; a change ends every session of the account. */
                    password?: string;
                    /** @description Merged into `user_metadata` as `data` is. */
                    user_metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The changed account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                        app_metadata: {
                            provider?: string;
                            providers?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        /** @constant */
                        aud: "authenticated";
                        /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                        confirmed_at?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description Empty for an anonymous account without an address. */
                        email: string;
                        /** @description ISO 8601; absent until the address is confirmed. */
                        email_confirmed_at?: string;
                        /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                        factors?: {
                            created_at: string;
                            /** @enum {string} */
                            factor_type: "totp" | "recovery_code";
                            friendly_name: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "unverified" | "verified";
                            updated_at: string;
                        }[];
                        /** Format: uuid */
                        id: string;
                        /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                        identities: {
                            created_at: string;
                            email?: string;
                            id: string;
                            identity_data: {
                                [key: string]: unknown;
                            };
                            identity_id: string;
                            last_sign_in_at?: string;
                            provider: string;
                            updated_at: string;
                            /** Format: uuid */
                            user_id: string;
                        }[];
                        /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                        invited_at?: string;
                        /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                        is_anonymous: boolean;
                        /** @description ISO 8601; absent before the first sign-in. */
                        last_sign_in_at?: string;
                        /** @description With mail: the address asked for, until the link mailed to it is followed. */
                        new_email?: string;
                        /**
                         * @description Always empty: the built-in provider has no phone sign-in.
                         * @constant
                         */
                        phone: "";
                        /** @constant */
                        role: "authenticated";
                        /** @description ISO 8601 */
                        updated_at: string;
                        user_metadata: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description An invalid email address (`validation_failed`) or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No account with this id: `user_not_found` `User not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A password too short or too long (`weak_password`), or an email another account has (`email_exists`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1AdminUsersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted: an empty object, as GoTrue answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No account with this id: `user_not_found` `User not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminUsersIdFactors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The factors. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** @enum {string} */
                        factor_type: "totp" | "recovery_code";
                        friendly_name: string;
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        status: "unverified" | "verified";
                        updated_at: string;
                    }[];
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No account with this id: `user_not_found` `User not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1AdminUsersIdFactorsFactorId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The factor's id (UUID). */
                factorId: string;
                /** @description The account's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted factor. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** @enum {string} */
                        factor_type: "totp" | "recovery_code";
                        friendly_name: string;
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        status: "unverified" | "verified";
                        updated_at: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No account with this id (`user_not_found` `User not found`), or no factor of this id on it (`mfa_factor_not_found` `Factor not found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminUsersIdPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's passkeys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601. */
                        created_at: string;
                        friendly_name?: string;
                        /** @description A UUID. */
                        id: string;
                        /** @description The last sign-in with it; absent before the first. */
                        last_used_at?: string;
                    }[];
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `user_not_found`: no account with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1AdminUsersIdPasskeysPasskeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (UUID). */
                id: string;
                /** @description The passkey's id (UUID). */
                passkeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `user_not_found` (no account with this id) or `validation_failed` `Passkey not found` (no such passkey on it). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1AdminWorkspaceDomains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claims. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domains: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Lower-case, IDNA names as punycode */
                            domain: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            tenantId: string;
                            /** @description Where the TXT record goes: `_svc-verification.<domain>` */
                            txtRecordName: string;
                            /** @description What the TXT record holds, exactly */
                            txtRecordValue: string;
                            verifiedAt: string | null;
                            /** @description `dns`: the record was found; `admin`: the service administrator marked it */
                            verifiedBy: ("dns" | "admin") | null;
                        }[];
                    };
                };
            };
            /** @description `domain` that is no domain name: `bad_request` with the sentence that says why. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1AdminWorkspaceDomainsDomainId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The claim's `id`, as listed. */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed: `{}`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No claim of this id: `not_found` `Domain not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1AdminWorkspaceDomainsDomainIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The claim's `id`, as listed. */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim, verified. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Lower-case, IDNA names as punycode */
                        domain: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** @description Where the TXT record goes: `_svc-verification.<domain>` */
                        txtRecordName: string;
                        /** @description What the TXT record holds, exactly */
                        txtRecordValue: string;
                        verifiedAt: string | null;
                        /** @description `dns`: the record was found; `admin`: the service administrator marked it */
                        verifiedBy: ("dns" | "admin") | null;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No claim of this id: `not_found` `Domain not found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description Another workspace holds this domain verified: `conflict`; nothing is changed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    putAuthV1AdminWorkspacesTenantIdSsoRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The workspace's id. */
                tenantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    required: boolean;
                };
            };
        };
        responses: {
            /** @description The rule. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description People on the workspace's verified domains must sign in through its single sign-on (owners exempt, ADR 086). */
                        required: boolean;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No workspace of this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1Authorize: {
        parameters: {
            query: {
                /** @description PKCE (auth-js with `flowType: "pkce"`): the callback then sends a `code` for `grant_type=pkce`. */
                code_challenge?: string;
                code_challenge_method?: "s256" | "plain" | "S256";
                /** @description An upstream provider: `github`, `google` or `keycloak` when enabled (`EXTERNAL_<NAME>_ENABLED`). */
                provider: string;
                /** @description Where the browser comes back; the site URL (`BASE_URL`) unless allowed (`redirectTarget`). */
                redirect_to?: string;
                /** @description More scopes to ask the provider for. */
                scopes?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's authorization endpoint, with `client_id`, `redirect_uri`, `scope`, `state` (and `nonce` for an OpenID provider). */
            302: {
                headers: {
                    /** @description The provider's authorization URL. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A provider that is not enabled, or half of PKCE's parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1Callback: {
        parameters: {
            query?: {
                /** @description The provider's authorization code. */
                code?: string;
                /** @description The provider's refusal, passed on to `redirect_to`. */
                error?: string;
                error_description?: string;
                /** @description The signed state `/authorize` sent the provider. */
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To `redirect_to`: `?code=…`, `#access_token=…`, or `?error=…&error_code=…&error_description=…`. */
            302: {
                headers: {
                    /** @description `redirect_to` with the code, the session or the error. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A `state` that is missing, forged, expired or already used: to the site URL with `error=invalid_request`, `error_code` (`bad_oauth_state`, `bad_oauth_callback`, `flow_state_already_used`) and `error_description`. */
            303: {
                headers: {
                    /** @description `BASE_URL?error=invalid_request&error_code=bad_oauth_state&…` */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthV1Callback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To `redirect_to`: `?code=…`, `#access_token=…`, or `?error=…&error_code=…&error_description=…`. */
            302: {
                headers: {
                    /** @description `redirect_to` with the code, the session or the error. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A `state` that is missing, forged, expired or already used: to the site URL with `error=invalid_request`, `error_code` (`bad_oauth_state`, `bad_oauth_callback`, `flow_state_already_used`) and `error_description`. */
            303: {
                headers: {
                    /** @description `BASE_URL?error=invalid_request&error_code=bad_oauth_state&…` */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthV1Factors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `totp`: an authenticator app; `webauthn`: a security key or platform authenticator, its credential made by the challenge and verify that follow. Phone factors are not offered.
                     * @enum {string}
                     */
                    factor_type: "totp" | "webauthn";
                    /** @description Unique among the account's factors. */
                    friendly_name?: string;
                    /** @description The issuer the app shows; the host of BASE_URL by default. */
                    issuer?: string;
                };
            };
        };
        responses: {
            /** @description The new factor; for `totp` its secret and QR code (shown this once). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        friendly_name: string;
                        /** Format: uuid */
                        id: string;
                        totp: {
                            /** @description An SVG image of `uri` (auth-js turns it into a data: URL). */
                            qr_code: string;
                            /** @description Base32, for typing into an app by hand. Shown this once; stored sealed. */
                            secret: string;
                            /** @description `otpauth://totp/…` */
                            uri: string;
                        };
                        /** @constant */
                        type: "totp";
                    } | {
                        friendly_name: string;
                        /** Format: uuid */
                        id: string;
                        /** @constant */
                        type: "webauthn";
                    };
                };
            };
            /** @description A `factor_type` other than `totp` or `webauthn`, or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `insufficient_aal`: an account with a verified factor, from an `aal1` session; also GoTrue's refusals of a bearer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_factor_name_conflict` (a friendly name another factor has) or `too_many_enrolled_mfa_factors` (10 already). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1FactorsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The factor's id (UUID), from enrolment or the user's `factors`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed factor's id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_factor_not_found`: no factor with this id on the account of the token. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `insufficient_aal` (a verified factor from an `aal1` session), `mfa_recovery_codes_sole_factor`, or `validation_failed` for the recovery codes' factor (use `DELETE /auth/v1/factors/recovery-codes`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1FactorsIdChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The factor's id (UUID), from enrolment or the user's `factors`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A WebAuthn factor's: auth-js `mfa.webauthn.challenge`. A TOTP factor's challenge needs no body. */
                    webauthn?: {
                        /** @description The relying party auth-js means (the page's host by default); refused unless it is this service's (the host of BASE_URL, `localhost` for a loopback one). */
                        rpId?: string;
                        /** @description Origins auth-js means (the page's by default); refused unless each is BASE_URL's origin, its `localhost` twin, or in WEBAUTHN_RP_ORIGINS. */
                        rpOrigins?: string[];
                    };
                };
            };
        };
        responses: {
            /** @description The challenge; a `webauthn` factor's with `webauthn.credential_options.publicKey`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Unix seconds: 5 minutes after the challenge. */
                        expires_at: number;
                        /** Format: uuid */
                        id: string;
                        /** @constant */
                        type: "totp";
                    } | {
                        /** @description Unix seconds: 5 minutes after the challenge. */
                        expires_at: number;
                        /** Format: uuid */
                        id: string;
                        /** @constant */
                        type: "webauthn";
                        webauthn: {
                            credential_options: {
                                /** @description `PublicKeyCredentialCreationOptions` (`create`: the account's other WebAuthn factors excluded) or `PublicKeyCredentialRequestOptions` (`request`: `allowCredentials` names the factor's credential), user verification preferred. */
                                publicKey: {
                                    [key: string]: unknown;
                                };
                            };
                            /**
                             * @description `create` for an unverified factor, `request` for a verified one.
                             * @enum {string}
                             */
                            type: "create" | "request";
                        };
                    };
                };
            };
            /** @description `validation_failed`: a `webauthn.rpId` other than this service's relying party, or an origin in `webauthn.rpOrigins` it does not accept; `bad_json`: a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_factor_not_found`: no factor with this id on the account of the token. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1FactorsIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The factor's id (UUID), from enrolment or the user's `factors`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description From the challenge, made from the same address. */
                    challenge_id: string;
                    /** @description A TOTP factor's: the six digits the app shows now. */
                    code?: string;
                    /** @description A WebAuthn factor's ceremony: auth-js `mfa.webauthn.verify`. */
                    webauthn?: {
                        /** @description The browser's credential, serialized as auth-js does (`toJSON`). */
                        credential_response: {
                            [key: string]: unknown;
                        };
                        /** @description The relying party auth-js means (the page's host by default); refused unless it is this service's (the host of BASE_URL, `localhost` for a loopback one). */
                        rpId?: string;
                        /** @description Origins auth-js means (the page's by default); refused unless each is BASE_URL's origin, its `localhost` twin, or in WEBAUTHN_RP_ORIGINS. */
                        rpOrigins?: string[];
                        /**
                         * @description The challenge's `webauthn.type`.
                         * @enum {string}
                         */
                        type: "create" | "request";
                    };
                };
            };
        };
        responses: {
            /** @description The session at `aal2`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description Unix seconds when the access token expires. */
                        expires_at: number;
                        /** @description Seconds the access token is valid for (3600). */
                        expires_in: number;
                        refresh_token: string;
                        /** @constant */
                        token_type: "bearer";
                        user: {
                            /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                            app_metadata: {
                                provider?: string;
                                providers?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @constant */
                            aud: "authenticated";
                            /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                            confirmed_at?: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description Empty for an anonymous account without an address. */
                            email: string;
                            /** @description ISO 8601; absent until the address is confirmed. */
                            email_confirmed_at?: string;
                            /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                            factors?: {
                                created_at: string;
                                /** @enum {string} */
                                factor_type: "totp" | "recovery_code";
                                friendly_name: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                status: "unverified" | "verified";
                                updated_at: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                            identities: {
                                created_at: string;
                                email?: string;
                                id: string;
                                identity_data: {
                                    [key: string]: unknown;
                                };
                                identity_id: string;
                                last_sign_in_at?: string;
                                provider: string;
                                updated_at: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                            invited_at?: string;
                            /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                            is_anonymous: boolean;
                            /** @description ISO 8601; absent before the first sign-in. */
                            last_sign_in_at?: string;
                            /** @description With mail: the address asked for, until the link mailed to it is followed. */
                            new_email?: string;
                            /**
                             * @description Always empty: the built-in provider has no phone sign-in.
                             * @constant
                             */
                            phone: "";
                            /** @constant */
                            role: "authenticated";
                            /** @description ISO 8601 */
                            updated_at: string;
                            user_metadata: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description `validation_failed`: `Code needs to be non-empty` for a TOTP factor; for a `webauthn` factor `WebAuthn config required` (no `webauthn`), `WebAuthn type must be create or request`, `credential_response required`, `Invalid credential_response`, a `type` that is not the challenge's (`create` for an unverified factor, `request` for a verified one), or a relying party this service does not serve; or a body that is not JSON. `webauthn_verification_failed` (`Credential verification failed`): a ceremony that does not verify (signed for another challenge or origin, or by an authenticator that is not the factor's). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_factor_not_found`: no factor with this id on the account of the token. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_verification_failed` (`Invalid TOTP code entered`: a wrong code, or one already used), `mfa_factor_not_found` (a challenge of another factor or none, or a WebAuthn challenge already used), `mfa_challenge_expired` (older than 5 minutes), `mfa_ip_address_mismatch` (a challenge already verified, or made from another address). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `over_request_rate_limit`: 5 wrong codes for the factor within 5 minutes; `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1FactorsRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The set's size and what is unused. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @description Codes not used yet. */
                        remaining: number;
                        total: number;
                        /** @constant */
                        type: "recovery_code";
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_factor_not_found`: the account has no recovery codes. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1FactorsRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `Recovery codes` by default. */
                    friendly_name?: string;
                };
            };
        };
        responses: {
            /** @description The codes, shown this once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 16 characters each, lowercase; shown this once and stored hashed. */
                        codes: string[];
                        friendly_name: string;
                        /** Format: uuid */
                        id: string;
                        total: number;
                        /** @constant */
                        type: "recovery_code";
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `insufficient_aal`: the session has not verified its second factor (`aal1`); also GoTrue's refusals of a bearer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_verified_factor_exists` (a set exists: regenerate it) or `mfa_recovery_codes_sole_factor` (no other verified factor). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1FactorsRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed set's id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `insufficient_aal`: the session has not verified its second factor (`aal1`); also GoTrue's refusals of a bearer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_factor_not_found`: the account has no recovery codes. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1FactorsRecoveryCodesRegenerate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new codes, shown this once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 16 characters each, lowercase; shown this once and stored hashed. */
                        codes: string[];
                        friendly_name: string;
                        /** Format: uuid */
                        id: string;
                        total: number;
                        /** @constant */
                        type: "recovery_code";
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `insufficient_aal`: the session has not verified its second factor (`aal1`); also GoTrue's refusals of a bearer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_factor_not_found`: the account has no recovery codes. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1FactorsRecoveryCodesVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An unused recovery code; case, spaces and `-` do not matter. */
                    code: string;
                };
            };
        };
        responses: {
            /** @description The session at `aal2`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description Unix seconds when the access token expires. */
                        expires_at: number;
                        /** @description Seconds the access token is valid for (3600). */
                        expires_in: number;
                        refresh_token: string;
                        /** @constant */
                        token_type: "bearer";
                        user: {
                            /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                            app_metadata: {
                                provider?: string;
                                providers?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @constant */
                            aud: "authenticated";
                            /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                            confirmed_at?: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description Empty for an anonymous account without an address. */
                            email: string;
                            /** @description ISO 8601; absent until the address is confirmed. */
                            email_confirmed_at?: string;
                            /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                            factors?: {
                                created_at: string;
                                /** @enum {string} */
                                factor_type: "totp" | "recovery_code";
                                friendly_name: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                status: "unverified" | "verified";
                                updated_at: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                            identities: {
                                created_at: string;
                                email?: string;
                                id: string;
                                identity_data: {
                                    [key: string]: unknown;
                                };
                                identity_id: string;
                                last_sign_in_at?: string;
                                provider: string;
                                updated_at: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                            invited_at?: string;
                            /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                            is_anonymous: boolean;
                            /** @description ISO 8601; absent before the first sign-in. */
                            last_sign_in_at?: string;
                            /** @description With mail: the address asked for, until the link mailed to it is followed. */
                            new_email?: string;
                            /**
                             * @description Always empty: the built-in provider has no phone sign-in.
                             * @constant
                             */
                            phone: "";
                            /** @constant */
                            role: "authenticated";
                            /** @description ISO 8601 */
                            updated_at: string;
                            user_metadata: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_factor_not_found`: the account has no recovery codes. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_verification_failed`: a wrong or used code. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `mfa_recovery_codes_locked`: 5 wrong codes for the factor within 5 minutes; `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1Invite: {
        parameters: {
            query?: {
                /** @description Where the mailed link lands after signing in: a URL on this service's origin (anything else becomes BASE_URL). */
                redirect_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Merged into the account's `user_metadata`. */
                    data?: {
                        [key: string]: unknown;
                    };
                    /** @description The address to invite. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description The invited account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                        app_metadata: {
                            provider?: string;
                            providers?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        /** @constant */
                        aud: "authenticated";
                        /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                        confirmed_at?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description Empty for an anonymous account without an address. */
                        email: string;
                        /** @description ISO 8601; absent until the address is confirmed. */
                        email_confirmed_at?: string;
                        /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                        factors?: {
                            created_at: string;
                            /** @enum {string} */
                            factor_type: "totp" | "recovery_code";
                            friendly_name: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "unverified" | "verified";
                            updated_at: string;
                        }[];
                        /** Format: uuid */
                        id: string;
                        /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                        identities: {
                            created_at: string;
                            email?: string;
                            id: string;
                            identity_data: {
                                [key: string]: unknown;
                            };
                            identity_id: string;
                            last_sign_in_at?: string;
                            provider: string;
                            updated_at: string;
                            /** Format: uuid */
                            user_id: string;
                        }[];
                        /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                        invited_at?: string;
                        /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                        is_anonymous: boolean;
                        /** @description ISO 8601; absent before the first sign-in. */
                        last_sign_in_at?: string;
                        /** @description With mail: the address asked for, until the link mailed to it is followed. */
                        new_email?: string;
                        /**
                         * @description Always empty: the built-in provider has no phone sign-in.
                         * @constant
                         */
                        phone: "";
                        /** @constant */
                        role: "authenticated";
                        /** @description ISO 8601 */
                        updated_at: string;
                        user_metadata: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description No email (`An email address is required`) or an invalid one (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A bearer that is not the service-role key, a user's access token included. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A body over the JSON limit: `request_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A confirmed account has the address: `email_exists`; no mail configured: `email_provider_disabled`, naming `SMTP_URL`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1Logout: {
        parameters: {
            query?: {
                /** @description `global` (default): every session of the account; `local`: this one; `others`: all but this one. */
                scope?: "global" | "local" | "others";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unknown scope. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer: `bad_jwt` for a token that is malformed, badly signed or expired (`invalid JWT: unable to parse or verify signature, …`), `session_not_found` for a token whose session has ended (auth-js then drops its session), `user_not_found` for an account that no longer exists. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `insufficient_aal`: `scope=others` from an `aal1` session of an account with a verified second factor (a password alone ends none of the person's other sessions; `global` and `local` always work). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1OauthAuthorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To sign-in and consent, then to the client's redirect URI with `code`, `state`, `iss` (or `error`, `error_description`). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error that cannot go to a verified redirect URI (unknown client, unregistered redirect URI, NUL in a value): an HTML page, never a redirect. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    postAuthV1OauthDeviceCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The device authorization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`, `invalid_client`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    postAuthV1OauthIntrospect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ active: true, … }` or `{ active: false }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description `invalid_client`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    postAuthV1OauthRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client's metadata with `client_id` (and `client_secret` for a confidential client), `registration_access_token`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_client_metadata` (a `client_name` over 100 characters or holding controls, bidi overrides, NUL or broken UTF-16; a bad address), `invalid_redirect_uri` (the same characters, or `user:pass@`, in a redirect URI), or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description A body over 56 KB (the library's own limit). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description `too_many_requests`, with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    postAuthV1OauthRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (or nothing to revoke). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description `invalid_client`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    postAuthV1OauthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `access_token`, `token_type`, `expires_in`, `refresh_token`, `scope` (and `id_token` with `openid`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_grant`, `invalid_request`, `unsupported_grant_type`, `invalid_target`, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description `invalid_client`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description A body over 56 KB (the library's own limit). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    getAuthV1OauthUserinfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claims the token's scope allows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email?: string;
                        name?: string;
                        picture?: string;
                        sub: string;
                    };
                };
            };
            /** @description `invalid_token` (RFC 6750), with `WWW-Authenticate`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    postAuthV1Otp: {
        parameters: {
            query?: {
                /** @description Where the mailed link lands after signing in: a URL on this service's origin (anything else becomes BASE_URL). */
                redirect_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code_challenge?: string;
                    code_challenge_method?: string;
                    /** @description `false`: an address without an account gets no account and no mail (the answer is the same `{}`). Default `true`. */
                    create_user?: boolean;
                    /** @description User metadata for a new account, as at sign-up. */
                    data?: {
                        [key: string]: unknown;
                    };
                    /** @description The address to mail the magic link and code to. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Mailed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An invalid email address, a missing field or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `email_provider_disabled` without mail (the message names `SMTP_URL`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description Too many requests for mail from this address (`SIGNUP_RATE_LIMIT_PER_ADDRESS`, `over_request_rate_limit`), or a second sign-in mail to one address within 60 seconds (`over_email_send_rate_limit`, "For security purposes, you can only request this after N seconds."); `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1Passkeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's passkeys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601. */
                        created_at: string;
                        friendly_name?: string;
                        /** @description A UUID. */
                        id: string;
                        /** @description The last sign-in with it; absent before the first. */
                        last_used_at?: string;
                    }[];
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1PasskeysId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The passkey's id (UUID), from registration or the list. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `insufficient_aal`: removing a passkey from an `aal1` session of an account with a verified second factor; also GoTrue's refusals of a bearer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `validation_failed` `Passkey not found`: no passkey with this id on the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    patchAuthV1PasskeysId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The passkey's id (UUID), from registration or the list. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 120 characters. */
                    friendly_name: string;
                };
            };
        };
        responses: {
            /** @description The renamed passkey. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601. */
                        created_at: string;
                        friendly_name?: string;
                        /** @description A UUID. */
                        id: string;
                        /** @description The last sign-in with it; absent before the first. */
                        last_used_at?: string;
                    };
                };
            };
            /** @description `validation_failed`: `friendly_name is required` or `friendly_name must be 120 characters or less`; `bad_json`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `validation_failed` `Passkey not found`: no passkey with this id on the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1PasskeysAuthenticationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options and their challenge. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Answer it at `/authentication/verify` within 5 minutes, once. */
                        challenge_id: string;
                        /** @description Unix seconds. */
                        expires_at: number;
                        /** @description WebAuthn's `PublicKeyCredentialRequestOptions`: no `allowCredentials` (any passkey of this site), user verification required as JSON (base64url binaries), for `@simplewebauthn/browser` or auth-js. */
                        options: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description `over_request_rate_limit`: each start counts as a sign-in attempt from the address (`SIGNIN_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1PasskeysAuthenticationVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description From the options. */
                    challenge_id: string;
                    /** @description The browser's credential, serialized as `@simplewebauthn/browser` and auth-js do. */
                    credential: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The new session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description Unix seconds when the access token expires. */
                        expires_at: number;
                        /** @description Seconds the access token is valid for (3600). */
                        expires_in: number;
                        refresh_token: string;
                        /** @constant */
                        token_type: "bearer";
                        user: {
                            /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                            app_metadata: {
                                provider?: string;
                                providers?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @constant */
                            aud: "authenticated";
                            /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                            confirmed_at?: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description Empty for an anonymous account without an address. */
                            email: string;
                            /** @description ISO 8601; absent until the address is confirmed. */
                            email_confirmed_at?: string;
                            /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                            factors?: {
                                created_at: string;
                                /** @enum {string} */
                                factor_type: "totp" | "recovery_code";
                                friendly_name: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                status: "unverified" | "verified";
                                updated_at: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                            identities: {
                                created_at: string;
                                email?: string;
                                id: string;
                                identity_data: {
                                    [key: string]: unknown;
                                };
                                identity_id: string;
                                last_sign_in_at?: string;
                                provider: string;
                                updated_at: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                            invited_at?: string;
                            /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                            is_anonymous: boolean;
                            /** @description ISO 8601; absent before the first sign-in. */
                            last_sign_in_at?: string;
                            /** @description With mail: the address asked for, until the link mailed to it is followed. */
                            new_email?: string;
                            /**
                             * @description Always empty: the built-in provider has no phone sign-in.
                             * @constant
                             */
                            phone: "";
                            /** @constant */
                            role: "authenticated";
                            /** @description ISO 8601 */
                            updated_at: string;
                            user_metadata: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description `validation_failed` (`challenge_id is required`, `credential is required`, `challenge_id must be a valid UUID`), `bad_json`, `webauthn_challenge_not_found` (`Challenge not found or already used`: no authentication challenge of this id, or one verified already: each is used once, whatever the outcome), `webauthn_challenge_expired` (older than 5 minutes), `webauthn_verification_failed` (`Credential verification failed`: an authenticator registered nowhere here, a signature over another challenge, origin or RP id, or no user verification). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `email_not_confirmed`: the account's address is not confirmed yet. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1PasskeysRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options and their challenge. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Answer it at `/registration/verify` within 5 minutes, once. */
                        challenge_id: string;
                        /** @description Unix seconds. */
                        expires_at: number;
                        /** @description WebAuthn's `PublicKeyCredentialCreationOptions`: a discoverable credential, user verification required, the account's passkeys excluded as JSON (base64url binaries), for `@simplewebauthn/browser` or auth-js. */
                        options: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `insufficient_aal`: registering a passkey from an `aal1` session of an account with a verified second factor; also GoTrue's refusals of a bearer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `too_many_passkeys`: 10 already. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1PasskeysRegistrationVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description From the options. */
                    challenge_id: string;
                    /** @description The browser's credential, serialized as `@simplewebauthn/browser` and auth-js do. */
                    credential: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The new passkey. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601. */
                        created_at: string;
                        /** @description `Passkey` until renamed. */
                        friendly_name?: string;
                        /** @description A UUID. */
                        id: string;
                    };
                };
            };
            /** @description `validation_failed` (`challenge_id is required`, `credential is required`, `challenge_id must be a valid UUID`), `bad_json`, `webauthn_challenge_not_found` (`Challenge not found or already used`: no registration challenge of this id, or one verified already: each is used once, whatever the outcome), `webauthn_challenge_expired` (older than 5 minutes), `webauthn_verification_failed` (`Credential verification failed`: an authenticator registered nowhere here, a signature over another challenge, origin or RP id, or no user verification). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `insufficient_aal`: registering a passkey from an `aal1` session of an account with a verified second factor; also GoTrue's refusals of a bearer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `webauthn_credential_exists` (this authenticator is registered already) or `too_many_passkeys`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1Reauthenticate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mailed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer: `bad_jwt` for a token that is malformed, badly signed or expired (`invalid JWT: unable to parse or verify signature, …`), `session_not_found` for a token whose session has ended (auth-js then drops its session), `user_not_found` for an account that no longer exists. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `email_provider_disabled` without mail; `email_not_confirmed` (`Please verify your email first.`) before the address is confirmed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `over_email_send_rate_limit`: a second nonce within 60 seconds (GoTrue's `SMTP_MAX_FREQUENCY`; the nonce mailed last still works); `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1Recover: {
        parameters: {
            query?: {
                /** @description Carried in the mailed link (auth-js `emailRedirectTo`, `resetPasswordForEmail`'s `redirectTo`) when it is the site URL (`BASE_URL`) or on `URI_ALLOW_LIST`; any other becomes the site URL. */
                redirect_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Accepted for auth-js's PKCE flow; the mailed link is the dashboard's reset page either way. */
                    code_challenge?: string;
                    code_challenge_method?: string;
                    /** @description The account's address; the answer is the same whether or not it has one. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Mailed, if the address has an account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An invalid email address, a missing field or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description Without mail (`SMTP_URL` unset): `email_provider_disabled`, the message naming the setting, the same for every address. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description Too many requests for mail from this address (`SIGNUP_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1Resend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The account's address. */
                    email: string;
                    /**
                     * @description `signup`: the confirmation link again; `email_change`: the link to the pending new address.
                     * @enum {string}
                     */
                    type: "signup" | "email_change";
                };
            };
        };
        responses: {
            /** @description Mailed, if there is something to confirm. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An invalid email address, a missing field or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description Without mail (`SMTP_URL` unset): `email_provider_disabled`, the message naming the setting, the same for every address. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description Too many requests for mail from this address (`SIGNUP_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1Settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disable_signup: boolean;
                        /** @description Each sign-in GoTrue knows, and whether it is offered. */
                        external: {
                            [key: string]: boolean;
                        };
                        mailer_autoconfirm: boolean;
                        phone_autoconfirm: boolean;
                        saml_enabled: boolean;
                        sms_provider: string;
                    };
                };
            };
        };
    };
    postAuthV1Signup: {
        parameters: {
            query?: {
                /** @description Carried in the mailed link (auth-js `emailRedirectTo`, `resetPasswordForEmail`'s `redirectTo`) when it is the site URL (`BASE_URL`) or on `URI_ALLOW_LIST`; any other becomes the site URL. */
                redirect_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description User metadata, any JSON keys (e.g. `display_name`), at most 2 KB serialized. */
                    data?: {
                        [key: string]: unknown;
                    };
                    /** @description The account's email address. A body with neither `email` nor `phone` (`{ data }`) is GoTrue's anonymous sign-in instead (`ANONYMOUS_SIGN_IN`). */
                    email: string;
                    /** @description 8 to 1024 characters. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description A session for the new account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description Unix seconds when the access token expires. */
                        expires_at: number;
                        /** @description Seconds the access token is valid for (3600). */
                        expires_in: number;
                        refresh_token: string;
                        /** @constant */
                        token_type: "bearer";
                        user: {
                            /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                            app_metadata: {
                                provider?: string;
                                providers?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @constant */
                            aud: "authenticated";
                            /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                            confirmed_at?: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description Empty for an anonymous account without an address. */
                            email: string;
                            /** @description ISO 8601; absent until the address is confirmed. */
                            email_confirmed_at?: string;
                            /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                            factors?: {
                                created_at: string;
                                /** @enum {string} */
                                factor_type: "totp" | "recovery_code";
                                friendly_name: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                status: "unverified" | "verified";
                                updated_at: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                            identities: {
                                created_at: string;
                                email?: string;
                                id: string;
                                identity_data: {
                                    [key: string]: unknown;
                                };
                                identity_id: string;
                                last_sign_in_at?: string;
                                provider: string;
                                updated_at: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                            invited_at?: string;
                            /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                            is_anonymous: boolean;
                            /** @description ISO 8601; absent before the first sign-in. */
                            last_sign_in_at?: string;
                            /** @description With mail: the address asked for, until the link mailed to it is followed. */
                            new_email?: string;
                            /**
                             * @description Always empty: the built-in provider has no phone sign-in.
                             * @constant
                             */
                            phone: "";
                            /** @constant */
                            role: "authenticated";
                            /** @description ISO 8601 */
                            updated_at: string;
                            user_metadata: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description An invalid email address or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A password too short or too long, an email already registered, or an anonymous sign-in (no email) while `ANONYMOUS_SIGN_IN` is off. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description Too many sign-ups from this address (`SIGNUP_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1Sso: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code_challenge?: string;
                    /** @enum {string} */
                    code_challenge_method?: "s256" | "plain";
                    /** @description An email domain a provider has; or `provider_id`. */
                    domain?: string;
                    /** @description The provider's id; or `domain`. */
                    provider_id?: string;
                    /** @description Where the browser lands after the IdP (allow-listed as everywhere, else the site URL). */
                    redirect_to?: string;
                    /** @description `true` (auth-js): answer `{ url }` instead of a 303. */
                    skip_http_redirect?: boolean;
                };
            };
        };
        responses: {
            /** @description With `skip_http_redirect: true`: the IdP's URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The IdP's sign-in URL with the AuthnRequest (HTTP-Redirect binding) and the RelayState. */
                        url: string;
                    };
                };
            };
            /** @description Without `skip_http_redirect`: to the IdP. */
            303: {
                headers: {
                    /** @description The IdP's SSO URL with `SAMLRequest` and `RelayState`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed`: both or neither of `provider_id` and `domain` (`A provider_id or domain needs to be provided`), half of PKCE. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `saml_provider_disabled` `SAML 2.0 is disabled` (`SAML_ENABLED` off); `sso_provider_not_found` (`No such SSO provider`, `No SSO provider assigned for this domain`); `sso_provider_disabled`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `over_request_rate_limit`: starts are counted per client address (`SIGNIN_RATE_LIMIT_PER_ADDRESS`, a bucket of their own, as GoTrue's `RATE_LIMIT_SSO`); `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new start may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1SsoOidcCallback: {
        parameters: {
            query?: {
                /** @description The authorization code. */
                code?: string;
                /** @description The provider's refusal (`access_denied`, …). */
                error?: string;
                error_description?: string;
                /** @description The sign-in's state from `POST /auth/v1/sso`. */
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To `redirect_to`: `?code=…` or `#access_token=…`. */
            302: {
                headers: {
                    /** @description `redirect_to` with the code or the session. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: to the site URL with `error`, `error_code`, `error_description`. */
            303: {
                headers: {
                    /** @description `BASE_URL?error=…&error_code=…&error_description=…` */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthV1SsoSamlAcs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To `redirect_to`: `?code=…` or `#access_token=…`. */
            302: {
                headers: {
                    /** @description `redirect_to` with the code or the session. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: to the site URL with `error`, `error_code`, `error_description`. */
            303: {
                headers: {
                    /** @description `BASE_URL?error=…&error_code=…&error_description=…` */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthV1SsoSamlMetadata: {
        parameters: {
            query?: {
                /** @description `true`: answered as an attachment `metadata.xml`, valid five years. */
                download?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SPSSODescriptor. */
            200: {
                headers: {
                    /** @description With `download=true`: `attachment; filename="metadata.xml"`. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": unknown;
                };
            };
            /** @description `SAML_ENABLED` off: `saml_provider_disabled`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    postAuthV1Token: {
        parameters: {
            query: {
                /** @description `password` (with `email` and `password`), `refresh_token` (with `refresh_token`) or `pkce` (with `auth_code` and `code_verifier`, after a sign-in through an upstream provider); `id_token` (with `provider`, `id_token`, `nonce`) signs in with an ID token of Google or the `keycloak` issuer when enabled; `web3` is refused as a GoTrue with it off does. */
                grant_type: "password" | "refresh_token" | "pkce" | "id_token" | "web3";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description With `grant_type=id_token`: the provider's access token, checked against the token's `at_hash` when it has one. */
                    access_token?: string;
                    /** @description With `grant_type=pkce`: the `code` the callback sent to `redirect_to`. */
                    auth_code?: string;
                    /** @description With `grant_type=pkce`: the verifier of the `code_challenge` given to `/authorize`. */
                    code_verifier?: string;
                    /** @description With `grant_type=password`. */
                    email?: string;
                    /** @description With `grant_type=id_token`: the provider's ID token. */
                    id_token?: string;
                    /** @description With `grant_type=id_token` and no `provider`: the issuer, which picks the provider it belongs to. */
                    issuer?: string;
                    /** @description With `grant_type=id_token`: the raw nonce; the token must carry its SHA-256 in hex (or neither has one). */
                    nonce?: string;
                    /** @description With `grant_type=password`. */
                    password?: string;
                    /** @description With `grant_type=id_token`: `google` or `keycloak` (another name is refused as not enabled). */
                    provider?: string;
                    /** @description With `grant_type=refresh_token`. */
                    refresh_token?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description With `grant_type=id_token`: the provider's access token, checked against the token's `at_hash` when it has one. */
                    access_token?: string;
                    /** @description With `grant_type=pkce`: the `code` the callback sent to `redirect_to`. */
                    auth_code?: string;
                    /** @description With `grant_type=pkce`: the verifier of the `code_challenge` given to `/authorize`. */
                    code_verifier?: string;
                    /** @description With `grant_type=password`. */
                    email?: string;
                    /**
                     * @description When the query has none.
                     * @enum {string}
                     */
                    grant_type?: "password" | "refresh_token";
                    /** @description With `grant_type=id_token`: the provider's ID token. */
                    id_token?: string;
                    /** @description With `grant_type=id_token` and no `provider`: the issuer, which picks the provider it belongs to. */
                    issuer?: string;
                    /** @description With `grant_type=id_token`: the raw nonce; the token must carry its SHA-256 in hex (or neither has one). */
                    nonce?: string;
                    /** @description With `grant_type=password`. */
                    password?: string;
                    /** @description With `grant_type=id_token`: `google` or `keycloak` (another name is refused as not enabled). */
                    provider?: string;
                    /** @description With `grant_type=refresh_token`. */
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description A session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description Unix seconds when the access token expires. */
                        expires_at: number;
                        /** @description Seconds the access token is valid for (3600). */
                        expires_in: number;
                        refresh_token: string;
                        /** @constant */
                        token_type: "bearer";
                        user: {
                            /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                            app_metadata: {
                                provider?: string;
                                providers?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @constant */
                            aud: "authenticated";
                            /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                            confirmed_at?: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description Empty for an anonymous account without an address. */
                            email: string;
                            /** @description ISO 8601; absent until the address is confirmed. */
                            email_confirmed_at?: string;
                            /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                            factors?: {
                                created_at: string;
                                /** @enum {string} */
                                factor_type: "totp" | "recovery_code";
                                friendly_name: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                status: "unverified" | "verified";
                                updated_at: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                            identities: {
                                created_at: string;
                                email?: string;
                                id: string;
                                identity_data: {
                                    [key: string]: unknown;
                                };
                                identity_id: string;
                                last_sign_in_at?: string;
                                provider: string;
                                updated_at: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                            invited_at?: string;
                            /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                            is_anonymous: boolean;
                            /** @description ISO 8601; absent before the first sign-in. */
                            last_sign_in_at?: string;
                            /** @description With mail: the address asked for, until the link mailed to it is followed. */
                            new_email?: string;
                            /**
                             * @description Always empty: the built-in provider has no phone sign-in.
                             * @constant
                             */
                            phone: "";
                            /** @constant */
                            role: "authenticated";
                            /** @description ISO 8601 */
                            updated_at: string;
                            user_metadata: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Wrong credentials, an unknown or used refresh token, or an unsupported grant type. With `grant_type=id_token`, a provider that is not enabled (`provider_disabled`), or GoTrue's OAuth error `{ error, error_description }` (`invalid request`: `id_token required`, `Bad ID token` for a bad signature, an expired or unsigned token, `Unacceptable audience in id_token: [...]`; `invalid nonce`: `Nonces mismatch`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `web3_provider_disabled`: `grant_type=web3` (`signInWithWeb3`); the built-in provider has no Web3 sign-in. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description Too many attempts for this account or address; `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1User: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                        app_metadata: {
                            provider?: string;
                            providers?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        /** @constant */
                        aud: "authenticated";
                        /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                        confirmed_at?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description Empty for an anonymous account without an address. */
                        email: string;
                        /** @description ISO 8601; absent until the address is confirmed. */
                        email_confirmed_at?: string;
                        /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                        factors?: {
                            created_at: string;
                            /** @enum {string} */
                            factor_type: "totp" | "recovery_code";
                            friendly_name: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "unverified" | "verified";
                            updated_at: string;
                        }[];
                        /** Format: uuid */
                        id: string;
                        /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                        identities: {
                            created_at: string;
                            email?: string;
                            id: string;
                            identity_data: {
                                [key: string]: unknown;
                            };
                            identity_id: string;
                            last_sign_in_at?: string;
                            provider: string;
                            updated_at: string;
                            /** Format: uuid */
                            user_id: string;
                        }[];
                        /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                        invited_at?: string;
                        /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                        is_anonymous: boolean;
                        /** @description ISO 8601; absent before the first sign-in. */
                        last_sign_in_at?: string;
                        /** @description With mail: the address asked for, until the link mailed to it is followed. */
                        new_email?: string;
                        /**
                         * @description Always empty: the built-in provider has no phone sign-in.
                         * @constant
                         */
                        phone: "";
                        /** @constant */
                        role: "authenticated";
                        /** @description ISO 8601 */
                        updated_at: string;
                        user_metadata: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer: `bad_jwt` for a token that is malformed, badly signed or expired (`invalid JWT: unable to parse or verify signature, …`), `session_not_found` for a token whose session has ended (auth-js then drops its session), `user_not_found` for an account that no longer exists. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    putAuthV1User: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Merged into `user_metadata` key by key; a `null` value removes the key; at most 2 KB serialized once merged. */
                    data?: {
                        [key: string]: unknown;
                    };
                    /** @description A new address: applied at once without mail; with mail, kept in `new_email` until the link mailed to it is followed. */
                    email?: string;
                    /** @description With mail, from a session signed in more than 24 hours ago: the code `GET /auth/v1/reauthenticate` mailed, required with `password`. */
                    nonce?: string;
                    /** @description A new password (8 to 1024 characters); every other session of the account ends. */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description The updated account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                        app_metadata: {
                            provider?: string;
                            providers?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        /** @constant */
                        aud: "authenticated";
                        /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                        confirmed_at?: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description Empty for an anonymous account without an address. */
                        email: string;
                        /** @description ISO 8601; absent until the address is confirmed. */
                        email_confirmed_at?: string;
                        /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                        factors?: {
                            created_at: string;
                            /** @enum {string} */
                            factor_type: "totp" | "recovery_code";
                            friendly_name: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "unverified" | "verified";
                            updated_at: string;
                        }[];
                        /** Format: uuid */
                        id: string;
                        /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                        identities: {
                            created_at: string;
                            email?: string;
                            id: string;
                            identity_data: {
                                [key: string]: unknown;
                            };
                            identity_id: string;
                            last_sign_in_at?: string;
                            provider: string;
                            updated_at: string;
                            /** Format: uuid */
                            user_id: string;
                        }[];
                        /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                        invited_at?: string;
                        /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                        is_anonymous: boolean;
                        /** @description ISO 8601; absent before the first sign-in. */
                        last_sign_in_at?: string;
                        /** @description With mail: the address asked for, until the link mailed to it is followed. */
                        new_email?: string;
                        /**
                         * @description Always empty: the built-in provider has no phone sign-in.
                         * @constant
                         */
                        phone: "";
                        /** @constant */
                        role: "authenticated";
                        /** @description ISO 8601 */
                        updated_at: string;
                        user_metadata: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description An invalid email address or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer; or GoTrue's `insufficient_aal` ("AAL2 session is required to update email or password when MFA is enabled."): a new password or address from an `aal1` session of an account with a verified second factor. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer: `bad_jwt` for a token that is malformed, badly signed or expired (`invalid JWT: unable to parse or verify signature, …`), `session_not_found` for a token whose session has ended (auth-js then drops its session), `user_not_found` for an account that no longer exists. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A password too short or too long (`weak_password`), an email another account has (`email_exists`), a wrong or used `nonce` (`reauthentication_not_valid`), or a password alone for an anonymous account (`validation_failed`). A password change from a session over 24 hours old without `nonce`, with mail, is 400 `reauthentication_needed`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    deleteAuthV1UserIdentitiesIdentityId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identity's `identity_id` (from `identities[]` or `getUserIdentities`). */
                identity_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked: `{}`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `manual_linking_disabled`: `MANUAL_LINKING_ENABLED` is off (the default), once the bearer is valid. For `DELETE`, also `validation_failed` for an `identity_id` that is not a UUID. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `single_identity_not_deletable` (the account's last identity), `identity_not_found` (not one of the account's identities), `email_conflict_identity_not_deletable` (the address it would take belongs to another account). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1UserIdentitiesAuthorize: {
        parameters: {
            query: {
                /** @description PKCE (auth-js with `flowType: "pkce"`): the callback then sends a `code` for `grant_type=pkce`. */
                code_challenge?: string;
                code_challenge_method?: "s256" | "plain" | "S256";
                /** @description An upstream provider: `github`, `google` or `keycloak` when enabled (`EXTERNAL_<NAME>_ENABLED`). */
                provider: string;
                /** @description Where the browser comes back; the site URL (`BASE_URL`) unless allowed (`redirectTarget`). */
                redirect_to?: string;
                /** @description More scopes to ask the provider for. */
                scopes?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description With `skip_http_redirect=true`: the provider's authorization URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The provider's authorization URL; the callback links the identity to the signed-in account. */
                        url: string;
                    };
                };
            };
            /** @description Without `skip_http_redirect`: to the provider. */
            302: {
                headers: {
                    /** @description The provider's authorization URL. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed`: a provider that is not enabled, or half of PKCE's parameters (as `/auth/v1/authorize`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description No bearer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description `manual_linking_disabled`: `MANUAL_LINKING_ENABLED` is off (the default), once the bearer is valid. For `DELETE`, also `validation_failed` for an `identity_id` that is not a UUID. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getAuthV1Verify: {
        parameters: {
            query: {
                /** @description A URL on this service's origin; BASE_URL otherwise. */
                redirect_to?: string;
                /** @description The magic link's token. */
                token: string;
                type: "email" | "magiclink" | "signup";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To `redirect_to`, the session or the error in the fragment. */
            303: {
                headers: {
                    /** @description `redirect_to#access_token=…` or `redirect_to#error=access_denied&error_code=otp_expired&…`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthV1Verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description With `token`. */
                    email?: string;
                    /** @description The six-digit code from the mail. */
                    token?: string;
                    /** @description The link's `token`, instead of `email` and `token`. */
                    token_hash?: string;
                    /**
                     * @description `email` (a code), `magiclink` or `signup`: all verify the mailed sign-in token.
                     * @enum {string}
                     */
                    type: "email" | "magiclink" | "signup";
                };
            };
        };
        responses: {
            /** @description A session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description Unix seconds when the access token expires. */
                        expires_at: number;
                        /** @description Seconds the access token is valid for (3600). */
                        expires_in: number;
                        refresh_token: string;
                        /** @constant */
                        token_type: "bearer";
                        user: {
                            /** @description `provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set. */
                            app_metadata: {
                                provider?: string;
                                providers?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @constant */
                            aud: "authenticated";
                            /** @description ISO 8601; GoTrue's older name for `email_confirmed_at`. */
                            confirmed_at?: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description Empty for an anonymous account without an address. */
                            email: string;
                            /** @description ISO 8601; absent until the address is confirmed. */
                            email_confirmed_at?: string;
                            /** @description Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`). */
                            factors?: {
                                created_at: string;
                                /** @enum {string} */
                                factor_type: "totp" | "recovery_code";
                                friendly_name: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                status: "unverified" | "verified";
                                updated_at: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            /** @description The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address. */
                            identities: {
                                created_at: string;
                                email?: string;
                                id: string;
                                identity_data: {
                                    [key: string]: unknown;
                                };
                                identity_id: string;
                                last_sign_in_at?: string;
                                provider: string;
                                updated_at: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            /** @description ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`). */
                            invited_at?: string;
                            /** @description An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed. */
                            is_anonymous: boolean;
                            /** @description ISO 8601; absent before the first sign-in. */
                            last_sign_in_at?: string;
                            /** @description With mail: the address asked for, until the link mailed to it is followed. */
                            new_email?: string;
                            /**
                             * @description Always empty: the built-in provider has no phone sign-in.
                             * @constant
                             */
                            phone: "";
                            /** @constant */
                            role: "authenticated";
                            /** @description ISO 8601 */
                            updated_at: string;
                            user_metadata: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A missing `type`, neither or both of `token` and `token_hash`, an unsupported type, or a body that is not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A wrong, used or expired code (`Token has expired or is invalid`) or link (`Email link is invalid or has expired`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description A malformed address with a code: `validation_failed` `Invalid email format`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
            /** @description Too many tries for this address or from this client; `Retry-After` says when to try again. */
            429: {
                headers: {
                    /** @description Seconds until a new attempt may succeed. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        error_code: string;
                        msg: string;
                    };
                };
            };
        };
    };
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4; charset=utf-8": unknown;
                };
            };
            /** @description `METRICS_TOKEN` is set and the request does not carry it as its bearer (`Unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
            /** @description `METRICS_TOKEN` is not set: metrics are not served on this port. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    /** @description `no-store` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ready";
                    };
                };
            };
            /** @description Not ready: each reason that holds (`starting`, `draining`, `database_unreachable`, `migrations_not_current`). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reasons: ("starting" | "draining" | "database_unreachable" | "migrations_not_current")[];
                        /** @constant */
                        status: "not_ready";
                    };
                };
            };
        };
    };
    getSchemasVendoSchemaJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A JSON Schema (draft 2020-12). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/schema+json": unknown;
                };
            };
        };
    };
    getSdkFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `connect.js`, `connect.d.ts` or `connect.<hash>.js`. */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    /** @description `public, max-age=3600` (`public, max-age=31536000, immutable` for the versioned name) */
                    "Cache-Control"?: string;
                    /** @description The content hash */
                    ETag?: string;
                    /** @description `/sdk/connect.<hash>.js` (on `connect.js` only) */
                    "X-SDK-Versioned-URL"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/typescript": unknown;
                    "text/javascript": unknown;
                };
            };
            /** @description Not modified: the `If-None-Match` names the current `ETag`. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not one of the SDK's files, or a versioned name whose hash is not the current one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
    getStorageV1ObjectPublicAvatarsObjectPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The object's key under the bucket, slashes included. */
                objectPath: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": unknown;
                };
            };
            /** @description No such object. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code?: string;
                        message: string;
                    };
                };
            };
        };
    };
}
