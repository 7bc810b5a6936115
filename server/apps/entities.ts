import { ArrayType } from "../platform/db/mikro-orm";
import { createdAt, tableSchema, timestamps, uuidId } from "../platform/db/columns";

export type AppKind = "app" | "cli";
export type EnvVarKind = "user" | "integration";

export class App {
  id!: string;
  tenantId!: string;
  name!: string;
  kind!: AppKind;
  createdBy!: string;
  createdAt: Date = new Date();
  /** Exact origins (`scheme://host[:port]`) an SDK opener of this app may run on (issue 7). */
  allowedOrigins: string[] = [];
}

export class AppEnvVar {
  appId!: string;
  key!: string;
  valueCiphertext!: string;
  kind!: EnvVarKind;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const AppSchema = tableSchema(App, "apps", {
  id: uuidId(),
  tenantId: { type: "uuid", fieldName: "tenant_id" },
  name: { type: "text" },
  kind: { type: "text" },
  createdBy: { type: "uuid", fieldName: "created_by" },
  createdAt: createdAt(),
  allowedOrigins: { type: ArrayType, columnType: "text[]", fieldName: "allowed_origins" },
});

export const AppEnvVarSchema = tableSchema(AppEnvVar, "app_env_vars", {
  appId: { type: "uuid", primary: true, fieldName: "app_id" },
  key: { type: "text", primary: true },
  valueCiphertext: { type: "text", fieldName: "value_ciphertext", hidden: true },
  kind: { type: "text" },
  ...timestamps(),
});

export function appRow(app: App) {
  return { id: app.id, tenantId: app.tenantId, name: app.name, kind: app.kind, createdBy: app.createdBy, createdAt: app.createdAt.toISOString() };
}
export type AppRow = ReturnType<typeof appRow>;
