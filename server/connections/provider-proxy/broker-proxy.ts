import { PROVIDER_PROXY } from "../error-codes";
import { getConfig } from "../../platform/config";
import { log } from "../../platform/log";
import { BrokerError, brokerProxy } from "../oauth/broker-client";
import { ProxyError } from "./proxy-error";
import type { BrokerTarget } from "./proxy-target";

/**
 * A proxied call for a broker-managed connection (the HTTP call is the broker client's) (issue 7 section 7): the broker holds the
 * tokens, so the call goes to `POST {BROKER_API_URL}/api/v3/tools/execute/proxy` with
 * `{ endpoint, method, connected_account_id, body }` and the broker's answer
 * `{ status, data, headers }` becomes the response: the provider's status, `data` as the body.
 */

const BROKER_TIMEOUT_MS = 30_000;

export interface BrokerAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** The inbound body as the broker's `body` field: JSON when it parses, else the text; absent when empty. */
export function brokerBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString("utf8");
  if (!contentType || /json/i.test(contentType)) {
    try {
      return JSON.parse(text);
    } catch {
      // not JSON after all: sent as text
    }
  }
  return text;
}

export async function callBroker(target: BrokerTarget, input: { endpoint: string; method: string; body: unknown }): Promise<BrokerAnswer> {
  const failed = (detail: string, cause?: unknown) => new ProxyError(PROVIDER_PROXY.BROKER_PROXY_FAILED, detail, { cause });
  if (!getConfig().BROKER_API_KEY) throw failed("BROKER_API_KEY is not set");
  let answered: { status: number; json: unknown };
  try {
    answered = await brokerProxy({ ...input, connectedAccountId: target.connectedAccountId, timeoutMs: BROKER_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    if (error.status !== null) throw failed(`the broker answered HTTP ${error.status}`, error);
    log.warn("broker proxy: broker unreachable", { provider: target.provider, message: error.message });
    throw failed("the broker could not be reached", error);
  }
  const answer = answered.json as { status?: unknown; data?: unknown; headers?: unknown } | null;
  if (!answer || typeof answer !== "object") throw failed(`the broker answered HTTP ${answered.status}`);
  const status = Number(answer.status);
  if (!Number.isInteger(status) || status < 200 || status > 599) throw failed("the broker's answer has no valid status");
  const headers = answer.headers && typeof answer.headers === "object" ? (answer.headers as Record<string, unknown>) : {};
  const declared = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type")?.[1];
  if (typeof answer.data === "string") {
    return { status, contentType: typeof declared === "string" ? declared : "text/plain; charset=utf-8", body: answer.data };
  }
  return { status, contentType: "application/json; charset=utf-8", body: answer.data === undefined ? "null" : JSON.stringify(answer.data) };
}
