/** The tenants area's face: what other areas, the routers, rest/ and app/ may use. */
export { Tenant, TenantMembershipSchema, TenantSchema, tenantRow } from "./entities";
export type { MembershipRole } from "./entities";
export { listUserTenants, membershipRole, resolveUserTenant } from "./membership";
export type { UserTenant } from "./membership";
export { checkSlugInput, createTenantInput, logoUploadOutput, slugCheckOutput, tenantOutput, updateTenantInput } from "./schemas";
export type { TenantOutput } from "./schemas";
export { SLUG_FORMAT_MESSAGE, isValidSlugFormat, normalizeSlug } from "./slug";
export { checkSlug, createTenant, findTenant, requireProductionTenant, setTenantLogo, updateTenant } from "./tenant-service";
export { SLUG_CHECK, TENANT_APP_ERRORS, TENANT_CODES, TENANT_ERROR_CODES } from "./error-codes";
export { userTenantOf } from "./edge-calls";
