import { AuthClient } from "@supabase/auth-js";

/** An auth-js client in the PKCE flow with an in-memory storage (where a browser keeps the code verifier). */
export function pkceAuthClient(service: { url: string }) {
  const store = new Map<string, string>();
  return new AuthClient({
    url: `${service.url}/auth/v1`,
    headers: { apikey: "anon" },
    flowType: "pkce",
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    storageKey: "sb-test",
    storage: { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => void store.set(key, value), removeItem: (key) => void store.delete(key) },
  });
}

/** Follows a browser's redirects from `start` until one leaves for `until` (or no redirect follows); the hops' locations. */
export async function followRedirects(start: string, until: string, max = 6): Promise<{ final: string; hops: string[]; statuses: number[] }> {
  const hops: string[] = [];
  const statuses: number[] = [];
  let url = start;
  for (let i = 0; i < max; i++) {
    const response = await fetch(url, { redirect: "manual" });
    statuses.push(response.status);
    const location = response.headers.get("location");
    if (!location) return { final: url, hops, statuses };
    url = new URL(location, url).href;
    hops.push(url);
    if (url.startsWith(until)) return { final: url, hops, statuses };
  }
  return { final: url, hops, statuses };
}

/** A browser's redirects, with the cookies each host set (the issuer keeps its interaction in cookies). */
export async function browse(start: string, until: string, max = 12): Promise<{ final: URL; statuses: number[] }> {
  const jar = new Map<string, Map<string, string>>();
  const statuses: number[] = [];
  let url = start;
  for (let i = 0; i < max; i++) {
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map<string, string>();
    jar.set(host, cookies);
    const response = await fetch(url, { redirect: "manual", headers: cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {} });
    statuses.push(response.status);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = pair!.split(/=(.*)/s);
      cookies.set(name!.trim(), value ?? "");
    }
    const location = response.headers.get("location");
    if (!location) break;
    url = new URL(location, url).href;
    if (url.startsWith(until)) break;
  }
  return { final: new URL(url), statuses };
}
