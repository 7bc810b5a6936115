/** The keys area's face: what other areas, the routers, rest/ and app/ may use. */
export { AppKeySchema } from "./entities";
export { KEY_REVOKED_CHANNEL, keyCacheEvictions, publishKeyRevoked } from "./key-cache";
export type { AppKeyPrincipal } from "./key-cache";
export { APP_KEY_PREFIX } from "./key-format";
export { authenticateAppKey, authenticateCachedKey, issueAppKey, listKeys, revokeAppKey, revokeAppKeys, revokeKeyById, revokeKeysIssuedBy, revokeMemberKeys, revokeOwnCliKey, revokeUserCliKeys } from "./key-service";
export { cliAppsOutput, cliEnvOutput, createdKeyOutput, createKeyBody, keyListOutput, whoamiOutput } from "./schemas";
export type { CliAppsOutput, WhoamiOutput } from "./schemas";
// The edge's key lookups (rest/bearer.ts): each forks its own EntityManager (ADR 069).
export { cachedAppKey, lookUpAppKey } from "./key-lookup";
