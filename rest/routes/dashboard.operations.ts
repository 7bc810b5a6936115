import { z } from "zod";

import { REST_OF_PATH } from "../route-match";
import { route, type Route } from "../route-types";
import { trpcEndpoint } from "./trpc";

const PROCEDURE_DESCRIPTION =
  "The dashboard's typed client (tRPC, no batching of unknown names, no transformer). Only a short allow-list of procedures is reachable " +
  "(`auth.me`, `tenants.checkSlug|me|update`, `users.me|update`, `apps.*`, `keys.*`, `billing.*`, `dev.canBootstrapCli`); " +
  "any other name is 404. Meant for the dashboard's own pages: use the REST paths above from anything else.";
const trpcEnvelope = z.looseObject({ result: z.looseObject({ data: z.unknown() }) });
const procedure = { name: "procedure", description: "One procedure name, or several separated by commas (a batch).", pattern: REST_OF_PATH };

export const dashboardOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/trpc/{procedure}",
    handler: trpcEndpoint,
    tag: "Dashboard",
    summary: "A dashboard query",
    description: `${PROCEDURE_DESCRIPTION} Queries take \`?input=<JSON>\`.`,
    auth: ["session"],
    pathParam: procedure,
    responses: [
      { status: 200, description: "tRPC's result envelope.", schema: trpcEnvelope, examples: [{ name: "auth-me", summary: "The session check, signed out", body: { result: { data: { loggedIn: false, userId: null, email: null } } }, exact: true, request: { as: "anonymous", param: "auth.me" } }] },
      { status: 404, description: "A procedure that is not on the allow-list.", examples: [{ name: "not-listed", summary: "Sign-in is not reachable here", body: { message: "Not found" }, request: { as: "anonymous", param: "idp.token" } }] },
    ],
  }),
  route({
    method: "POST",
    path: "/api/trpc/{procedure}",
    handler: trpcEndpoint,
    sessionCookie: true,
    tag: "Dashboard",
    summary: "A dashboard mutation",
    description: `${PROCEDURE_DESCRIPTION} The JSON body is the input (at most 64 KB); cross-site posts are refused.`,
    auth: ["session"],
    pathParam: procedure,
    responses: [
      { status: 200, description: "tRPC's result envelope.", schema: trpcEnvelope },
      {
        status: 403,
        description: "Sent from another site's page.",
        examples: [{ name: "cross-origin", summary: "Sent from another site's page", body: { message: "Cross-origin request refused: this action must come from the service's own pages" }, request: { as: "owner", param: "users.update", json: { displayName: "x" }, headers: { origin: "https://elsewhere.example" } } }],
      },
      { status: 404, description: "A procedure that is not on the allow-list.", examples: [{ name: "not-listed", summary: "Sign-up is not reachable here", body: { message: "Not found" }, request: { as: "anonymous", param: "idp.signup", json: {} } }] },
    ],
  }),
];
