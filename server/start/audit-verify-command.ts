import { verifyAuditChain, type AuditVerifyResult } from "../changes";
import { bootEnvironment, stopEmbeddedDatabase } from "./boot";
import { initORM } from "./orm";

/**
 * `npm run audit:verify -- <workspace-url>` (scripts/audit-verify.mjs): checks a workspace's
 * audit chain straight from PostgreSQL (DATABASE_URL, else the embedded database in DATA_DIR
 * while the service is stopped), without a running service and without trusting one.
 */
export async function verifyAuditChainOf(slug: string): Promise<AuditVerifyResult> {
  if (!process.env.DATABASE_URL) await bootEnvironment();
  const orm = await initORM();
  try {
    const em = orm.em.fork();
    const [tenant] = await em.execute<{ id: string }[]>(`select id from tenants where slug = ?`, [slug]);
    if (!tenant) throw new Error(`No workspace has the URL "${slug}"`);
    return await verifyAuditChain(em, tenant.id);
  } finally {
    await orm.close();
    await stopEmbeddedDatabase();
  }
}
