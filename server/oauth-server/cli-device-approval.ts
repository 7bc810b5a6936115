import type { EntityManager } from "@mikro-orm/postgresql";
import { liveAccessToken } from "./access-token-claims";
import { CLI_CLIENT_ID } from "./oauth-clients/cli-client";
import { revokeOAuthGrant } from "./grants";

/** Who approved a `svc login --device`: the person the CLI key is for, and the grant to end once it is issued. */
export interface CliDeviceApproval {
  userId: string;
  email: string;
  grantId: string;
  /**
   * For a workspace's two-step rule: "verified" when the person has a verified authenticator
   * app, since such a person's browser session reaches the approval only after its code (a
   * session waiting for it reaches nothing but the second page); else "none".
   */
  secondFactor: "verified" | "none";
}

/**
 * The approval behind an access token, when it is a live token this server issued to the
 * CLI client (any other client's token, however valid, is not a way to a CLI key); else null.
 */
export async function cliDeviceApproval(em: EntityManager, accessToken: string): Promise<CliDeviceApproval | null> {
  const claims = await liveAccessToken(em, accessToken);
  if (!claims || claims.client_id !== CLI_CLIENT_ID || !claims.session_id) return null;
  const rows = await em.getConnection().execute<{ email: string; has_factor: boolean }[]>(
    `select u.email, exists (select 1 from auth_mfa_factors f where f.user_id = u.id and f.status = 'verified') as has_factor
       from auth_users u where u.id = ?`,
    [claims.sub],
  );
  if (!rows[0]) return null;
  return { userId: claims.sub, email: claims.email ?? rows[0].email, grantId: claims.session_id, secondFactor: rows[0].has_factor ? "verified" : "none" };
}

/**
 * Claims the approval for the one trade it allows, before a key is made: its grant ends (its
 * token stops working everywhere). False when another request ended it first, however close
 * behind: the session row's update decides, in PostgreSQL, for every instance (issue 27).
 */
export function claimCliDeviceGrant(em: EntityManager, approval: CliDeviceApproval): Promise<boolean> {
  return revokeOAuthGrant(em, approval.grantId);
}
