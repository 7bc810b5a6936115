import { z } from "zod";
import { isoTimeOutput } from "../platform/validation/output";
import { AUDIT_ACTIONS } from "./audit-actions";

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;
/** One export carries at most this many rows (the newest of the range); narrow the range for more. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
export const INVALID_AUDIT_FILTER = "Invalid audit log filter";

const time = z.iso.datetime({ offset: true, message: "since and until must be ISO 8601 times" });

/** `GET /api/audit-log` and its export: every filter optional, all of them combined with AND. */
export const auditFilterInput = z.object({
  cursor: z.string().regex(/^[1-9][0-9]{0,17}$/, "Invalid page cursor").optional().describe("The `nextCursor` of the previous page"),
  limit: z.coerce.number().int("limit must be 1-200").min(1, "limit must be 1-200").max(AUDIT_MAX_PAGE_SIZE, "limit must be 1-200").default(AUDIT_PAGE_SIZE),
  action: z.enum(AUDIT_ACTIONS, { message: "Unknown audit action" }).optional().describe("One action of the closed list"),
  actor: z.string().trim().min(1).max(320).optional().describe("An actor's id (person, key, OAuth client) or a person's email"),
  since: time.optional().describe("Rows at or after this time"),
  until: time.optional().describe("Rows before this time"),
});
export type AuditFilter = z.infer<typeof auditFilterInput>;

/** `GET /api/audit-log/export`: the same filters, without paging, and the file's format. */
export const auditExportInput = auditFilterInput
  .omit({ cursor: true, limit: true })
  .extend({ format: z.enum(["csv", "jsonl"], { message: "format must be csv or jsonl" }).describe("`csv` or `jsonl`") });

export const auditActorOutput = z.union([
  z.object({ type: z.literal("person"), id: z.string(), email: z.string() }),
  z.object({ type: z.literal("key"), id: z.string(), name: z.string().nullable() }),
  z.object({ type: z.literal("oauth_client"), id: z.string(), name: z.string().nullable() }),
  z.object({ type: z.literal("scim_token"), id: z.string(), name: z.string() }),
  z.object({ type: z.literal("system") }),
]);

export const auditEntryOutput = z.object({
  id: z.string().describe("The row's id"),
  seq: z.number().int().describe("The row's place in the workspace's chain, from 1"),
  time: isoTimeOutput,
  action: z.string().describe("One action of the closed list"),
  actor: auditActorOutput,
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).describe("What changed: names and ids, never a secret, a token or a variable's value"),
  prevHash: z.string(),
  hash: z.string().describe("SHA-256 (hex) over prevHash and the row's canonical content"),
});
export type AuditEntryView = z.infer<typeof auditEntryOutput>;

export const auditPageOutput = z.object({ entries: z.array(auditEntryOutput), nextCursor: z.string().nullable() });

export const auditVerifyOutput = z.object({
  valid: z.boolean(),
  rowsChecked: z.number().int(),
  headHash: z.string().describe("The hash of the workspace's last row (the genesis hash when there is none)"),
  firstInvalid: z
    .object({
      problem: z.enum(["edited", "removed", "reordered"]),
      seq: z.number().int().describe("The place in the chain where the break is"),
      id: z.string().nullable().describe("The row found there (null: the chain's last rows are gone)"),
    })
    .nullable(),
  message: z.string(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifyOutput>;
