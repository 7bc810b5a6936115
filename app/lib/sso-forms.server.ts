/**
 * The single sign-on page's forms (ADR 086) as the workspaceSso procedures' inputs: the
 * uploaded metadata file read as text, the domains ticked, the group -> role lines parsed.
 * What is wrong is left to the procedures' own checks, whose sentences the page shows.
 */
const text = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : undefined;
};

/** `Engineering = member`, one per line (or `:`); a line without a role is kept for the check to refuse. */
export function parseGroupRoles(raw: string): Record<string, string> {
  const roles: Record<string, string> = {};
  for (const line of raw.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const at = line.search(/[=:]/);
    const group = (at < 0 ? line : line.slice(0, at)).trim();
    roles[group] = at < 0 ? "" : line.slice(at + 1).trim().toLowerCase();
  }
  return roles;
}

async function metadataXmlOf(form: FormData): Promise<string | undefined> {
  const file = form.get("metadataFile");
  if (file && typeof file !== "string" && file.size > 0) return (await file.text()).trim();
  return text(form, "metadataXml") || undefined;
}

/** The mapping form's fields; also part of a new provider's. */
export function mappingFields(form: FormData) {
  return {
    displayNameAttribute: text(form, "displayNameAttribute"),
    groupsAttribute: text(form, "groupsAttribute"),
    groupRoles: form.has("groupRoles") ? (parseGroupRoles(String(form.get("groupRoles"))) as Record<string, "member" | "viewer">) : undefined,
    defaultRole: (text(form, "defaultRole") || undefined) as "member" | "viewer" | undefined,
  };
}

async function sourceFields(form: FormData) {
  return {
    metadataXml: await metadataXmlOf(form),
    metadataUrl: text(form, "metadataUrl") || undefined,
    clientSecret: text(form, "clientSecret") || undefined,
    domains: form.has("domainsShown") ? form.getAll("domains").map(String) : undefined,
  };
}

/** The edit form: new metadata or secret, the domains ticked, enabled or not. */
export async function updateFields(form: FormData) {
  return { ...(await sourceFields(form)), disabled: form.has("enabledShown") ? form.get("enabled") !== "true" : undefined };
}

/** The add form: the protocol and its fields, the domains ticked. */
export async function createFields(form: FormData) {
  return {
    type: (text(form, "type") === "oidc" ? "oidc" : "saml") as "saml" | "oidc",
    issuer: text(form, "issuer") || undefined,
    clientId: text(form, "clientId") || undefined,
    ...(await sourceFields(form)),
    ...mappingFields(form),
  };
}
