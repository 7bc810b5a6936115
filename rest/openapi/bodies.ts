import { z } from "zod";

/**
 * Response bodies of the REST edge, as zod schemas for the OpenAPI document. Request bodies
 * are never redefined here: operations point at the schemas the procedures validate with.
 */

/** The spec's error body; `code` only where an error has one (`SLUG_RESERVED`, ...). */
export const messageError = z.object({ message: z.string(), code: z.string().optional() });

/** The built-in identity provider answers errors in GoTrue's shape. */
export const identityError = z.object({ code: z.number().int(), error_code: z.string(), msg: z.string() });

const uuid = z.uuid();
const isoTime = z.iso.datetime();

export const sessionStatus = z.object({ loggedIn: z.boolean(), userId: uuid.nullable(), email: z.string().nullable() });

export const tenantRow = z.object({
  id: uuid,
  name: z.string(),
  slug: z.string(),
  ownerId: uuid,
  isPersonal: z.boolean(),
  referralCode: z.string(),
  slugChosen: z.boolean(),
  logoUrl: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

export const slugCheck = z.object({
  available: z.boolean(),
  code: z.enum(["SLUG_TAKEN", "INVALID_SLUG", "SLUG_RESERVED"]).optional(),
  error: z.string().optional(),
});

export const logoUpload = z.object({ logoUrl: z.string(), tenant: tenantRow });

export const userProfile = z.object({ id: uuid, email: z.string(), displayName: z.string(), avatarUrl: z.string() });
export const avatarUpload = z.object({ avatarUrl: z.string() });

const role = z.enum(["owner", "member", "viewer"]);
export const memberList = z.object({
  tenantId: uuid,
  role,
  members: z.array(z.object({ userId: uuid, email: z.string(), displayName: z.string(), role, joinedAt: isoTime })),
  /** Pending invitations, for those who may manage members; otherwise empty. */
  invitations: z.array(z.object({ id: uuid, email: z.string(), role, createdAt: isoTime, expiresAt: isoTime })),
});
export const invitationCreated = z.object({ id: uuid, url: z.string(), expiresAt: isoTime });
export const memberChanged = z.looseObject({ userId: uuid, role });

export const balance = z.object({
  tenantId: uuid,
  balance: z.string(),
  balanceMicros: z.string(),
  currency: z.literal("credits"),
  asOf: z.string(),
});

export const whoami = z.object({
  userId: uuid,
  email: z.string(),
  tenantId: uuid,
  tenantSlug: z.string(),
  tenantName: z.string(),
  appId: uuid,
  /** Where `svc ssh` and `svc agent` dial the shell broker (`SSH_BROKER_URL`). */
  sshBrokerUrl: z.string().regex(/^wss?:\/\//),
});
export const cliEnv = z.object({ appId: uuid, env: z.record(z.string(), z.string()) });
export const personalKey = z.looseObject({ apiKey: z.string().regex(/^svc_sk_/), tenantId: uuid, appId: uuid, email: z.string(), issuedAt: isoTime });

export const deployment = z.object({
  id: uuid,
  name: z.string(),
  appId: uuid,
  upstreamUrl: z.string(),
  access: z.enum(["members", "public"]),
  manifest: z.string().nullable(),
  integrations: z.array(z.unknown()),
  url: z.string(),
  health: z.object({ status: z.string(), checkedAt: isoTime.nullable(), detail: z.string().nullable() }),
  createdBy: uuid.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export const deploymentList = z.object({ deployments: z.array(deployment) });

/** An agent token as listed: its secret is never shown again, only its first characters. */
export const agentToken = z.object({
  id: uuid,
  prefix: z.string().regex(/^svc_at_/),
  createdBy: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
});
export const agentTokenList = z.object({ agentTokens: z.array(agentToken) });
/** The answer to issuing one: the only time `token` is shown. */
export const agentTokenIssued = agentToken.extend({ token: z.string().regex(/^svc_at_[A-Za-z0-9_-]{43}$/) });

export const deploymentEvents = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      actorEmail: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
      createdAt: isoTime,
    }),
  ),
});

/** OAuth and connection endpoints answer SPEC 7's `{ error: <code> }`, with a `detail` where one helps. */
export const codeError = z.object({ error: z.string(), detail: z.string().optional() });

/** What an OAuth popup posts to its opener (SPEC 6), and what `GET /api/oauth/result` hands back once. */
export const oauthMessage = z.union([
  z.object({
    type: z.literal("svc:oauth:done"),
    provider: z.string(),
    connection_id: uuid,
    external_id: z.string().regex(/^svc_conn_/),
    display_name: z.string(),
    return_url: z.string().nullable(),
    state: z.string().nullable(),
  }),
  z.object({ type: z.literal("svc:oauth:error"), code: z.string(), detail: z.string(), state: z.string().nullable() }),
]);

export const connectSession = z.object({ token: z.string().regex(/^svc_cs_/), expires_at: isoTime });

/** The connections bound to the key's app (`GET /api/deployments/me/connections`). */
export const boundConnections = z.object({
  connections: z.array(
    z.object({
      provider: z.string(),
      connectionId: uuid,
      externalId: z.string().regex(/^svc_conn_/),
      displayName: z.string(),
      profile: z.enum(["first_party", "broker_managed"]),
      context: z.record(z.string(), z.string()),
      createdAt: isoTime,
    }),
  ),
});

export const appEvents = z.object({
  events: z.array(z.object({ id: z.string(), type: z.enum(["connection.created", "connection.bound", "connection.unbound", "connection.revoked"]), createdAt: isoTime, data: z.record(z.string(), z.unknown()) })),
  nextCursor: z.string().nullable(),
});

export const jwks = z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) });

export const identityUser = z.looseObject({ id: uuid, email: z.string(), user_metadata: z.record(z.string(), z.unknown()) });
export const identitySession = z.looseObject({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number(),
  refresh_token: z.string(),
  user: identityUser,
});

/** The document itself: an OpenAPI 3.1 object. */
export const openApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) });
