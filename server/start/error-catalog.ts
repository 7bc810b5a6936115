/**
 * The one closed catalog of error codes, assembled from the areas' own lists (ADR 071): each
 * area owns `server/<area>/error-codes.ts` and its face exports the list; platform keeps the
 * generic codes every area shares. Assembled here because platform may import no area (the
 * floors, .dependency-cruiser.cjs), as ./entities.ts lists every area's entities.
 * tests/unit/error-catalog.test.ts keeps it one closed set (no code twice, none outside it).
 */
import { PLATFORM_ERROR_CODES, type AreaErrorCodes, type ErrorCodeEntry } from "../platform/error-codes";
import { CONNECTION_ERROR_CODES } from "../connections";
import { DEPLOYMENT_ERROR_CODES } from "../deployments";
import { IDENTITY_ERROR_CODES } from "../identity";
import { EXTERNAL_SIGN_IN_ERROR_CODES } from "../external-sign-in";
import { SSO_ERROR_CODES } from "../sso";
import { IMAGE_ERROR_CODES } from "../images";
import { MEMBER_ERROR_CODES } from "../members";
import { OAUTH_SERVER_ERROR_CODES } from "../oauth-server";
import { STORAGE_ERROR_CODES } from "../storage";
import { TENANT_ERROR_CODES } from "../tenants";
import { TWO_STEP_ERROR_CODES } from "../two-step";
import { USER_ERROR_CODES } from "../users";
import { WORKSPACE_DOMAIN_ERROR_CODES } from "../workspace-domains";

/** Every contributor, in the order the reference lists them (a group appears where its first area does). */
export const AREA_ERROR_CODES: readonly AreaErrorCodes[] = [
  PLATFORM_ERROR_CODES,
  TENANT_ERROR_CODES,
  CONNECTION_ERROR_CODES,
  MEMBER_ERROR_CODES,
  WORKSPACE_DOMAIN_ERROR_CODES,
  IDENTITY_ERROR_CODES,
  EXTERNAL_SIGN_IN_ERROR_CODES,
  SSO_ERROR_CODES,
  TWO_STEP_ERROR_CODES,
  OAUTH_SERVER_ERROR_CODES,
  DEPLOYMENT_ERROR_CODES,
  USER_ERROR_CODES,
  STORAGE_ERROR_CODES,
  IMAGE_ERROR_CODES,
];

/** The codes on the wire, for the reference: each group with its areas' entries, in the order above. */
export const errorCatalog: ReadonlyArray<{ group: string; entries: Record<string, ErrorCodeEntry> }> = (() => {
  const groups = new Map<string, Record<string, ErrorCodeEntry>>();
  for (const { groups: areaGroups } of AREA_ERROR_CODES) {
    for (const { group, entries } of areaGroups) groups.set(group, { ...groups.get(group), ...entries });
  }
  return [...groups].map(([group, entries]) => ({ group, entries }));
})();
