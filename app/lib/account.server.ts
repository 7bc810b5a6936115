import { redirect } from "@remix-run/node";
import { findAppError } from "../../server/platform/errors";
import { requireUser, type DashboardRequest } from "./caller.server";
import type { MembershipRole } from "../../server/tenants";
import type { SessionUser } from "../../server/identity";
import { CAPABILITIES, can, type Capability } from "../../server/members";
import type { AccountView, ProfileView, TenantView } from "./view-types";

type Caller = DashboardRequest["caller"];

type TenantRow = Awaited<ReturnType<Caller["tenants"]["me"]>>;

function toTenant(row: TenantRow): TenantView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    slugChosen: row.slugChosen,
    logoUrl: row.logoUrl,
    referralCode: row.referralCode,
    createdAt: row.createdAt,
  };
}

/** Null for the 404 `No workspace`; anything else is rethrown. */
async function orNullWhenMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (findAppError(error)?.status === 404) return null;
    throw error;
  }
}

/** The workspace the caller owns (SPEC 4.2), or null: onboarding creates one. */
export async function findOwnedTenant(caller: Caller): Promise<TenantView | null> {
  const row = await orNullWhenMissing(caller.tenants.me());
  return row ? toTenant(row) : null;
}

/** The workspace the dashboard shows (owned, joined or chosen in the switcher) and the role in it. */
async function findCurrentTenant(caller: Caller): Promise<{ workspace: TenantView; role: MembershipRole } | null> {
  const row = await orNullWhenMissing(caller.tenants.current());
  return row ? { workspace: toTenant(row), role: row.role } : null;
}

/**
 * The workspace's two-step rule refuses this session (ADR 049): every page but the profile
 * sends the person there to set it up; the profile itself shows without the workspace.
 */
async function currentTenantUnlessRuled(caller: Caller, request: Request): Promise<{ current: Awaited<ReturnType<typeof findCurrentTenant>>; twoStepRequired: boolean; ssoRequired?: string }> {
  try {
    return { current: await findCurrentTenant(caller), twoStepRequired: false };
  } catch (error) {
    // "Require single sign-on" (ADR 086): the same way out, the profile, with the rule's sentence pointing at SSO.
    if (findAppError(error)?.body.code === "SSO_REQUIRED") {
      if (new URL(request.url).pathname !== "/profile") throw redirect(`/profile?notice=sso-required`);
      return { current: null, twoStepRequired: false, ssoRequired: findAppError(error)!.message };
    }
    if (findAppError(error)?.body.code !== "TWO_STEP_REQUIRED") throw error;
    if (new URL(request.url).pathname !== "/profile") throw redirect(`/profile?notice=two-step-required#two-step`);
    return { current: null, twoStepRequired: true };
  }
}

/** The workspace's credit balance for the header, or null when there is no workspace to bill. */
async function findBalance(caller: Caller): Promise<string | null> {
  return (await orNullWhenMissing(caller.billing.myBalance()))?.balance ?? null;
}

/**
 * Signed-in user's profile and workspace, plus what the header shows: the workspace's
 * balance and whether to offer the Admin area (queries run one after the other on the
 * request's EntityManager).
 */
export async function loadAccount(request: Request): Promise<{ dashboard: DashboardRequest & { user: SessionUser }; account: AccountView }> {
  const dashboard = await requireUser(request);
  const profile: ProfileView = await dashboard.caller.users.me();
  const { current, twoStepRequired, ssoRequired } = await currentTenantUnlessRuled(dashboard.caller, request);
  const balance = current ? await findBalance(dashboard.caller) : null;
  const isAdmin = await dashboard.caller.auth.isAdmin();
  const tenants = current ? await dashboard.caller.workspaces.list() : [];
  return {
    dashboard,
    account: {
      profile,
      workspace: current?.workspace ?? null,
      role: current?.role ?? null,
      allowed: current ? allowedFor(current.role) : {},
      workspaces: tenants.map((w) => ({ id: w.tenantId, name: w.name, role: w.role })),
      balance,
      isAdmin,
      ...(twoStepRequired ? { twoStepRequired } : {}),
      ...(ssoRequired ? { ssoRequired } : {}),
    },
  };
}

/** What the role may do, from the one permission table: pages show only the forms it allows. */
function allowedFor(role: MembershipRole): Partial<Record<Capability, boolean>> {
  return Object.fromEntries((Object.keys(CAPABILITIES) as Capability[]).map((capability) => [capability, can(role, capability)]));
}

/** Like loadAccount, for pages that only make sense with a workspace: otherwise onboarding. */
export async function loadTenantAccount(request: Request) {
  const { dashboard, account } = await loadAccount(request);
  if (!account.workspace) throw redirect("/onboarding");
  return { dashboard, account: account as AccountView & { workspace: TenantView } };
}
