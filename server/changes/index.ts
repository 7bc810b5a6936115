/** The changes area's face: the workspace change log and audit log, written in the transaction of each change (ADR 041, ADR 047). */
export { CHANGE_TYPES, WEBHOOK_EVENT_TYPES, isWebhookEvent } from "./change-types";
export type { ChangeType, WebhookEventType } from "./change-types";
export { WEBHOOKS_DUE_CHANNEL, recordChange, recordChangeWithStatement } from "./record-change";
export { accountEventInEachWorkspace } from "./audit-writer";
export type { Change, ChangeActor } from "./record-change";
export { AUDIT_ACTIONS, isAuditAction } from "./audit-actions";
export type { AuditAction } from "./audit-actions";
export { auditRange, listAuditEntries } from "./audit-log";
export { verifyAuditChain } from "./audit-verify";
export { auditExport } from "./audit-export";
export type { AuditExportFormat } from "./audit-export";
export { AUDIT_EXPORT_MAX_ROWS, auditEntryOutput, auditExportInput, auditFilterInput, auditPageOutput, auditVerifyOutput } from "./audit-schemas";
export type { AuditEntryView, AuditFilter, AuditVerifyResult } from "./audit-schemas";
export { sweepAuditLog } from "./audit-retention";
export { ACCOUNT_ACTIVITY_ACTIONS, accountActivityInput, listAccountEvents } from "./account-activity";
export type { AccountActivityAction, AccountEventRow, AccountEventPage } from "./account-activity";
export { changesMigrations } from "./migrations";
