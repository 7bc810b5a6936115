/** Deployments answer a signed-in member or an `svc_sk_` key of the workspace, as apps and keys do. */
export { actingTenant as deploymentTenant } from "./acting-tenant";
