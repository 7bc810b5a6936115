import type { EntityManager } from "@mikro-orm/postgresql";
import { decryptSecret, encryptSecret } from "../platform/crypto/secret-box";
import { recordChange } from "../changes";
import { AppError } from "../platform/errors";
import { AppEnvVar, type EnvVarKind } from "./entities";

export interface EnvVarRow {
  key: string;
  kind: EnvVarKind;
  value: string;
  updatedAt: string;
}

export async function listEnvVars(em: EntityManager, appId: string): Promise<EnvVarRow[]> {
  const rows = await em.find(AppEnvVar, { appId }, { orderBy: { key: "asc" } });
  return rows.map((row) => ({ key: row.key, kind: row.kind, value: decryptSecret(row.valueCiphertext), updatedAt: row.updatedAt.toISOString() }));
}

/** The variables without their values (viewers see names, never values): nothing is decrypted. */
export async function listEnvVarNames(em: EntityManager, appId: string): Promise<Array<Omit<EnvVarRow, "value"> & { value: null }>> {
  const rows = await em.find(AppEnvVar, { appId }, { orderBy: { key: "asc" } });
  return rows.map((row) => ({ key: row.key, kind: row.kind, value: null, updatedAt: row.updatedAt.toISOString() }));
}

/**
 * Creates or replaces a variable. Members edit `user` rows; `integration` rows belong to
 * the OAuth connection that wrote them and are refused here.
 */
export async function setEnvVar(em: EntityManager, tenantId: string, appId: string, key: string, value: string, kind: EnvVarKind = "user"): Promise<void> {
  const valueCiphertext = encryptSecret(value);
  // The variable and its audit row (its name, never its value) commit together.
  await em.transactional(async (tx) => {
    const existing = await tx.findOne(AppEnvVar, { appId, key });
    if (existing && existing.kind !== kind) throw new AppError("CONFLICT", `${key} is managed by an integration`);
    if (existing) {
      existing.valueCiphertext = valueCiphertext;
      existing.updatedAt = new Date();
    } else {
      tx.create(AppEnvVar, { appId, key, valueCiphertext, kind, createdAt: new Date(), updatedAt: new Date() });
    }
    await tx.flush();
    await recordChange(tx, { tenantId, audit: "variable.set", data: { name: key, replaced: Boolean(existing) }, target: { type: "app", id: appId } });
  });
}

export async function deleteEnvVar(em: EntityManager, tenantId: string, appId: string, key: string): Promise<void> {
  await em.transactional(async (tx) => {
    const existing = await tx.findOne(AppEnvVar, { appId, key });
    if (!existing) throw new AppError("NOT_FOUND", "Variable not found");
    if (existing.kind !== "user") throw new AppError("CONFLICT", `${key} is managed by an integration`);
    await tx.remove(existing).flush();
    await recordChange(tx, { tenantId, audit: "variable.deleted", data: { name: key }, target: { type: "app", id: appId } });
  });
}

/** `.env` text: every value double-quoted, with `\`, `"`, newlines and `$` escaped. */
export function toDotenv(rows: Array<{ key: string; value: string }>): string {
  const escape = (value: string) =>
    value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\$/g, "\\$");
  return rows.map((row) => `${row.key}="${escape(row.value)}"\n`).join("");
}

/** The app's variables as an environment (names to decrypted values): the shell broker hands them to the agent for each session. */
export async function appEnvironment(em: EntityManager, appId: string): Promise<Record<string, string>> {
  const rows = await listEnvVars(em, appId);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
