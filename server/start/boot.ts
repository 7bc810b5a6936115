import { getConfig, resetConfig } from "../platform/config";
import { log } from "../platform/log";
import { ensureSecrets } from "./secrets";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres";

let embedded: EmbeddedDatabase | undefined;

/**
 * Makes the environment complete for a fresh clone: secrets from .data/secrets.env
 * (generated once) and, unless DATABASE_URL is set, an embedded PostgreSQL under
 * .data/postgres. Both `npm start` and `remix-serve` come through here.
 */
export async function bootEnvironment(): Promise<void> {
  const dataDir = getConfig().DATA_DIR;
  const generated = ensureSecrets(dataDir);
  if (generated.length > 0) log.info(`generated ${generated.join(", ")} into ${dataDir}/secrets.env`);
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({
      dir: `${dataDir}/postgres`,
      password: process.env.EMBEDDED_POSTGRES_PASSWORD!,
      log: (line) => log.debug(line),
      notice: (line) => log.info(line),
    });
    process.env.DATABASE_URL = embedded.url;
    log.info(`embedded PostgreSQL started (data in ${dataDir}/postgres)`);
  }
  resetConfig();
}

export async function stopEmbeddedDatabase(): Promise<void> {
  const db = embedded;
  embedded = undefined;
  if (db) await db.stop();
}
