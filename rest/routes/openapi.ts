import { buildOpenApiDocument } from "../openapi/build-document";
import type { Route } from "../route-types";
import { json } from "../responses";

/**
 * GET /api/openapi.json: the reference generated from the declarations. It describes the list
 * it belongs to, so it is handed that list (rest/route-table.ts) rather than importing it.
 */
export function serveOpenApi(routes: () => Route[]): () => Response {
  return () => json(buildOpenApiDocument(routes()), 200, { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" });
}
