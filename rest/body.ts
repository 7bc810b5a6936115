import { AppError } from "../server/errors";

const MAX_JSON_BYTES = 64 * 1024;

/**
 * Reads a JSON object body with a size cap. Malformed JSON, a non-object, or an oversized
 * body is the caller's mistake: 400/413 in the spec's shape, never a 500.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_JSON_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "Request body too large");
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_JSON_BYTES) {
        await reader.cancel();
        throw new AppError("PAYLOAD_TOO_LARGE", "Request body too large");
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
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
