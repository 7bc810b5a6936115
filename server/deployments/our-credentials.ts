import { authorizationServerIssuer } from "../oauth-server";

/**
 * Whether a header value carries one of the service's own credentials, however it is spelled
 * (issue 27): a JWT naming our issuer (a dashboard session's access token or an OAuth access
 * token of our authorization server; both are signed with the identity key) or a prefixed
 * secret (`svc_sk_` app keys, `svc_at_` agent tokens, `svc_cs_` connect sessions), anywhere in
 * the value, after any scheme, whitespace, comma or junk, percent-encoded, or inside Basic
 * credentials. Such a value never reaches a deployed tool. Read without verifying: a tool gets
 * no value that even claims to be ours.
 */

const PREFIXED = /svc_(?:sk|at|cs)_/i;
/** What separates pieces: anything no token68, JWT or prefixed secret has. */
const NOT_TOKEN = /[^A-Za-z0-9._~+/=_-]+/;
/** Percent-decodings tried (`%255F` is `%5F` is `_`). */
const DECODINGS = 3;
/** The shortest value worth decoding as base64 (Basic credentials around a secret). */
const MIN_ENCODED = 16;

export function carriesOurCredential(value: string, options: { base64?: boolean } = {}): boolean {
  if (value.length === 0) return false;
  if (plainlyOurs(value)) return true;
  let decoded = value;
  for (let round = 0; round < DECODINGS && decoded.includes("%"); round += 1) {
    decoded = safelyDecoded(decoded);
    if (plainlyOurs(decoded)) return true;
  }
  if (options.base64 === false) return false;
  // Basic credentials (or any base64) around one of ours.
  for (const piece of value.split(NOT_TOKEN)) {
    if (piece.length < MIN_ENCODED || piece.includes(".")) continue;
    if (plainlyOurs(Buffer.from(piece, "base64").toString("latin1"))) return true;
  }
  return false;
}

function safelyDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

function plainlyOurs(text: string): boolean {
  return PREFIXED.test(text) || (text.includes(".") && carriesOurJwt(text));
}

/** A `header.payload.signature` run anywhere in the text whose payload names our issuer. */
function carriesOurJwt(text: string): boolean {
  const issuer = authorizationServerIssuer();
  // `{"iss":"<issuer>"}` at the least, in base64url: anything shorter names no issuer of ours.
  const shortest = Math.ceil(((issuer.length + 10) * 4) / 3);
  for (const piece of text.split(/[^A-Za-z0-9_.-]+/)) {
    const segments = piece.split(".");
    // A payload segment has a dot on either side (a header cut off is easily put back); JSON's `{` makes it start with `ey`.
    for (let i = 1; i < segments.length - 1; i += 1) {
      const payload = segments[i]!;
      if (payload.length >= shortest && payload.startsWith("ey") && namesOurIssuer(payload, issuer)) return true;
    }
  }
  return false;
}

/** Only a payload that mentions the issuer is parsed: garbage costs a decode, never a thrown error. */
function namesOurIssuer(segment: string, issuer: string): boolean {
  const text = Buffer.from(segment, "base64url").toString("utf8");
  if (!text.startsWith("{") || !text.includes(issuer)) return false;
  try {
    const claims = JSON.parse(text) as { iss?: unknown };
    return typeof claims === "object" && claims !== null && claims.iss === issuer;
  } catch {
    return false;
  }
}
