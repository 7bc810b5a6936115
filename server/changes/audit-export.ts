import canonicalize from "canonicalize";
import { stringify } from "csv-stringify/sync";
import type { AuditEntryView } from "./audit-schemas";

export type AuditExportFormat = "csv" | "jsonl";

const CSV_COLUMNS = ["id", "seq", "time", "action", "actor_type", "actor_id", "actor_name", "target_type", "target_id", "address", "user_agent", "request_id", "changes", "prev_hash", "hash"];

function actorName(entry: AuditEntryView): string {
  const actor = entry.actor;
  if (actor.type === "person") return actor.email;
  if (actor.type === "key" || actor.type === "oauth_client" || actor.type === "scim_token") return actor.name ?? "";
  return "";
}

/**
 * The rows as a file: JSON Lines carries each row exactly as the API lists it; CSV flattens
 * the actor and target into columns and keeps `changes` as canonical JSON (keys sorted) in one cell. A cell that a
 * spreadsheet would run as a formula (leading = + - @) is prefixed with a quote.
 */
export function auditExport(entries: AuditEntryView[], format: AuditExportFormat): string {
  if (format === "jsonl") return entries.map((entry) => JSON.stringify(entry) + "\n").join("");
  const records = entries.map((entry) => [
    entry.id,
    String(entry.seq),
    entry.time,
    entry.action,
    entry.actor.type,
    "id" in entry.actor ? entry.actor.id : "",
    actorName(entry),
    entry.target?.type ?? "",
    entry.target?.id ?? "",
    entry.address ?? "",
    entry.userAgent ?? "",
    entry.requestId ?? "",
    canonicalize(entry.changes) ?? "{}",
    entry.prevHash,
    entry.hash,
  ].map(neutralizeFormula));
  return stringify(records, { header: true, columns: CSV_COLUMNS });
}

function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
