import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../platform/errors";

export interface AppWithVariableCount {
  id: string;
  name: string;
  kind: "app" | "cli";
  variables: number;
}

/** The workspace's apps with how many variables each has (the CLI's app first, then by age). */
export async function appsWithVariableCounts(em: EntityManager, tenantId: string): Promise<AppWithVariableCount[]> {
  const rows = await em.getConnection().execute<{ id: string; name: string; kind: "app" | "cli"; variables: string }[]>(
    `select a.id, a.name, a.kind, count(v.key) as variables
       from apps a left join app_env_vars v on v.app_id = a.id
      where a.tenant_id = ?
      group by a.id order by a.kind = 'cli' desc, a.created_at asc`,
    [tenantId],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind, variables: Number(row.variables) }));
}

/** The one app of the workspace named exactly `name`: 404 when none, 409 when several share it. */
export async function appByName(em: EntityManager, tenantId: string, name: string): Promise<{ id: string; name: string }> {
  const rows = await em.getConnection().execute<{ id: string; name: string }[]>(`select id, name from apps where tenant_id = ? and name = ?`, [tenantId, name]);
  if (rows.length === 0) throw new AppError("NOT_FOUND", `No app named ${name} in this workspace`);
  if (rows.length > 1) throw new AppError("CONFLICT", `${rows.length} apps are named ${name}: rename one in the dashboard, then try again`);
  return rows[0]!;
}
