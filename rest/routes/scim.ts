import type { IncomingMessage, ServerResponse } from "node:http";
import { isDatabaseUnavailable } from "../../server/platform/db/availability";
import { log } from "../../server/platform/log";
import { SCIM_CONTENT_TYPE, ScimError, invalidSyntax, serveScim, type ScimAnswer } from "../../server/scim";
import { getRuntime } from "../../server/start";
import { rawRoute } from "../raw-route";
import { nameAnswer } from "../request-id";

/**
 * `{BASE_URL}/scim/v2` (SCIM 2.0, RFC 7644; ADR 080): a raw declaration, because SCIM speaks
 * its own media type and error bodies (`application/scim+json`, `urn:…:Error` with `status`
 * as a string) on every answer, refusals included, which the Request declarations' `{ message }`
 * errors and documented JSON bodies do not fit. The edge only reads the body (at most 1 MB) and
 * writes the answer; the SCIM area decides everything else.
 */
export const SCIM_PREFIX = "/scim/v2";
const MAX_BODY_BYTES = 1024 * 1024;

function send(res: ServerResponse, answer: ScimAnswer): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  nameAnswer(res);
  const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...(text ? { "content-type": SCIM_CONTENT_TYPE } : {}),
    "cache-control": "no-store",
    ...answer.headers,
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** The body as JSON, or the SCIM refusal: 413 past 1 MB (the rest is not read), 400 `invalidSyntax` when it is not JSON. */
function readBody(req: IncomingMessage): Promise<{ body?: unknown; bodyError?: ScimError }> {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      resolve({ bodyError: new ScimError(413, `A request body is at most ${MAX_BODY_BYTES} bytes`) });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        resolve({ bodyError: new ScimError(413, `A request body is at most ${MAX_BODY_BYTES} bytes`) });
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (done) return;
      done = true;
      const text = Buffer.concat(chunks).toString("utf8");
      if (text.trim() === "") return resolve({ bodyError: invalidSyntax("The request has no body") });
      try {
        resolve({ body: JSON.parse(text) as unknown });
      } catch {
        resolve({ bodyError: invalidSyntax("The request body is not JSON") });
      }
    });
    req.on("error", () => {
      if (!done) resolve({ bodyError: invalidSyntax("The request body could not be read") });
      done = true;
    });
  });
}

async function handleScim(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): Promise<void> {
  const url = new URL(req.url ?? "/", "http://scim.invalid");
  const method = req.method ?? "GET";
  const read = method === "POST" || method === "PUT" || method === "PATCH" ? await readBody(req) : (req.resume(), {});
  const { orm } = await getRuntime();
  const header = req.headers.authorization;
  send(
    res,
    await serveScim(orm, {
      method,
      path: url.pathname.slice(SCIM_PREFIX.length),
      query: url.searchParams,
      authorization: typeof header === "string" ? header : undefined,
      clientAddress,
      ...read,
    }),
  );
}

function serveScimRoute(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): void {
  handleScim(req, res, clientAddress).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) return send(res, { status: 503, body: new ScimError(503, "Service unavailable").body(), headers: { "retry-after": "5" } });
    log.error("scim request failed", { error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) });
    send(res, { status: 500, body: new ScimError(500, "Internal server error").body() });
  });
}

export const scimRoute = rawRoute({ area: "scim", when: (req) => { const path = (req.url ?? "").split("?")[0]!; return path === SCIM_PREFIX || path.startsWith(`${SCIM_PREFIX}/`); }, serve: serveScimRoute });
