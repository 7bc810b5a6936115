import type { EntityManager } from "@mikro-orm/postgresql";
import { cliDeviceApproval, endCliDeviceGrant } from "../identity";
import { invalidBearer } from "../platform/errors";
import { mintCliKey } from "./cli-key";

/**
 * `svc login --device` (issue 15, docs/decisions/051): the access token the device grant gave
 * the CLI client, traded once for a CLI key. Open to every member of a workspace, whatever
 * their role. The grant ends as the key is made: the key is the CLI's credential from now on,
 * and the token cannot be traded a second time.
 */
export async function issueDeviceKey(em: EntityManager, accessToken: string) {
  const approval = await cliDeviceApproval(em, accessToken);
  if (!approval) throw invalidBearer();
  const key = await mintCliKey(em, approval);
  await endCliDeviceGrant(em, approval);
  return key;
}
