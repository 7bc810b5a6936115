/**
 * What a company's identity provider says about a person, mapped onto this service (issue 32
 * item 3, ADR 085), for SAML and OpenID alike:
 * - GoTrue's `attribute_mapping.keys`: each claim (`email`, `name`, `groups`, …) from the
 *   attribute or claim `name` or one of `names`, else its `default`; `array` keeps every value;
 * - `attribute_mapping.group_roles` (ours): a group value → `member` | `viewer`. `owner` is never
 *   a mapped role (refused when the provider is saved, ignored if it were ever stored);
 * - the display name: the mapped `name`, else the usual name claims.
 */
export type MappedRole = "member" | "viewer";
export const MAPPABLE_ROLES: readonly MappedRole[] = ["member", "viewer"];

interface MappingRule {
  name?: string;
  names?: string[];
  default?: unknown;
  array?: boolean;
}

/** GoTrue's SAMLAssertion.Process over any source: `valuesOf(name)` lists what the provider sent under that name. */
export function mappedClaims(valuesOf: (name: string) => unknown[], mapping: Record<string, unknown>): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  const keys = (mapping.keys ?? {}) as Record<string, MappingRule>;
  for (const [claim, rule] of Object.entries(keys)) {
    const names = [...(rule.name ? [rule.name] : []), ...(rule.names ?? [])];
    const values = names.flatMap((name) => valuesOf(name));
    if (values.length > 0) claims[claim] = rule.array ? values : values[0];
    else if (rule.default !== undefined) claims[claim] = rule.default;
  }
  return claims;
}

/** An OpenID claim's values: an array claim (`groups`) gives each of its items. */
export function claimValues(claims: Record<string, unknown>, name: string): unknown[] {
  const value = claims[name];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function groupRolesOf(mapping: Record<string, unknown>): Record<string, MappedRole> {
  const table = mapping.group_roles;
  if (typeof table !== "object" || table === null || Array.isArray(table)) return {};
  return Object.fromEntries(Object.entries(table).filter(([, role]) => MAPPABLE_ROLES.includes(role as MappedRole))) as Record<string, MappedRole>;
}

/**
 * The role the person's groups map to: `member` when any group maps to it (the wider of the
 * two), else `viewer` when one maps to that, else null (the provider's default_role applies).
 */
export function roleOfGroups(groups: unknown, mapping: Record<string, unknown>): MappedRole | null {
  const table = groupRolesOf(mapping);
  const values = (Array.isArray(groups) ? groups : groups === undefined || groups === null ? [] : [groups]).map(String);
  const roles = values.map((group) => table[group]).filter((role): role is MappedRole => role !== undefined);
  if (roles.includes("member")) return "member";
  return roles.includes("viewer") ? "viewer" : null;
}

export function hasGroupRoles(mapping: Record<string, unknown>): boolean {
  return Object.keys(groupRolesOf(mapping)).length > 0;
}

/** The display name: the mapped `name`, else OpenID's `name`, else given + family name. */
export function displayNameOf(claims: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
  const joined = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ");
  return text(claims.name) ?? (joined || null);
}
