/**
 * `value` parsed as an http or https URL, else null (unparseable, or another scheme such as
 * `javascript:` or `data:`, whose origin serializes as "null"). Node 20 has no `URL.parse`.
 */
export function httpUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : null;
}
