import { identityErrorBody, messageErrorBody } from "../../server/platform/error-bodies";
import { toJsonSchema } from "./json-schema";
import { errorCatalog } from "../../server/start";
import type { Route } from "../route-types";
import type { Auth, ExampleDoc, OperationDoc, PathParamDoc, ResponseDoc } from "./operation";

type Json = Record<string, unknown>;

const SECURITY_SCHEMES: Record<Auth, Json> = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: "svc_session",
    description:
      "The dashboard's session cookie, set by signing in at `/login`: `svc_session` when BASE_URL is http (localhost), `__Host-svc_session` when it is https (only that name is read there, and a request carrying the cookie twice is signed out). Writes must come from the service's own pages (same origin).",
  },
  appKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "svc_sk_…",
    description: "An API key (`svc_sk_` and 43 characters) created on the dashboard's Keys page or by `svc login`.",
  },
  identityToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "An access token of the identity provider (ES256 or RS256, 1 hour), verified against its JWKS.",
  },
};

/** The key of an example: the operation's own name for it, unique within a response. */
function exampleObject(example: ExampleDoc): Json {
  return {
    summary: example.summary,
    ...(example.body === undefined ? {} : { value: example.body }),
    "x-replay": {
      ...example.request,
      ...(example.exact ? { exact: true } : {}),
      ...(example.responseHeaders ? { responseHeaders: example.responseHeaders } : {}),
      ...(example.posts ? { posts: example.posts } : {}),
    },
  };
}

function contentTypeOf(response: ResponseDoc): string | undefined {
  if (response.contentType) return response.contentType;
  return response.schema || response.status >= 400 || response.examples?.some((e) => e.body !== undefined) ? "application/json" : undefined;
}

function responseObject(operation: Route, response: ResponseDoc): Json {
  const contentType = contentTypeOf(response);
  const errorSchema = operation.errorShape === "identity" ? identityErrorBody : messageErrorBody;
  const schema = response.schema ?? (response.status >= 400 && contentType === "application/json" ? errorSchema : undefined);
  const examples = Object.fromEntries((response.examples ?? []).map((example) => [example.name, exampleObject(example)]));
  const media: Json = {
    ...(schema ? { schema: toJsonSchema(schema, "output") } : {}),
    ...(Object.keys(examples).length > 0 ? { examples } : {}),
  };
  return {
    description: response.description,
    ...(response.headers
      ? { headers: Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }])) }
      : {}),
    ...(contentType
      ? {
          content: {
            [contentType]: media,
            ...Object.fromEntries(
              (response.moreContent ?? []).map((more) => [more.contentType, { examples: Object.fromEntries(more.examples.map((example) => [example.name, exampleObject(example)])) }]),
            ),
          },
        }
      : {}),
  };
}

/** The declared path parameters, which must be exactly the `{names}` of the path, in order. */
function pathParamsOf(operation: OperationDoc): PathParamDoc[] {
  const declared = [...(operation.pathParam ? [operation.pathParam] : []), ...(operation.pathParams ?? [])];
  const inPath = [...operation.path.matchAll(/\{([^/}]+)\}/g)].map((found) => found[1]);
  if (declared.map((param) => param.name).join() !== inPath.join()) {
    throw new Error(`${operation.method} ${operation.path}: path parameters declared (${declared.map((p) => p.name).join(", ")}) are not the path's (${inPath.join(", ")})`);
  }
  return declared;
}

function operationObject(operation: Route): Json {
  const parameters: Json[] = [];
  const pathParams = pathParamsOf(operation);
  for (const param of pathParams) {
    parameters.push({ name: param.name, in: "path", required: true, description: param.description, schema: { type: "string" } });
  }
  if (operation.query) {
    const schema = toJsonSchema(operation.query, "input");
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((schema.properties as Record<string, Json>) ?? {})) {
      // A `.describe()` of the field is the parameter's description (where readers look for it).
      const description = typeof property.description === "string" ? { description: property.description } : {};
      parameters.push({ name, in: "query", required: required.has(name), ...description, schema: property });
    }
  }
  let requestBody: Json | undefined;
  if (operation.jsonBody) {
    const omit = pathParams.flatMap((param) => (param.bodyField ? [param.bodyField] : []));
    const schema = toJsonSchema(operation.jsonBody, "input", omit);
    const properties = schema.properties as Record<string, Json> | undefined;
    for (const [field, note] of Object.entries(operation.fieldNotes ?? {})) {
      if (!properties?.[field]) throw new Error(`${operation.method} ${operation.path}: fieldNotes names ${field}, which the body schema lacks`);
      properties[field] = { ...properties[field], description: note };
    }
    const form = operation.formBody ? { "application/x-www-form-urlencoded": { schema: toJsonSchema(operation.formBody, "input", omit) } } : {};
    requestBody = { required: true, content: { "application/json": { schema }, ...form } };
  } else if (operation.multipartFile) {
    const { field, description } = operation.multipartFile;
    requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", required: [field], properties: { [field]: { type: "string", contentMediaType: "application/octet-stream", description } } },
        },
      },
    };
  }
  return {
    operationId: operationId(operation),
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security: operation.auth.map((auth) => ({ [auth]: [] })),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: Object.fromEntries(operation.responses.map((response) => [String(response.status), responseObject(operation, response)])),
  };
}

export function operationId(operation: Pick<OperationDoc, "method" | "path">): string {
  const words = operation.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [operation.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join("");
}

const built = new WeakMap<Route[], Json>();

/** The OpenAPI 3.1 document of a list of declared routes; built once per list. */
export function buildOpenApiDocument(routes: Route[]): Json {
  const known = built.get(routes);
  if (known) return known;
  const paths: Record<string, Json> = {};
  for (const operation of routes) {
    paths[operation.path] = { ...paths[operation.path], [operation.method.toLowerCase()]: operationObject(operation) };
  }
  const document = {
    openapi: "3.1.0",
    info: {
      title: "svc API",
      version: "0.1.0",
      description:
        "The workspace, identity and connection service. Errors are `{ message, code? }` (GoTrue's `{ code, error_code, msg }` under `/auth/v1/`). " +
        "Every error example below is the exact body the service answers; a contract test replays them (`x-replay`: who sends it and what).",
    },
    servers: [{ url: "/", description: "The service's own origin (`BASE_URL`)." }],
    tags: [...new Set(routes.map((o) => o.tag))].map((name) => ({ name })),
    components: { securitySchemes: SECURITY_SCHEMES },
    paths,
    // Every machine-readable error code, from the one catalog the areas assemble (server/start/error-catalog.ts).
    "x-error-codes": errorCatalog.flatMap(({ group, entries }) => Object.values(entries).map(({ code, status, shape, when }) => ({ group, code, status, shape, when }))),
  };
  built.set(routes, document);
  return document;
}
