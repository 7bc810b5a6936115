import type { PatchSchema } from "./scim-patch";

/** The core schemas' URNs (RFC 7643 section 8.7). */
export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

/** Core User attributes a directory may send and this service does not keep (RFC 7643 section 4.1). */
const IGNORED_USER_ATTRIBUTES = [
  "nickname", "profileurl", "title", "usertype", "preferredlanguage", "locale", "timezone", "password",
  "phonenumbers", "ims", "photos", "addresses", "entitlements", "roles", "x509certificates", "schemas", "meta", "id", "groups",
];

export const USER_PATCH_SCHEMA: PatchSchema = {
  urn: USER_SCHEMA,
  attributes: { username: "userName", externalid: "externalId", displayname: "displayName", name: "name", emails: "emails", active: "active" },
  multiValued: new Set(["emails"]),
  ignored: new Set(IGNORED_USER_ATTRIBUTES),
};

export const GROUP_PATCH_SCHEMA: PatchSchema = {
  urn: GROUP_SCHEMA,
  attributes: { displayname: "displayName", externalid: "externalId", members: "members" },
  multiValued: new Set(["members"]),
  ignored: new Set(["schemas", "meta", "id"]),
};

/** Filterable attributes, lower-cased → the name the queries know. */
export const USER_FILTERS: Readonly<Record<string, string>> = { username: "userName", externalid: "externalId", "emails.value": "emails.value", id: "id", active: "active" };
export const GROUP_FILTERS: Readonly<Record<string, string>> = { displayname: "displayName", externalid: "externalId", id: "id" };
