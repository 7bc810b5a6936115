import { routes } from "../route-table";
import { buildOpenApiDocument } from "./build-document";

/** The service's OpenAPI 3.1 document: every route of rest/route-table.ts, as declared. */
export const openApiDocument = () => buildOpenApiDocument(routes);
