import { redirect } from "@remix-run/node";
import { findAppError } from "../../server/errors";
import { requireUser, type DashboardRequest } from "./caller.server";
import type { AccountView, ProfileView, WorkspaceView } from "./view-types";

type Caller = DashboardRequest["caller"];

function toWorkspace(row: Awaited<ReturnType<Caller["tenants"]["me"]>>): WorkspaceView {
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

/** The caller's workspace, or null when they have none yet (404 `No workspace`). */
export async function findWorkspace(caller: Caller): Promise<WorkspaceView | null> {
  try {
    return toWorkspace(await caller.tenants.me());
  } catch (error) {
    if (findAppError(error)?.status === 404) return null;
    throw error;
  }
}

/** The workspace's credit balance for the header, or null when there is no workspace to bill. */
async function findBalance(caller: Caller): Promise<string | null> {
  try {
    return (await caller.billing.myBalance()).balance;
  } catch (error) {
    if (findAppError(error)?.status === 404) return null;
    throw error;
  }
}

/**
 * Signed-in user's profile and workspace, plus what the header shows: the workspace's
 * balance and whether to offer the Admin area (queries run one after the other on the
 * request's EntityManager).
 */
export async function loadAccount(request: Request): Promise<{ dashboard: DashboardRequest; account: AccountView }> {
  const dashboard = await requireUser(request);
  const profile: ProfileView = await dashboard.caller.users.me();
  const workspace = await findWorkspace(dashboard.caller);
  const balance = workspace ? await findBalance(dashboard.caller) : null;
  const isAdmin = await dashboard.caller.auth.isAdmin();
  return { dashboard, account: { profile, workspace, balance, isAdmin } };
}

/** Like loadAccount, for pages that only make sense with a workspace: otherwise onboarding. */
export async function loadWorkspaceAccount(request: Request) {
  const { dashboard, account } = await loadAccount(request);
  if (!account.workspace) throw redirect("/onboarding");
  return { dashboard, account: account as AccountView & { workspace: WorkspaceView } };
}
