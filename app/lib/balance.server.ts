import { json, redirect } from "@remix-run/node";
import { sessionHeaders, type DashboardRequest } from "./caller.server";
import { describeFailure } from "./form-errors.server";
import type { BalanceAdjustResult } from "./view-types";

/**
 * The admin grant/deduct form: the server decides (admin only, amount rule, no overdraft)
 * and a repeated idempotency key comes back as `duplicate` with nothing written.
 */
export async function adjustBalance(dashboard: DashboardRequest, request: Request, form: FormData) {
  const headers = sessionHeaders(dashboard);
  const tenantId = String(form.get("tenantId") ?? "");
  const direction = form.get("direction") === "deduct" ? "deduct" : "grant";
  const amount = String(form.get("amount") ?? "").trim();
  const reference = String(form.get("reference") ?? "").trim();
  const idempotencyKey = String(form.get("idempotencyKey") ?? "");
  const values = { amount, reference };
  try {
    const result = await dashboard.caller.billing.adjust({ tenantId, direction, amount, reference: reference || undefined, idempotencyKey });
    return json<BalanceAdjustResult>(
      { intent: "adjust", ok: true, tenantId, direction, amount, duplicate: result.duplicate, balance: result.balance },
      { headers },
    );
  } catch (error) {
    const failure = describeFailure(error, request);
    if (failure.status === 403) throw redirect("/dashboard", { headers });
    const field =
      failure.path === "reference" ? "reference" : failure.path === "amount" || /amount|credits/i.test(failure.message) ? "amount" : undefined;
    const result: BalanceAdjustResult = field
      ? { intent: "adjust", ok: false, tenantId, fieldErrors: { [field]: failure.message }, values }
      : { intent: "adjust", ok: false, tenantId, formError: failure.message, values };
    return json(result, { status: failure.status, headers });
  }
}
