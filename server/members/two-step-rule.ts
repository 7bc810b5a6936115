import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../platform/errors";
import { MEMBER_CODES } from "./error-codes";
import { recordChange } from "../changes";

/**
 * The workspace's two-step rule (issue 20, 1; ADR 049). It binds sessions only: keys and OAuth
 * grants are not sessions and keep working, and the session check (`/api/auth/me`) never asks.
 *
 * How the caller came in, as the rule sees it: a session that passed its second factor
 * (`verified`), one whose person has none (`none`), or a key (`key`, never bound).
 */
export type RuleCaller = "verified" | "none" | "pending" | "key";

export const TWO_STEP_REQUIRED_MESSAGE =
  "This workspace requires two-step sign-in. Set it up on your profile page (/profile#two-step), then try again.";

export const twoStepRequired = () => new AppError("FORBIDDEN", TWO_STEP_REQUIRED_MESSAGE, { code: MEMBER_CODES.TWO_STEP_REQUIRED.code });

export function passesTwoStepRule(requireTwoStep: boolean | undefined, caller: RuleCaller): boolean {
  return !requireTwoStep || caller === "verified" || caller === "key";
}

export async function readTwoStepRule(em: EntityManager, tenantId: string): Promise<boolean> {
  const rows = await em.getConnection().execute<{ require_two_step: boolean }[]>(`select require_two_step from tenants where id = ?`, [tenantId]);
  return rows[0]?.require_two_step === true;
}

/** For paths that find the workspace without `tenantFor` (the owner's `/api/tenants/me`). */
export async function assertTwoStepRule(em: EntityManager, tenantId: string, caller: RuleCaller): Promise<void> {
  assertTwoStepPassed(await readTwoStepRule(em, tenantId), caller);
}

/** The same, for a path that already read the workspace's row with its rule (no query of its own). */
export function assertTwoStepPassed(requireTwoStep: boolean, caller: RuleCaller): void {
  if (!passesTwoStepRule(requireTwoStep, caller)) throw twoStepRequired();
}

/**
 * Turning the rule on needs the owner's own session to have passed two-step sign-in: else
 * the owner would be the first person it locks out.
 */
export async function setTwoStepRule(em: EntityManager, tenantId: string, required: boolean, caller: RuleCaller): Promise<{ required: boolean }> {
  if (required && caller !== "verified") {
    throw new AppError("CONFLICT", "Set up two-step sign-in for your own account first (profile page): the rule would lock you out too.", {
      code: MEMBER_CODES.TWO_STEP_NOT_SET_UP.code,
    });
  }
  // The rule and its audit row commit together; setting the rule it already has is no change and records none.
  await em.transactional(async (tx) => {
    const [before] = await tx.execute<{ require_two_step: boolean }[]>(`select require_two_step from tenants where id = ? for update`, [tenantId]);
    await tx.execute(`update tenants set require_two_step = ?, updated_at = now() where id = ?`, [required, tenantId]);
    if (before && before.require_two_step !== required) {
      await recordChange(tx, { tenantId, audit: "workspace.two_step_changed", data: { from: before.require_two_step, to: required }, target: { type: "workspace", id: tenantId } });
    }
  });
  return { required };
}
