import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import { getConfig } from "../../platform/config";
import { claimGapFor, claimJobRound } from "../../platform/db/job-claims";
import { log } from "../../platform/log";
import { recordJobRun } from "../../platform/metrics";
import type { OAuthClientConfig } from "../catalog/entities";
import { setConnectionStatus } from "../connection-status";
import { openCredential } from "../credentials";
import type { ConnectionMetadata, ConnectionProfile, ConnectionStatus } from "../entities";
import { checkBrokerAccount } from "./broker-check";
import type { CheckOutcome } from "./check-outcome";
import { checkFirstParty } from "./first-party-check";

/**
 * The connection health job (issue 19, docs/decisions/040): every
 * CONNECTION_HEALTH_INTERVAL_SECONDS one instance of the cluster (claimJobRound, as the
 * deployment health checks) refreshes first-party tokens that expire before the next round
 * or were not refreshed for a day, and reads the broker's status of every broker account.
 * A failure for now (network, 5xx) is retried after each wait of
 * CONNECTION_HEALTH_RETRY_SECONDS and moves the connection to `error` only when they are
 * spent. Connections are checked one after another: a round is background work, and a
 * provider is not asked for hundreds of refreshes at once.
 */
const JOB = "connection-health";
let timer: NodeJS.Timeout | undefined;
let running = false;
let stopping = false;

interface CandidateRow {
  id: string;
  tenant_id: string;
  provider: string;
  profile: ConnectionProfile;
  status: ConnectionStatus;
  encrypted_credential: string | null;
  credential_key_id: string | null;
  metadata: ConnectionMetadata;
  refreshed_at: Date;
  oauth_client_config: OAuthClientConfig | null;
}

const intervalMs = () => getConfig().CONNECTION_HEALTH_INTERVAL_SECONDS * 1000;

/** Waits `ms` unless the service is stopping (then says so at once, and the round ends). */
function pause(ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (stopping) return resolve(false);
    const wait = setTimeout(() => resolve(!stopping), ms);
    wait.unref();
  });
}

function checkOnce(em: EntityManager, row: CandidateRow): Promise<CheckOutcome> {
  if (row.profile === "broker_managed") return checkBrokerAccount(row.metadata?.broker_account_id);
  const credential = openCredential(row.encrypted_credential!, row.credential_key_id);
  return checkFirstParty(
    em,
    { tenantId: row.tenant_id, connectionId: row.id, provider: row.provider, clientConfig: row.oauth_client_config ?? {}, credential, refreshedAt: new Date(row.refreshed_at) },
    intervalMs(),
  );
}

/** One connection: checked, retried while the failure is transient and waits remain, its state written. */
async function checkConnection(em: EntityManager, row: CandidateRow): Promise<void> {
  const waits = getConfig().CONNECTION_HEALTH_RETRY_SECONDS;
  let outcome = await checkOnce(em, row);
  for (let attempt = 0; outcome.kind === "transient" && attempt < waits.length; attempt++) {
    if (!(await pause(waits[attempt]! * 1000))) return;
    outcome = await checkOnce(em, row);
  }
  if (outcome.kind === "skipped") return;
  if (outcome.kind === "transient") {
    const tries = waits.length + 1;
    await setConnectionStatus(em, row.id, { status: "error", reason: `${outcome.reason}; ${tries} ${tries === 1 ? "try" : "tries"} failed` });
    return;
  }
  await setConnectionStatus(em, row.id, { status: outcome.status, reason: outcome.reason });
}

/**
 * Which connections a round looks at: first-party ones that are active or in error (one in
 * `needs_reauth` waits for a person; its refresh would be refused again), and every broker
 * one not revoked (the broker may report an expired account active again).
 */
async function candidates(em: EntityManager): Promise<CandidateRow[]> {
  return em.getConnection().execute<CandidateRow[]>(
    `select c.id, c.tenant_id, c.provider, c.profile, c.status, c.encrypted_credential, c.credential_key_id, c.metadata,
            coalesce(c.last_refreshed_at, c.created_at) as refreshed_at, i.oauth_client_config
       from connections c left join integrations i on i.slug = c.provider
      where (c.profile = 'first_party' and c.encrypted_credential is not null and c.status in ('active', 'error'))
         or (c.profile = 'broker_managed' and c.status <> 'revoked')
      order by c.created_at`,
  );
}

/** One round, unless another instance of the cluster already made this interval's. */
export async function checkConnectionHealth(orm: MikroORM): Promise<void> {
  if (running) return;
  running = true;
  try {
    const em = orm.em.fork();
    if (!(await claimJobRound(em, JOB, claimGapFor(intervalMs())))) return;
    for (const row of await candidates(em)) {
      if (stopping) break;
      try {
        await checkConnection(em, row);
      } catch (error) {
        // One connection's fault (a credential sealed under another key, say) never stops the round.
        log.warn("connection health check failed", { connectionId: row.id, provider: row.provider, message: (error as Error).message });
      }
    }
    recordJobRun(JOB, "ok");
  } catch (error) {
    recordJobRun(JOB, "failed");
    log.warn("connection health round failed", { message: (error as Error).message });
  } finally {
    running = false;
  }
}

export function startConnectionHealth(orm: MikroORM): void {
  const ms = intervalMs();
  if (timer || !(ms > 0)) return;
  stopping = false;
  timer = setInterval(() => void checkConnectionHealth(orm), ms);
  timer.unref();
  void checkConnectionHealth(orm);
}

export function stopConnectionHealth(): void {
  stopping = true;
  if (timer) clearInterval(timer);
  timer = undefined;
}
