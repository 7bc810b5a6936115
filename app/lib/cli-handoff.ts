/**
 * The CLI login hand-off (SPEC 4.6 steps 4-5), run in the browser on the visitor's click:
 * issue a key with the session cookie, then POST it to the CLI's loopback listener. The
 * key lives only in this function: it is never put in a URL, logged or rendered.
 */

export type HandoffResult =
  /** `createdApp`: the app this login made for the CLI's keys (the first one in a workspace), to say so. */
  | { ok: true; createdApp: string | null }
  | { ok: false; stage: "issue"; message: string }
  /** `revoked`: whether the undelivered key was revoked again, so nothing is left dangling. */
  | { ok: false; stage: "deliver"; message: string; revoked: boolean };

const DELIVERY_TIMEOUT_MS = 15_000;

interface IssuedKey {
  apiKey: string;
  tenantId: string;
  [field: string]: unknown;
}

function isIssuedKey(value: unknown): value is IssuedKey {
  const body = value as Partial<IssuedKey> | null;
  return typeof body?.apiKey === "string" && typeof body.tenantId === "string";
}

export async function issueAndDeliver(callbackUrl: string, hostPort: string, fetchImpl: typeof fetch = fetch): Promise<HandoffResult> {
  let issued: IssuedKey;
  try {
    const response = await fetchImpl("/api/dev/personal-key", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      credentials: "same-origin",
      cache: "no-store",
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || !isIssuedKey(body)) {
      const message = typeof (body as { message?: unknown } | null)?.message === "string" ? (body as { message: string }).message : null;
      return { ok: false, stage: "issue", message: message ?? `The key could not be issued (HTTP ${response.status}).` };
    }
    issued = body;
  } catch {
    return { ok: false, stage: "issue", message: "Could not reach svc to issue the key. Check your connection and try again." };
  }

  try {
    const response = await fetchImpl(callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(issued),
      mode: "cors",
      credentials: "omit",
      cache: "no-store",
      referrerPolicy: "no-referrer",
      // A listener that redirects must not forward the key anywhere else.
      redirect: "error",
      signal: typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(DELIVERY_TIMEOUT_MS) : undefined,
    });
    if (!response.ok) {
      const revoked = await revokeUndelivered(issued.apiKey, fetchImpl);
      return { ok: false, stage: "deliver", revoked, message: `The svc CLI at ${hostPort} refused the key (HTTP ${response.status}).` };
    }
  } catch {
    const revoked = await revokeUndelivered(issued.apiKey, fetchImpl);
    return {
      ok: false,
      stage: "deliver",
      revoked,
      message: `Could not reach the svc CLI on your computer at ${hostPort}. It may have timed out or been stopped.`,
    };
  }
  return { ok: true, createdApp: issued.appCreated === true && typeof issued.appName === "string" ? issued.appName : null };
}

/**
 * A key the CLI never received would stay live with nobody holding it (and minting it already
 * revoked the earlier CLI key): revoke it at once. True when the service confirmed it.
 */
async function revokeUndelivered(apiKey: string, fetchImpl: typeof fetch): Promise<boolean> {
  try {
    const response = await fetchImpl("/api/dev/personal-key/revoke", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ apiKey }),
      credentials: "same-origin",
      cache: "no-store",
    });
    return response.status === 204;
  } catch {
    return false;
  }
}
