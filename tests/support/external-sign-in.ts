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
