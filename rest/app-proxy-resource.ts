import type { IncomingMessage, ServerResponse } from "node:http";
import { appOrigin, bearerChallenge, protectedResourceMetadata, type DeploymentTarget, type TokenRefusal } from "../server/deployments";
import { nameAnswer } from "./request-id";
import { READABLE_FROM_ANY_ORIGIN } from "./public-cors";
import { TOOL_RESOURCE_CODES } from "../server/platform/error-codes";

/**
 * The app-proxy's answers as an OAuth protected resource (issue 15 section 2, ADR 039): the
 * tool's metadata document, and RFC 6750's refusals with the challenge that leads a client
 * (any MCP client) to it. JSON, written on the raw Node response like the rest of the proxy.
 */

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  nameAnswer(res);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** `GET {tool}/.well-known/oauth-protected-resource`; the path-suffix form is 404 (one resource per tool). */
export function resourceMetadataAnswer(req: IncomingMessage, res: ServerResponse, target: DeploymentTarget, origin: string, found: boolean): void {
  if (!found) {
    const { status, code } = TOOL_RESOURCE_CODES.METADATA_NOT_FOUND;
    return sendJson(res, status, { error: code, error_description: `${target.name} is one resource: its metadata is at /.well-known/oauth-protected-resource.` }, { "cache-control": "no-store" });
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    const { status, code } = TOOL_RESOURCE_CODES.METADATA_METHOD;
    return sendJson(res, status, { error: code, error_description: "The resource metadata is read with GET." }, { allow: "GET, HEAD", "cache-control": "no-store" });
  }
  // A public document that browser-based clients read from other origins too.
  sendJson(res, 200, protectedResourceMetadata(target, origin), { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" });
}

/** 401 (no or bad token) or 403 (scope, membership), RFC 6750's way, never a page. */
export function bearerRefusal(res: ServerResponse, origin: string, refusal: TokenRefusal | null): void {
  const status = refusal?.status ?? TOOL_RESOURCE_CODES.NO_TOKEN.status;
  const body = refusal ? { error: refusal.error, error_description: refusal.description } : { error: TOOL_RESOURCE_CODES.NO_TOKEN.code, error_description: "This tool needs an OAuth access token: see its resource metadata." };
  // Readable from any origin, so a browser-based client finds the metadata the challenge names.
  sendJson(res, status, body, { "www-authenticate": bearerChallenge(origin, refusal), "cache-control": "no-store", ...READABLE_FROM_ANY_ORIGIN });
}

/** The challenge a browser's refusal carries too, so a program that sent `Accept: text/html` still finds the metadata. */
export function signInChallenge(target: DeploymentTarget): Record<string, string> {
  return { "www-authenticate": bearerChallenge(appOrigin(target.host), null) };
}
