import type { DashboardRequest } from "./caller.server";
import { describeFailure } from "./form-errors.server";
import { notFound } from "./not-found.server";
import type { LedgerEntryView } from "./view-types";

export interface LedgerPageView {
  tenantId: string;
  name: string;
  slug: string;
  entries: LedgerEntryView[];
  nextCursor: string | null;
}

/**
 * One page of a workspace's credits history for a page loader (`?cursor=` picks the page);
 * an unknown workspace or a cursor that is not ours is the 404 page, not a 500.
 */
export async function loadLedgerPage(dashboard: DashboardRequest, request: Request, tenantId?: string): Promise<LedgerPageView> {
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  try {
    return await dashboard.caller.billing.history({ tenantId, cursor });
  } catch (error) {
    const failure = describeFailure(error, request);
    if (failure.status === 404 || failure.status === 400) throw await notFound(request);
    throw error;
  }
}
