import { z } from "zod";

/** `POST /api/tenants/me/scim-tokens`: the token, shown once. */
export const scimTokenCreatedOutput = z.object({
  id: z.string().describe("The token's id"),
  token: z.string().describe("`svc_scim_…`: shown once, only its hash is kept"),
  createdAt: z.string().describe("ISO 8601"),
});

export const scimTokenListOutput = z.object({
  tokens: z.array(
    z.object({
      id: z.string(),
      prefix: z.string().describe("The token's first characters, to tell tokens apart"),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable().describe("Within a minute; null when never used"),
    }),
  ),
});

export const scimTokenIdInput = z.object({ id: z.uuid({ error: "SCIM token not found" }) });

export const scimGroupRoleInput = z.object({
  id: z.uuid({ error: "SCIM group not found" }),
  role: z.enum(["member", "viewer"], { error: "role is member or viewer (a group never gives owner)" }).nullable(),
});

export const scimGroupRoleOutput = z.object({
  id: z.string(),
  displayName: z.string(),
  role: z.enum(["member", "viewer"]).nullable(),
});

export const scimGroupListOutput = z.object({
  groups: z.array(z.object({ id: z.string(), displayName: z.string(), role: z.enum(["member", "viewer"]).nullable(), members: z.number().int() })),
});
