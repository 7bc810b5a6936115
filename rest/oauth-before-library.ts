import type { IncomingMessage, ServerResponse } from "node:http";
import { codeExchangeBeforeLibraryFrom, devicePollAllowedFrom, devicePollIntervalSeconds, introspectJwtFrom, OAUTH_SERVER_CODES, refreshBeforeLibraryFrom } from "../server/oauth-server";
import { startedRuntime } from "../server/start";
import { send, sendOAuthError } from "./oauth-answers";

/**
 * What the token and introspection endpoints answer before the library sees the request
 * (ADR 077, ADR 088, ADR 090): a device code polled too soon, and the plain requests whose
 * answer would be the library's, answered from one statement without its middleware. Anything
 * else returns true and goes on to the library.
 */

/** The runtime's ORM: the server area forks its own EntityManagers from it (ADR 069). */
const orm = () => startedRuntime()!.orm;

/** RFC 8628 3.5: a device code polled again within `interval` is answered `slow_down`. */
async function devicePollOnTime(res: ServerResponse, body: string): Promise<boolean> {
  const form = new URLSearchParams(body);
  const deviceCode = form.get("device_code");
  if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:device_code" || !deviceCode) return true;
  const interval = devicePollIntervalSeconds();
  if (await devicePollAllowedFrom(orm(), deviceCode, interval)) return true;
  sendOAuthError(res, OAUTH_SERVER_CODES.SLOW_DOWN, `Poll at most every ${interval === 1 ? "second" : `${interval} seconds`}`);
  return false;
}

/** The headers the library answers a request without Origin with at its JSON endpoints (its CORS middleware's, and no-store). */
const LIBRARY_JSON_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "WWW-Authenticate",
  "cache-control": "no-store",
  "content-type": "application/json; charset=utf-8",
  vary: "Origin",
};

/** RFC 7662 for our JWT access tokens, before the library where it would give the same answer (ADR 077). */
export async function introspectJwtHere(res: ServerResponse, body: string, _clientAddress: string | null, req: IncomingMessage): Promise<boolean> {
  // A browser's request (Origin) is the library's: it holds the client to its allowed origins (CORS).
  if (req.headers.origin !== undefined) return true;
  const headers = { authorization: req.headers.authorization, attested: req.headers["oauth-client-attestation"] !== undefined || req.headers["oauth-client-attestation-pop"] !== undefined };
  const answer = await introspectJwtFrom(orm(), headers, body);
  if (!answer) return true;
  send(res, 200, LIBRARY_JSON_HEADERS, JSON.stringify(answer));
  return false;
}

/**
 * The refresh grant (ADR 088) and the code exchange (ADR 090), before the library where it would
 * give the same answer; every other grant is the library's. A browser's request (Origin) is the
 * library's: it holds the client to its allowed origins (CORS). So is a body that is no form: the
 * library reads none from it (a JSON body is a form by now).
 */
async function grantsHere(res: ServerResponse, body: string, _clientAddress: string | null, req: IncomingMessage): Promise<boolean> {
  if (req.headers.origin !== undefined || !isFormBody(req)) return true;
  const headers = {
    authorization: req.headers.authorization,
    attested: req.headers["oauth-client-attestation"] !== undefined || req.headers["oauth-client-attestation-pop"] !== undefined,
    dpop: req.headers.dpop !== undefined,
  };
  const grantType = new URLSearchParams(body).get("grant_type");
  const answer =
    grantType === "refresh_token"
      ? await refreshBeforeLibraryFrom(orm(), headers, body)
      : grantType === "authorization_code"
        ? await codeExchangeBeforeLibraryFrom(orm(), headers, body)
        : null;
  if (!answer) return true;
  send(res, 200, LIBRARY_JSON_HEADERS, JSON.stringify(answer));
  return false;
}

const isFormBody = (req: IncomingMessage) => String(req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";

/** The token endpoint before the library: a device code's polling pace, then the refresh grant and the code exchange. */
export async function tokenRequestHere(res: ServerResponse, body: string, clientAddress: string | null, req: IncomingMessage): Promise<boolean> {
  return (await devicePollOnTime(res, body)) && grantsHere(res, body, clientAddress, req);
}
