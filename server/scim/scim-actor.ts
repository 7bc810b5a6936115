import type { RequestActor } from "../platform/request-scope";
import type { ScimPrincipal } from "./scim-tokens";

/** The audit log's actor of every change the directory makes: the token, by its display prefix. */
export function scimActor(principal: ScimPrincipal): RequestActor {
  return { type: "scim_token", id: principal.tokenId, name: principal.prefix };
}
