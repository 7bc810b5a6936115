import { guardedDispatcher } from "../deployments";
import { signWebhookWithEach } from "./signing";

/** What one attempt came to, as the delivery log shows it. */
export interface AttemptOutcome {
  timestamp: number;
  status: number | null;
  latencyMs: number;
  excerpt: string;
  error: string | null;
}

export interface OutgoingMessage {
  url: string;
  /** The endpoint's live secrets: the current one, and the one it replaced while their overlap lasts. */
  secrets: string[];
  /** `webhook-id`: the change record's id, the same on every attempt and on the event feed. */
  id: string;
  body: string;
}

const EXCERPT_CHARS = 500;
const EXCERPT_BYTES = 4 * EXCERPT_CHARS;

/**
 * One POST of a Standard Webhooks message through the guarded outbound client (ADR 031:
 * the endpoint's host is resolved and checked at every connection). Redirects are not
 * followed: a 3xx, like any answer outside 2xx, is a failed attempt. Only the start of the
 * answer is read, for the log.
 */
export async function attemptDelivery(message: OutgoingMessage, timeoutMs: number): Promise<AttemptOutcome> {
  const url = new URL(message.url);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const { statusCode, body } = await guardedDispatcher().request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "svc-webhooks/1",
        "webhook-id": message.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signWebhookWithEach(message.secrets, message.id, timestamp, message.body),
      },
      body: message.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= EXCERPT_BYTES) break;
    }
    if (size >= EXCERPT_BYTES) body.destroy();
    const excerpt = Buffer.concat(chunks).toString("utf8").replace(/\u0000/g, "").slice(0, EXCERPT_CHARS);
    return { timestamp, status: statusCode, latencyMs: latency(), excerpt, error: null };
  } catch (error) {
    const { code, name, message: text } = error as Error & { code?: string };
    const reason =
      code === "EUPSTREAMREFUSED"
        ? `Endpoint URL not allowed: ${text.replace(/^Upstream address not allowed: /, "")}`
        : code === "ECONNREFUSED"
          ? "connection refused"
          : name === "TimeoutError" || code === "UND_ERR_CONNECT_TIMEOUT"
            ? `no answer within ${timeoutMs / 1000} s`
            : text;
    return { timestamp, status: null, latencyMs: latency(), excerpt: "", error: reason.slice(0, 500) };
  }
}
