import { sessionStatusOutput } from "../../server/identity";

import { route, type Route } from "../route-types";
import { authMe, authMeFast } from "./session";

export const sessionOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/auth/me",
    handler: authMe,
    fast: authMeFast,
    tag: "Session",
    summary: "Who is signed in",
    description:
      "The dashboard's session check. Reads only the session cookie, `svc_session` (`__Host-svc_session` when BASE_URL is https; a Bearer header is ignored), always answers 200 with " +
      "`Cache-Control: no-store`, and never 401: an anonymous caller gets `loggedIn: false`.",
    auth: [],
    responses: [
      {
        status: 200,
        description: "The session status.",
        schema: sessionStatusOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [
          { name: "signed-in", summary: "Signed in", body: { loggedIn: true, userId: "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f", email: "ada@example.com" }, request: { as: "owner" } },
          { name: "anonymous", summary: "No cookie", body: { loggedIn: false, userId: null, email: null }, exact: true, request: { as: "anonymous" } },
          { name: "bearer-ignored", summary: "A Bearer header and no cookie", body: { loggedIn: false, userId: null, email: null }, exact: true, request: { as: "adminKey" } },
        ],
      },
    ],
  }),
];
