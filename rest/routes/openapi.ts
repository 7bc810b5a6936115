import { openApiDocument } from "../openapi/document";
import { json } from "../responses";

/** GET /api/openapi.json: the reference generated from the operations' zod schemas. */
export function openApi(): Response {
  return json(openApiDocument(), 200, { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" });
}
