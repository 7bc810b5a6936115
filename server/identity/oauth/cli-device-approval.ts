import type { EntityManager } from "@mikro-orm/postgresql";
import { liveAccessToken } from "./access-token-claims";
import { CLI_CLIENT_ID } from "./cli-client";
import { revokeOAuthGrant } from "./grants";

/** Who approved a `svc login --device`: the person the CLI key is for, and the grant to end once it is issued. */
export interface CliDeviceApproval {
  userId: string;
  email: string;
  grantId: string;
}

/**
 * The approval behind an access token, when it is a live token this server issued to the
 * CLI client (any other client's token, however valid, is not a way to a CLI key); else null.
 */
export async function cliDeviceApproval(em: EntityManager, accessToken: string): Promise<CliDeviceApproval | null> {
  const claims = await liveAccessToken(em, accessToken);
  if (!claims || claims.client_id !== CLI_CLIENT_ID || !claims.session_id) return null;
  const rows = await em.getConnection().execute<{ email: string }[]>(`select email from auth_users where id = ?`, [claims.sub]);
  if (!rows[0]) return null;
  return { userId: claims.sub, email: claims.email ?? rows[0].email, grantId: claims.session_id };
}

/** The grant has done its one job (a key was issued): its token stops working everywhere. */
export function endCliDeviceGrant(em: EntityManager, approval: CliDeviceApproval): Promise<void> {
  return revokeOAuthGrant(em, approval.grantId);
}
