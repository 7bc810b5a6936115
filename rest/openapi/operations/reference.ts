import { openApiDocument } from "../bodies";
import { operation, type OperationDoc } from "../operation";

export const referenceOperations: OperationDoc[] = [
  operation({
    method: "GET",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This reference, as OpenAPI 3.1",
    description: "Generated from the same zod schemas the service validates with; every error example is the exact body the service answers.",
    auth: [],
    responses: [{ status: 200, description: "The OpenAPI 3.1 document.", schema: openApiDocument, examples: [{ name: "document", summary: "The document", body: { openapi: "3.1.0", info: { title: "svc API", version: "0.1.0" }, paths: {} }, request: { as: "anonymous" } }] }],
  }),
];
