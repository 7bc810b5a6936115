import { AuthSessionSchema, AuthUserSchema, ServiceAdminSchema } from "../identity/entities";
import { TenantMembershipSchema, TenantSchema } from "../tenants/entities";
import { AppEnvVarSchema, AppSchema } from "../apps/entities";
import { AppKeySchema } from "../keys/entities";
import { IntegrationSchema } from "../connections/catalog/entities";
import { AppConnectionBindingSchema, ConnectionSchema } from "../connections/entities";

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
