import { getConfig } from "../config";
import { AppError } from "../errors";

/**
 * `DELETE {BROKER_API_URL}/api/v3/connected_accounts/{id}` for a disconnect (issue 7
 * section 4). A 404 means it is already gone there. Any other failure is shown to the person
 * and the local row stays (connection-service.ts), so they can try again.
 */
export async function deleteBrokerAccount(brokerAccountId: string): Promise<void> {
  const config = getConfig();
  const failed = (why: string) => new AppError("BAD_GATEWAY", `The broker could not delete the account (${why}); the connection is kept, try again`);
  if (!config.BROKER_API_KEY) throw failed("BROKER_API_KEY is not set");
  let response: Response;
  try {
    response = await fetch(`${config.brokerApiUrl}/api/v3/connected_accounts/${encodeURIComponent(brokerAccountId)}`, {
      method: "DELETE",
      headers: { "x-api-key": config.BROKER_API_KEY, accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw failed("not reachable");
  }
  await response.body?.cancel();
  if (response.ok || response.status === 404) return;
  throw failed(`HTTP ${response.status}`);
}
