/**
 * `value` parsed as an http or https URL, else null (unparseable, or another scheme such as
 * `javascript:` or `data:`, whose origin serializes as "null"). Node 20 has no `URL.parse`, only `URL.canParse`.
 */
export function httpUrl(value: string): URL | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url : null;
}
