import { AuthClient } from "@supabase/auth-js";

/**
 * An unmodified `@supabase/auth-js` client pointed at the built-in provider (`{service.url}/auth/v1`),
 * as a browser-less Supabase app would configure it: no stored session, no background refresh. The
 * provider asks for no `apikey`, so the client carries a placeholder as a project's anon key would be.
 */
export function authJsClient(service: { url: string }, options: { recoveryCodes?: boolean } = {}) {
  return new AuthClient({
    url: `${service.url}/auth/v1`,
    headers: { apikey: "anon" },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    ...(options.recoveryCodes ? { experimental: { recoveryCodes: true } } : {}),
  });
}
