import { z } from "zod";
import { signedInSessionsOutput, signedOutOthersOutput } from "../../server/identity";
import { route, type Route } from "../route-types";
import { crossOrigin, noSession } from "../openapi/common-responses";
import { AppError } from "../../server/platform/errors";
import { call, pathParam } from "../bind";

export const OTHERS_ONLY_MESSAGE = 'scope must be "others": this session ends at DELETE /api/user/sessions/{id}';

const UNKNOWN_SESSION = "7d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a0f";
const SESSION = {
  id: "4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d",
  browser: "Firefox 133",
  system: "Linux",
  address: "203.0.113.7",
  createdAt: "2026-11-26T08:00:00.000Z",
  lastActiveAt: "2026-11-26T09:30:00.000Z",
  current: true,
};

export const userSessionOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/user/sessions",
    handler: call((caller) => caller.sessions.list, { auth: "session", noStore: true }),
    tag: "Profile",
    summary: "Where you're signed in",
    description:
      "Your live browser sessions, this one first (`current: true`), then the most recently active. Browser and system are read from the user agent the session signed in with; `lastActiveAt` is written at most once a minute. Applications you authorized over OAuth are not sessions here.",
    auth: ["session"],
    responses: [
      {
        status: 200,
        description: "Your sessions.",
        schema: signedInSessionsOutput,
        examples: [{ name: "sessions", summary: "One session", body: { sessions: [SESSION] }, request: { as: "owner" } }],
      },
      noSession(),
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/user/sessions/{sessionId}",
    handler: call((caller) => caller.sessions.revoke, { auth: "session", input: (ctx) => ({ sessionId: pathParam(ctx, "sessionId") }), empty: true }),
    sessionCookie: true,
    tag: "Profile",
    summary: "Sign a session out",
    description: "Ends one of your sessions (this one too): every instance refuses it within a second.",
    auth: ["session"],
    pathParam: { name: "sessionId", description: "The session's `id`, as listed." },
    responses: [
      { status: 204, description: "Signed out.", examples: [{ name: "signed-out", summary: "This very session", request: { as: "owner", setup: "session", param: "{{setup}}" } }] },
      noSession({ param: UNKNOWN_SESSION }),
      crossOrigin({ param: UNKNOWN_SESSION }),
      {
        status: 404,
        description: "No live session of yours has this id.",
        examples: [{ name: "unknown-session", summary: "An id that names no session of yours", body: { message: "Session not found" }, request: { as: "owner", param: UNKNOWN_SESSION } }],
      },
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/user/sessions",
    // The scope is spelled out, as in GoTrue's `/logout?scope=others`: a bare DELETE of the collection ends nothing.
    handler: call((caller) => caller.sessions.revokeOthers, {
      auth: "session",
      guard: (ctx) => {
        if (ctx.url.searchParams.get("scope") !== "others") throw new AppError("BAD_REQUEST", OTHERS_ONLY_MESSAGE);
      },
    }),
    sessionCookie: true,
    tag: "Profile",
    summary: "Sign out everywhere else",
    description: "`?scope=others` ends every session of yours but this one, as `POST /auth/v1/logout?scope=others` does. Authorized OAuth applications stay.",
    auth: ["session"],
    query: z.object({ scope: z.literal("others").describe("`others`: every session but this one.") }),
    responses: [
      {
        status: 200,
        description: "How many sessions ended.",
        schema: signedOutOthersOutput,
        examples: [{ name: "signed-out-others", summary: "No other session", body: { signedOut: 0 }, request: { as: "owner", query: { scope: "others" } } }],
      },
      {
        status: 400,
        description: "No `scope=others`.",
        examples: [{ name: "no-scope", summary: "Without a scope", body: { message: OTHERS_ONLY_MESSAGE }, request: { as: "owner" } }],
      },
      noSession({ query: { scope: "others" } }),
      crossOrigin({ query: { scope: "others" } }),
    ],
  }),
];
