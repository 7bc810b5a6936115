import type { EntityManager } from "@mikro-orm/postgresql";
import { findDeploymentByHost, guardedDispatcher } from "../deployments";
import type { OutboundFetch, ResourceDirectory } from "../oauth-server";
import { getConfig } from "../platform/config";
import { undici } from "../platform/http/undici";

/**
 * Deployed tools as the authorization server's resources (the issue 15 contract): a resource
 * is a tool's origin exactly as `new URL(origin).href` spells it, on BASE_URL's scheme. The
 * identity area may not import deployments, so this composition hands the lookup to it.
 */
export function deployedToolResources(em: () => EntityManager): ResourceDirectory {
  return {
    async describe(resource) {
      const url = URL.parse(resource);
      if (!url || url.href !== resource || url.pathname !== "/" || url.search || url.username || url.password) return null;
      if (url.protocol !== new URL(getConfig().baseUrl).protocol) return null;
      const tool = await findDeploymentByHost(em, url.host);
      return tool ? { name: tool.name, workspace: tool.tenantSlug } : null;
    },
  };
}

/**
 * Client ID metadata documents are fetched from an address a stranger chose: through the same
 * SSRF guard as a deployed tool's upstream (docs/decisions/031), never the plain global fetch.
 */
export const guardedMetadataFetch: OutboundFetch = (url, init) => undici().fetch(url, { ...init, dispatcher: guardedDispatcher() }) as unknown as Promise<Response>;
