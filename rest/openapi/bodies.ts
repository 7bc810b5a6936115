import { z } from "zod";

/**
 * Response bodies of the REST edge not yet moved to their area's `*Output` schemas (the
 * areas' own shapes live beside their procedures: server/<area>/schemas.ts). Request bodies
 * are never redefined here: operations point at the schemas the procedures validate with.
 */

const uuid = z.uuid();
const isoTime = z.iso.datetime();

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

/** The document itself: an OpenAPI 3.1 object. */
export const openApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) });
