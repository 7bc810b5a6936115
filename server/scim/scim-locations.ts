import { getConfig } from "../platform/config";

/** `{BASE_URL}/scim/v2`: where a directory reaches this service provider, and what it is told to paste. */
export function scimBaseUrl(): string {
  return `${getConfig().baseUrl}/scim/v2`;
}

/** A User's `meta.location` and `$ref` (RFC 7644 3.1: absolute). */
export function userLocation(id: string): string {
  return `${scimBaseUrl()}/Users/${id}`;
}

/** A Group's `meta.location` and `$ref`. */
export function groupLocation(id: string): string {
  return `${scimBaseUrl()}/Groups/${id}`;
}
