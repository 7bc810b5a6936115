import type { OperationDoc } from "../operation";
import { balanceOperations } from "./balance";
import { cliOperations } from "./cli";
import { connectionOperations } from "./connections";
import { dashboardOperations } from "./dashboard";
import { deploymentOperations } from "./deployments";
import { deploymentShellOperations } from "./deployment-shell";
import { identityProviderOperations } from "./identity-provider";
import { memberOperations } from "./members";
import { oauthOperations } from "./oauth";
import { referenceOperations } from "./reference";
import { sessionOperations } from "./session";
import { storageOperations } from "./storage";
import { tenantOperations } from "./tenants";
import { toolOperations } from "./tools";
import { toolSurfaceOperations } from "./tool-surface";
import { userOperations } from "./users";

/**
 * Every documented operation, in the order of the reference. A new route's docs go in the
 * file of its area (or a new file listed here); the coverage test fails until they exist.
 */
export const operations: OperationDoc[] = [
  ...sessionOperations,
  ...tenantOperations,
  ...memberOperations,
  ...userOperations,
  ...balanceOperations,
  ...cliOperations,
  ...deploymentOperations,
  ...deploymentShellOperations,
  ...toolOperations,
  ...toolSurfaceOperations,
  ...oauthOperations,
  ...connectionOperations,
  ...identityProviderOperations,
  ...storageOperations,
  ...dashboardOperations,
  ...referenceOperations,
];
