import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { sectionAction, sectionLoader } from "~/lib/sso-sections.server";

/**
 * The "Email domains" section's resource route (ADR 087, ADR 081): the workspace's claimed
 * domains, and its claim, verify and remove forms. Owner only, as the procedures decide.
 */
export const loader = ({ request }: LoaderFunctionArgs) => sectionLoader(request, (caller) => caller.workspaceDomains.list());

export const action = ({ request }: ActionFunctionArgs) =>
  sectionAction(request, {
    claim: async (caller, form) => {
      const claimed = await caller.workspaceDomains.claim({ domain: String(form.get("domain") ?? "") });
      return { id: claimed.id, message: `${claimed.domain} is claimed. Create its TXT record, then verify it.` };
    },
    verify: async (caller, form) => {
      const verified = await caller.workspaceDomains.verify({ domainId: String(form.get("id") ?? "") });
      return { message: `${verified.domain} is verified: its TXT record was found.` };
    },
    remove: async (caller, form) => {
      await caller.workspaceDomains.remove({ domainId: String(form.get("id") ?? "") });
      return {};
    },
  });
