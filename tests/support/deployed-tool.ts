import { signedInOwner, type TenantOwner } from "./actors";
import { api } from "./http";

/** A tool deployed in a workspace, with the addresses the app-proxy serves it at. */
export interface DeployedTool {
  /** The address the service answered with when the tool was deployed. */
  url: string;
  /** `{name}--{slug}.localhost:<port>`, the Host a request for the tool carries. */
  host: string;
  /** `http://{host}`. */
  origin: string;
  /** `http://{host}/`, the tool as an OAuth protected resource. */
  resource: string;
}

export interface ToolToDeploy {
  name: string;
  upstreamUrl: string;
  access?: "public" | "members";
}

/** Deploys a tool in the owner's workspace over REST; throws with the service's answer when refused. */
export async function deployTool(service: { url: string }, owner: TenantOwner, tool: ToolToDeploy): Promise<DeployedTool> {
  const created = await api(service, "/api/deployments", { method: "POST", cookie: owner.user.cookie, json: tool });
  if (created.status !== 201) throw new Error(`deploying ${tool.name} failed: ${created.status} ${created.text}`);
  const host = `${tool.name}--${owner.slug}.localhost:${new URL(service.url).port}`;
  return { url: created.body.url, host, origin: `http://${host}`, resource: `http://${host}/` };
}

/** A new person with a workspace of their own and one tool deployed in it. */
export async function ownerWithTool(
  service: { url: string },
  options: { slugPrefix?: string; name?: string; tool: ToolToDeploy },
): Promise<TenantOwner & { tool: DeployedTool }> {
  const owner = await signedInOwner(service, options);
  return { ...owner, tool: await deployTool(service, owner, options.tool) };
}
