import { AppError } from "../server/platform/errors";
import { readCapped } from "../server/platform/http/read-capped";

export const MAX_JSON_BYTES = 64 * 1024;

/** The body as text, refusing (413) past `maxBytes` while streaming: never buffers more. */
export async function readTextCapped(request: Request, maxBytes = MAX_JSON_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", "Request body too large");
  const text = await readCapped(request.body, maxBytes);
  if (text === null) throw new AppError("PAYLOAD_TOO_LARGE", "Request body too large");
  return text;
}

/**
 * Reads a JSON object body with a size cap. Malformed JSON, a non-object, or an oversized
 * body is the caller's mistake: 400/413 in the spec's shape, never a 500.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await readTextCapped(request);
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "Invalid JSON body");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new AppError("BAD_REQUEST", "Invalid JSON body");
  return parsed as Record<string, unknown>;
}
