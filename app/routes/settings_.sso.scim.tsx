import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { scimBaseUrl, sectionAction, sectionLoader } from "~/lib/sso-sections.server";
import type { ScimSectionData } from "~/components/sso/ScimSection";

/**
 * The "SCIM provisioning" section's resource route (ADR 087, ADR 080): the base URL a directory
 * is given, the workspace's SCIM tokens and its directory groups with their roles; create and
 * revoke a token, set a group's role. Owner only, as the procedures decide.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  sectionLoader(request, async (caller): Promise<ScimSectionData> => {
    const { tokens } = await caller.scim.listTokens();
    const { groups } = await caller.scim.listGroups();
    return { baseUrl: scimBaseUrl(), tokens, groups };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  sectionAction(request, {
    createToken: async (caller) => {
      const created = await caller.scim.createToken();
      return { id: created.id, token: created.token };
    },
    revokeToken: async (caller, form) => {
      await caller.scim.revokeToken({ id: String(form.get("id") ?? "") });
      return {};
    },
    setGroupRole: async (caller, form) => {
      const role = String(form.get("role") ?? "");
      const group = await caller.scim.setGroupRole({ id: String(form.get("id") ?? ""), role: role === "" ? null : (role as "member" | "viewer") });
      return { message: group.role ? `Members of ${group.displayName} are now ${group.role}s.` : `${group.displayName} no longer gives a role.` };
    },
  });
