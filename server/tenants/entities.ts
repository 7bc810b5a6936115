import { createdAt, tableSchema, timestamps, uuidId } from "../platform/db/columns";
import type { TenantOutput } from "./schemas";

export type MembershipRole = "owner" | "member" | "viewer";

export class Tenant {
  id!: string;
  name!: string;
  slug!: string;
  ownerId!: string;
  isPersonal = false;
  referralCode!: string;
  slugChosen = false;
  logoUrl: string | null = null;
  /**
   * The workspace's two-step rule (ADR 049), read with the row so a path that has the row
   * checks the rule without a query of its own; written only by `setTwoStepRule`.
   */
  requireTwoStep = false;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export class TenantMembership {
  tenantId!: string;
  userId!: string;
  role!: MembershipRole;
  createdAt: Date = new Date();
}

export const TenantSchema = tableSchema(Tenant, "tenants", {
  id: uuidId(),
  name: { type: "text" },
  slug: { type: "text" },
  ownerId: { type: "uuid", fieldName: "owner_id" },
  isPersonal: { type: "boolean", fieldName: "is_personal" },
  referralCode: { type: "text", fieldName: "referral_code" },
  slugChosen: { type: "boolean", fieldName: "slug_chosen" },
  logoUrl: { type: "text", fieldName: "logo_url", nullable: true },
  requireTwoStep: { type: "boolean", fieldName: "require_two_step" },
  ...timestamps(),
});

export const TenantMembershipSchema = tableSchema(TenantMembership, "tenant_memberships", {
  tenantId: { type: "uuid", primary: true, fieldName: "tenant_id" },
  userId: { type: "uuid", primary: true, fieldName: "user_id" },
  role: { type: "text" },
  createdAt: createdAt(),
});

/** The tenant row as the API returns it (SPEC section 2). */
export function tenantRow(t: Tenant): TenantOutput {
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    ownerId: t.ownerId,
    isPersonal: t.isPersonal,
    referralCode: t.referralCode,
    slugChosen: t.slugChosen,
    logoUrl: t.logoUrl,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
export type TenantRow = ReturnType<typeof tenantRow>;
