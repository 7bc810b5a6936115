import { z } from "zod";
import { route, type Route } from "../route-types";
import { serveOpenApi } from "./openapi";

/** The document itself: an OpenAPI 3.1 object. */
const openApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) });

/** The reference describes every route, its own included: `all` is the whole list. */
export const referenceOperations = (all: () => Route[]): Route[] => [
  route({
    method: "GET",
    path: "/api/openapi.json",
    handler: serveOpenApi(all),
    tag: "Reference",
    summary: "This reference, as OpenAPI 3.1",
    description: "Generated from the same zod schemas the service validates with; every error example is the exact body the service answers.",
    auth: [],
    responses: [{ status: 200, description: "The OpenAPI 3.1 document.", schema: openApiDocument, examples: [{ name: "document", summary: "The document", body: { openapi: "3.1.0", info: { title: "svc API", version: "0.1.0" }, paths: {} }, request: { as: "anonymous" } }] }],
  }),
];
