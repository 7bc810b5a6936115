import { AUTH_DESCRIPTION, noWorkspace, refused } from "../openapi/common-responses";
import type { ResponseDoc, Tag } from "../openapi/operation";
import type { Caller } from "../request-context";
import { route, type Route } from "../route-types";
import { call } from "../bind";

/**
 * `GET` of one of the workspace's lists (apps, keys, deployments, webhook endpoints): taken
 * with a session cookie or a workspace key (the handler checks what the document says), the
 * list answered under `field`, never cached; refused without credentials, 404 without a
 * workspace. Declared once so the four lists cannot drift apart.
 */
export function workspaceList(list: {
  path: string;
  tag: Tag;
  summary: string;
  /** What the list holds; AUTH_DESCRIPTION follows it. */
  description: string;
  procedure: (caller: Caller) => (input: undefined) => Promise<unknown>;
  field: string;
  ok: ResponseDoc;
  /** Refusals between the 401 and the 404 (a viewer's 403). */
  refusals?: ResponseDoc[];
}): Route {
  return route({
    method: "GET",
    path: list.path,
    handler: call(list.procedure, { auth: "sessionOrKey", answer: (items) => ({ [list.field]: items }), noStore: true }),
    tag: list.tag,
    summary: list.summary,
    description: `${list.description} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    responses: [list.ok, refused({}), ...(list.refusals ?? []), noWorkspace()],
  });
}
