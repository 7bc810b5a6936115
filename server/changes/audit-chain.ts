import { hash } from "node:crypto";
import canonicalize from "canonicalize";
import type { RequestActor } from "../platform/request-scope";
import type { AuditAction } from "./audit-actions";

/** The predecessor of a workspace's first row. */
export const GENESIS_HASH = "0".repeat(64);

/** What a row says, the part its hash covers (its id and number are only its place). */
export interface AuditContent {
  tenantId: string;
  time: Date;
  actor: RequestActor;
  action: AuditAction | string;
  target: { type: string; id: string } | null;
  address: string | null;
  userAgent: string | null;
  requestId: string | null;
  changes: Record<string, unknown>;
}

/**
 * The row's content in RFC 8785 canonical JSON (the `canonicalize` package): the same content
 * always gives the same bytes, whatever the key order the database hands back.
 */
export function canonicalContent(content: AuditContent): string {
  return canonicalize({
    workspace: content.tenantId,
    time: content.time.toISOString(),
    actor: content.actor,
    action: content.action,
    target: content.target,
    address: content.address,
    userAgent: content.userAgent,
    requestId: content.requestId,
    changes: content.changes,
  })!;
}

/**
 * SHA-256 (hex) over the predecessor's hash, a newline and the row's canonical content: any
 * edit to a stored row changes it. The writer has PostgreSQL compute the same bytes' hash.
 */
export function chainHash(prevHash: string, content: AuditContent): string {
  return hash("sha256", `${prevHash}\n${canonicalContent(content)}`, "hex");
}
