/**
 * The workspace domains area's face (issue 32 item 3, ADR 081): email domains a workspace
 * claims and proves with a DNS TXT record, one verified holder per domain. Later work (single
 * sign-on's home-realm discovery, "require single sign-on") asks `workspaceForVerifiedEmail`.
 */
export {
  adminListDomains,
  adminRemoveDomain,
  adminVerifyDomain,
  claimDomain,
  listDomains,
  recordName,
  recordValue,
  removeDomain,
  verifyDomain,
  workspaceForVerifiedEmail,
} from "./domain-service";
export { emailDomain, normaliseDomain, DOMAIN_MESSAGES } from "./domain-name";
export { DOMAIN_CODES, WORKSPACE_DOMAIN_ERROR_CODES } from "./error-codes";
export {
  adminDomainListOutput,
  adminDomainOutput,
  claimDomainBody,
  claimDomainInput,
  domainIdInput,
  workspaceDomainListOutput,
  workspaceDomainOutput,
  type AdminDomainView,
  type WorkspaceDomainView,
} from "./schemas";
export { workspaceDomainsMigrations } from "./migrations";
