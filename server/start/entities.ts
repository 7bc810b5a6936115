import { AuthSessionSchema, AuthUserSchema, ServiceAdminSchema } from "../identity";
import { TenantMembershipSchema, TenantSchema } from "../tenants";
import { AppEnvVarSchema, AppSchema } from "../apps";
import { AppKeySchema } from "../keys";
import { IntegrationSchema, AppConnectionBindingSchema, ConnectionSchema } from "../connections";

/** Every entity, listed so the bundle needs no file discovery. */
export const entities = [
  AuthUserSchema,
  AuthSessionSchema,
  ServiceAdminSchema,
  TenantSchema,
  TenantMembershipSchema,
  AppSchema,
  AppEnvVarSchema,
  AppKeySchema,
  IntegrationSchema,
  ConnectionSchema,
  AppConnectionBindingSchema,
];
