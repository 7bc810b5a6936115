import { jwksOutput } from "../../server/identity";

import { route, type Route } from "../route-types";
import { assertionJwksRoute, authorizeApp } from "./app-authorize";
import { MANIFEST_SCHEMA } from "../../server/deployments";
import { json } from "../responses";

/** The manifest's JSON Schema, for editors and `svc validate`. */
const manifestSchema = () => json(MANIFEST_SCHEMA, 200, { "cache-control": "public, max-age=300", "content-type": "application/schema+json" });

export const toolOperations: Route[] = [
  route({
    method: "GET",
    path: "/apps/authorize",
    handler: authorizeApp,
    tag: "Tools",
    summary: "Open a deployed tool (the app-proxy handshake)",
    description:
      "A browser navigation, not an API call. A deployed tool sends a visitor without a tool session here with `host` (the tool's host) and `return` " +
      "(a path on the tool). Signed out: a redirect to `/login`, which comes back here. A member of the tool's workspace (any role): a redirect to " +
      "`<tool>/.svc/callback?code=…` with a one-time code bound to that host. Otherwise an HTML page says why.",
    auth: ["session"],
    responses: [
      {
        status: 302,
        description: "To sign-in first, or on to the tool with a one-time code.",
        headers: { Location: "`/login?redirectTo=…` or `<tool>/.svc/callback?code=…&return=…`" },
        examples: [
          {
            name: "signed-out",
            summary: "No session: sign in first",
            responseHeaders: { location: "/login?redirectTo=%2Fapps%2Fauthorize%3Fhost%3Ddocs-demo--acme.localhost%26return%3D%252F" },
            request: { as: "anonymous", query: { host: "docs-demo--acme.localhost", return: "/" } },
          },
        ],
      },
      { status: 403, description: "An HTML page: you are not a member of the tool's workspace.", contentType: "text/html" },
      { status: 404, description: "An HTML page: no tool at this host.", contentType: "text/html", examples: [{ name: "no-tool", summary: "A host no tool has", request: { as: "owner", query: { host: "nothing--nowhere.localhost" } } }] },
    ],
  }),
  route({
    method: "GET",
    path: "/.well-known/svc-assertion-jwks.json",
    handler: assertionJwksRoute,
    tag: "Tools",
    summary: "Keys that verify X-Svc-Assertion",
    description:
      "The app-proxy signs each forwarded request's identity into the `X-Svc-Assertion` header (a short-lived JWT); a tool that wants more than the plain " +
      "`X-Svc-*` headers verifies it with these public keys (issuer `BASE_URL`, audience the tool's origin, header `typ` `svc-assertion+jwt`). " +
      "The assertion has a key of its own, listed only here and never in the identity JWKS, so an assertion is no access token. After a key rotation " +
      "the retired key stays listed for the overlap (ADR 035). Cacheable for 10 minutes.",
    auth: [],
    responses: [{ status: 200, description: "A JSON Web Key Set.", schema: jwksOutput, headers: { "Cache-Control": "`public, max-age=600`" }, examples: [{ name: "keys", summary: "The key set", body: { keys: [{ kty: "EC", crv: "P-256", x: "…", y: "…", kid: "assert-1", alg: "ES256", use: "sig" }] }, request: { as: "anonymous" } }] }],
  }),
  route({
    method: "GET",
    path: "/schemas/vendo.schema.json",
    handler: manifestSchema,
    tag: "Tools",
    summary: "The JSON Schema of vendo.yaml",
    description: "The deploy manifest's schema, for editors and `svc validate`. Served as `application/schema+json`, cacheable for 5 minutes.",
    auth: [],
    responses: [{ status: 200, description: "A JSON Schema (draft 2020-12).", contentType: "application/schema+json", examples: [{ name: "schema", summary: "The schema", request: { as: "anonymous" } }] }],
  }),
];

