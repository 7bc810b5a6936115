import { cliAppsOutput, cliEnvOutput, whoamiOutput } from "../../server/keys";
import { z } from "zod";
import { balanceOutput } from "../../server/balance";

import { route, type Route } from "../route-types";
import { personalKeyOutput, revokeUndeliveredKeyInput } from "../../server/dev";
import { badBearer, crossOrigin, invalidJson, noSession } from "../openapi/common-responses";
import { balanceByKey, balanceByKeyFast } from "./balance";
import { call } from "../bind";
import { env } from "./cli";
import * as dev from "./dev";

const TENANT_ID = "3f1c2a9e-4b7d-4e1a-9c3b-8d2e5f6a7b8c";
const APP_ID = "2e1d0c9b-8a7f-4e6d-9c5b-4a3f2e1d0c9b";
const USER_ID = "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f";
const BALANCE = { tenantId: TENANT_ID, balance: "100.00", balanceMicros: "100000000", currency: "credits", asOf: "2026-01-07T08:00:00.000Z" };
const UNKNOWN_KEY = "svc_sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const ANY_JWT_DESCRIPTION = "An identity token (JWT) is refused here like any other token that is not an `svc_sk_` key.";

export const cliOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/cli/whoami",
    handler: call((caller) => caller.cli.whoami, { auth: "appKey" }),
    tag: "CLI",
    summary: "The key's account and workspace",
    description: `What \`svc whoami\` shows, and where \`svc ssh\` and \`svc agent\` find the shell broker (\`sshBrokerUrl\`). ${ANY_JWT_DESCRIPTION}`,
    auth: ["appKey"],
    responses: [
      { status: 200, description: "Who the key belongs to.", schema: whoamiOutput, examples: [{ name: "whoami", summary: "A CLI key", body: { userId: USER_ID, email: "admin@example.com", tenantId: TENANT_ID, tenantSlug: "acme", tenantName: "Acme", appId: APP_ID, appName: "CLI", sshBrokerUrl: "ws://localhost:3000/ssh/v1" }, request: { as: "adminKey" } }] },
      badBearer(),
    ],
  }),
  route({
    method: "POST",
    path: "/api/cli/logout",
    handler: call((caller) => caller.cli.logout, { auth: "appKey", empty: true }),
    tag: "CLI",
    summary: "Revoke the key that calls",
    description: "What `svc logout` calls: the presented key stops working at once, everywhere.",
    auth: ["appKey"],
    responses: [{ status: 204, description: "Revoked.", examples: [{ name: "revoked", summary: "A CLI key", request: { as: "adminKey" } }] }, badBearer()],
  }),
  route({
    method: "GET",
    path: "/api/cli/env",
    handler: env,
    tag: "CLI",
    summary: "The environment variables of the key's app, or of another app by name",
    description:
      "What `svc dev` writes to `.env`. JSON by default; `?format=dotenv` answers the `.env` text itself (`text/plain`). " +
      "`?app=<name>` reads another app of the key's workspace (`svc dev --app <name>`): only with a CLI key. A CLI key reads values only while its person may see them (members and owners). Never cached.",
    auth: ["appKey"],
    query: z.object({
      format: z.enum(["json", "dotenv"]).optional().describe("`json` (default) or `dotenv`."),
      app: z.string().optional().describe("An app's exact name; the key's own app when left out."),
    }),
    responses: [
      {
        status: 200,
        description: "The variables, decrypted.",
        schema: cliEnvOutput,
        examples: [{ name: "env", summary: "JSON", body: { appId: APP_ID, appName: "CLI", env: { DATABASE_URL: "postgres://app@db.internal/app" } }, request: { as: "adminKey" } }],
      },
      badBearer(),
      {
        status: 403,
        description:
          "A CLI key whose person is a viewer, for any app, its own included (`Viewers cannot see variable values`: the dashboard shows a viewer names only); or `app` named another app with an app's own key (`Only a CLI key (svc login) reads the workspace's other apps`).",
      },
      {
        status: 404,
        description: "No app of the workspace has that name.",
        examples: [{ name: "unknown", summary: "A name no app has", body: { message: "No app named Biling in this workspace" }, request: { as: "adminKey", query: { app: "Biling" } } }],
      },
      { status: 409, description: "Several apps share that name (`2 apps are named Billing: rename one in the dashboard, then try again`)." },
    ],
  }),
  route({
    method: "GET",
    path: "/api/cli/apps",
    handler: call((caller) => caller.cli.apps, { auth: "appKey", noStore: true }),
    tag: "CLI",
    summary: "The apps of the key's workspace",
    description: "What `svc dev` offers when the key's own app has no variables: each app by name, how many variables it has, and which one is the key's. CLI keys only. Never cached.",
    auth: ["appKey"],
    responses: [
      {
        status: 200,
        description: "The apps, the CLI's first.",
        schema: cliAppsOutput,
        examples: [
          {
            name: "apps",
            summary: "A CLI key",
            body: { apps: [{ id: APP_ID, name: "CLI", kind: "cli", variables: 0, current: true }, { id: "5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d", name: "Billing", kind: "app", variables: 3, current: false }] },
            request: { as: "adminKey" },
          },
        ],
      },
      badBearer(),
      { status: 403, description: "An app's own key (`Only a CLI key (svc login) reads the workspace's other apps`), or a viewer's." },
    ],
  }),
  route({
    method: "GET",
    path: "/api/cli/balance",
    handler: balanceByKey,
    fast: balanceByKeyFast,
    tag: "CLI",
    summary: "The credit balance of the key's workspace",
    description: `What \`svc whoami\` shows as credits. ${ANY_JWT_DESCRIPTION}`,
    auth: ["appKey"],
    responses: [
      { status: 200, description: "The balance.", schema: balanceOutput, headers: { "Cache-Control": "`no-store`" }, examples: [{ name: "balance", summary: "A CLI key", body: BALANCE, request: { as: "adminKey" } }] },
      {
        ...badBearer(),
        examples: [...badBearer().examples!, { name: "identity-token", summary: "An identity token (JWT)", body: { message: "Missing or invalid Bearer token" }, request: { as: "ownerToken" } }],
      },
    ],
  }),
  route({
    method: "POST",
    path: "/api/dev/personal-key",
    handler: dev.personalKey,
    sessionCookie: true,
    tag: "CLI",
    summary: "Mint the CLI key (the login bootstrap)",
    description:
      "Administrators only, from the `/dev/cli-bootstrap` page that `svc login` opens. Mints a fresh `svc_sk_` key bound to the CLI project app " +
      "and revokes the caller's previous CLI key. The body must be sent as `application/json` (a cross-site form cannot), and the answer is never cached.",
    auth: ["session"],
    responses: [
      {
        status: 200,
        description: "The key (shown once) and what the CLI stores beside it.",
        schema: personalKeyOutput,
        examples: [{ name: "minted", summary: "An administrator", body: { apiKey: "svc_sk_3q2x…", tenantId: TENANT_ID, appId: APP_ID, email: "admin@example.com", issuedAt: "2026-01-07T08:00:00.000Z", appName: "CLI", appCreated: false }, request: { as: "admin", json: {} } }],
      },
      { status: 400, description: "Not sent as JSON.", examples: [{ name: "not-json", summary: "A form post", body: { message: "Content-Type must be application/json" }, request: { as: "admin", raw: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } } }] },
      noSession({ json: {} }),
      crossOrigin({ json: {} }),
      { status: 403, description: "You are not an administrator of the service.", examples: [{ name: "not-admin", summary: "A workspace owner who is not an administrator", body: { message: "Forbidden" }, request: { as: "owner", json: {} } }] },
    ],
  }),
  route({
    method: "POST",
    path: "/api/dev/device-key",
    handler: dev.deviceKey,
    tag: "CLI",
    summary: "Trade a device-grant token for a CLI key (svc login --device)",
    description:
      "What `svc login --device` calls once the person approved its device code (RFC 8628, client `svc-cli`) at `{BASE_URL}/device`: " +
      "`Authorization: Bearer <access token>` from the token endpoint. Any member of a workspace, whatever their role; the key acts with that role " +
      "(a viewer's key reads, a member's does what a member may). Mints a fresh `svc_sk_` key bound to the CLI project app, revokes the caller's previous CLI key, " +
      "and ends the grant, so the token works once. Never cached.",
    auth: ["identityToken"],
    responses: [
      { status: 200, description: "The key (shown once) and what the CLI stores beside it.", schema: personalKeyOutput },
      {
        status: 401,
        description: "No bearer, or a token that is not a live access token this server issued to the `svc-cli` client (another client's token, one already traded, an `svc_sk_` key).",
        examples: [
          { name: "no-bearer", summary: "No Authorization header", body: { message: "Missing or invalid Bearer token" }, request: { as: "anonymous" } },
          { name: "app-key", summary: "An svc_sk_ key instead of a token", body: { message: "Missing or invalid Bearer token" }, request: { as: "adminKey" } },
          { name: "identity-token", summary: "A dashboard session's token (not the CLI client's)", body: { message: "Missing or invalid Bearer token" }, request: { as: "ownerToken" } },
        ],
      },
      { status: 404, description: "The person belongs to no workspace (`No workspace`)." },
    ],
  }),
  route({
    method: "POST",
    path: "/api/dev/personal-key/revoke",
    handler: dev.revokePersonalKey,
    sessionCookie: true,
    tag: "CLI",
    summary: "Revoke a CLI key that never reached the CLI",
    description:
      "What the `/dev/cli-bootstrap` page calls when it minted a key (`POST /api/dev/personal-key`) but could not hand it to the waiting `svc login`: " +
      "the key is revoked at once instead of staying live in the API Keys list. Only your own CLI key, named by the key itself, can be revoked this way; " +
      "any other key (someone else's, an app key, an unknown one) is not found and nothing changes. Same guards as minting: session cookie, same origin, JSON only.",
    auth: ["session"],
    jsonBody: revokeUndeliveredKeyInput,
    fieldNotes: { apiKey: "the `svc_sk_` key exactly as `POST /api/dev/personal-key` answered it" },
    responses: [
      { status: 204, description: "Revoked: the key is refused from now on.", examples: [{ name: "revoked", summary: "The key just minted", request: { as: "admin", setup: "personalKey", json: { apiKey: "{{setup}}" } } }] },
      {
        status: 400,
        description: "Not sent as JSON, not a JSON object, or `apiKey` missing, not a string or too long.",
        examples: [
          { name: "not-json", summary: "A form post", body: { message: "Content-Type must be application/json" }, request: { as: "admin", raw: "apiKey=svc_sk_x", headers: { "content-type": "application/x-www-form-urlencoded" } } },
          invalidJson("admin"),
          { name: "missing-key", summary: "No apiKey", body: { message: "apiKey is required" }, request: { as: "admin", json: {} } },
          { name: "not-a-string", summary: "apiKey is a number", body: { message: "apiKey is required" }, request: { as: "admin", json: { apiKey: 42 } } },
          { name: "too-long", summary: "apiKey of 201 characters", body: { message: "apiKey is too long" }, request: { as: "admin", json: { apiKey: "x".repeat(201) } } },
        ],
      },
      noSession({ json: { apiKey: UNKNOWN_KEY } }),
      crossOrigin({ json: { apiKey: UNKNOWN_KEY } }),
      {
        status: 404,
        description: "Not a live CLI key of yours.",
        examples: [
          { name: "unknown-key", summary: "A key the service never issued", body: { message: "Key not found" }, request: { as: "admin", json: { apiKey: UNKNOWN_KEY } } },
          { name: "not-a-key", summary: "Text that is no key at all", body: { message: "Key not found" }, request: { as: "owner", json: { apiKey: "not-a-key" } } },
        ],
      },
    ],
  }),
];
