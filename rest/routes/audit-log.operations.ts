import { auditExportInput, auditFilterInput, auditPageOutput, auditVerifyOutput } from "../../server/changes";
import { noWorkspace, refused } from "../openapi/common-responses";
import type { ResponseDoc, ReplayRequest } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call } from "../bind";
import { exportRange, filters } from "./audit-log";

const ENTRY = {
  id: "4182",
  seq: 12,
  time: "2026-01-07T08:00:00.000Z",
  action: "workspace.renamed",
  actor: { type: "person", id: "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f", email: "ada@example.com" },
  target: { type: "workspace", id: "3f1c2a9e-4b7d-4e1a-9c3b-8d2e5f6a7b8c" },
  address: "203.0.113.7",
  userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  requestId: "9f2d5c1e-7a4b-4c8d-9e1f-2a3b4c5d6e7f",
  changes: { from: "Acme", to: "Acme Research" },
  prevHash: "5d41402abc4b2a76b9719d911017c592ae2f3c1e9b0d7a6c5f4e3d2c1b0a9f8e",
  hash: "a3f1c9e27b6d4e5f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f",
};
const WHO =
  "The workspace owner, with a session cookie or with `Authorization: Bearer svc_sk_…` of the CLI key `svc login` issued to them; members and viewers get 403, and so does an app's key.";
const FILTERS =
  "Filters combine: `action` (one action of the closed list), `actor` (an actor's id, or a person's email), `since` (at or after) and `until` (before), ISO 8601 times.";

const forbidden = (request: Omit<ReplayRequest, "as">): ResponseDoc => ({
  status: 403,
  description: "You are a member or viewer of the workspace, not its owner; or the key is an app's key, not the owner's CLI key.",
  examples: [{ name: "viewer", summary: "A viewer", body: { message: "Only the workspace owner can read the audit log" }, request: { as: "viewer", ...request } }],
});

export const auditLogOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/audit-log",
    handler: call((caller) => caller.auditLog.list, { auth: "sessionOrKey", client: (ctx) => filters(ctx), noStore: true }),
    tag: "Workspaces",
    summary: "The workspace audit log",
    description:
      "Who did what in your current workspace, newest first: sign-ins and sessions, factors, keys and `svc login`, members, the workspace's name and URL, " +
      "apps, variables (their names), allowed origins, connections, deployments and their agent tokens. Each row is written in the transaction of its change and chained to the one before by SHA-256. " +
      `Pass \`nextCursor\` back as \`cursor\` for the next page; \`limit\` is 1-200 (50). ${FILTERS} ${WHO} Never cached.`,
    auth: ["session", "appKey"],
    query: auditFilterInput,
    responses: [
      {
        status: 200,
        description: "One page of rows and the cursor of the next (null on the last page).",
        schema: auditPageOutput,
        examples: [
          { name: "page", summary: "The newest rows", body: { entries: [ENTRY], nextCursor: null }, request: { as: "owner" } },
          { name: "cli-key", summary: "With the owner's CLI key, renames only", body: { entries: [ENTRY], nextCursor: null }, request: { as: "adminKey", query: { action: "workspace.renamed" } } },
        ],
      },
      {
        status: 400,
        description: "An unknown action, a cursor or limit out of range, or a time that is not ISO 8601.",
        examples: [
          { name: "unknown-action", summary: "An action not in the list", body: { message: "Unknown audit action" }, request: { as: "owner", query: { action: "workspace.exploded" } } },
          { name: "bad-limit", summary: "limit=0", body: { message: "limit must be 1-200" }, request: { as: "owner", query: { limit: "0" } } },
          { name: "bad-time", summary: "since=yesterday", body: { message: "since and until must be ISO 8601 times" }, request: { as: "owner", query: { since: "yesterday" } } },
          { name: "bad-cursor", summary: "A cursor that is not one", body: { message: "Invalid page cursor" }, request: { as: "owner", query: { cursor: "abc" } } },
        ],
      },
      refused({}),
      forbidden({}),
      noWorkspace(),
    ],
  }),
  route({
    method: "GET",
    path: "/api/audit-log/export",
    handler: exportRange,
    tag: "Workspaces",
    summary: "Export a range of the audit log (CSV or JSON Lines)",
    description:
      "The rows of a filtered range as a file to download (`Content-Disposition: attachment`), newest first, at most 100,000 rows. `format=csv` flattens the actor " +
      "and target into columns and keeps `changes` as JSON in one cell; `format=jsonl` has one row per line exactly as `GET /api/audit-log` lists it. " +
      `${FILTERS} ${WHO}`,
    auth: ["session", "appKey"],
    query: auditExportInput,
    responses: [
      { status: 200, description: "The file.", contentType: "text/csv; charset=utf-8", headers: { "Content-Disposition": "`attachment; filename=\"audit-log-<slug>.csv\"`" }, examples: [{ name: "csv", summary: "The whole log as CSV", request: { as: "owner", query: { format: "csv" } } }], moreContent: [{ contentType: "application/jsonl; charset=utf-8", examples: [{ name: "jsonl", summary: "Renames as JSON Lines", request: { as: "owner", query: { format: "jsonl", action: "workspace.renamed" } } }] }] },
      {
        status: 400,
        description: "No `format`, or a filter as `GET /api/audit-log` refuses it.",
        examples: [
          { name: "no-format", summary: "format missing", body: { message: "format must be csv or jsonl" }, request: { as: "owner" } },
          { name: "unknown-action", summary: "An action not in the list", body: { message: "Unknown audit action" }, request: { as: "owner", query: { format: "csv", action: "workspace.exploded" } } },
        ],
      },
      refused({ query: { format: "csv" } }),
      forbidden({ query: { format: "csv" } }),
      noWorkspace({ query: { format: "csv" } }),
    ],
  }),
  route({
    method: "GET",
    path: "/api/audit-log/verify",
    handler: call((caller) => caller.auditLog.verify, { auth: "sessionOrKey", noStore: true }),
    tag: "Workspaces",
    summary: "Check the audit log's hash chain",
    description:
      "Walks your current workspace's chain from its first kept row and recomputes every hash. `valid: false` names the first break in `firstInvalid`: " +
      "a row `edited` (its content no longer gives its hash), `removed` (a row's predecessor is gone, or the last rows are) or `reordered` (a row follows " +
      `another than the one it was chained to). The retention sweep keeps the chain verifiable. ${WHO}`,
    auth: ["session", "appKey"],
    responses: [
      {
        status: 200,
        description: "The result of the check.",
        schema: auditVerifyOutput,
        examples: [
          { name: "intact", summary: "An intact chain", body: { valid: true, rowsChecked: 12, headHash: ENTRY.hash, firstInvalid: null, message: "The chain of 12 rows is intact" }, request: { as: "owner" } },
        ],
      },
      refused({}),
      forbidden({}),
      noWorkspace(),
    ],
  }),
];
