import type { EntityManager } from "@mikro-orm/postgresql";
import { cliDeviceApproval, claimCliDeviceGrant } from "../oauth-server";
import { invalidBearer } from "../platform/errors";
import { mintCliKey } from "./cli-key";

/**
 * `svc login --device` (issue 15, docs/decisions/051): the access token the device grant gave
 * the CLI client, traded once for a CLI key. Open to every member of a workspace, whatever
 * their role. The grant ends before the key is made, and only the request that ended it goes
 * on: the token is traded once, however many copies of it arrive at once (issue 27). A trade
 * refused after the claim (no workspace, two-step sign-in required) has spent the login too:
 * `svc login` starts a new one.
 */
export async function issueDeviceKey(em: EntityManager, accessToken: string) {
  const approval = await cliDeviceApproval(em, accessToken);
  if (!approval || !(await claimCliDeviceGrant(em, approval))) throw invalidBearer();
  return mintCliKey(em, { ...approval, sessionId: approval.grantId });
}
