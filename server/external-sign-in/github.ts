import { exchangeCodeAt, upstreamJson } from "./http";
import type { ProviderSettings, UpstreamProvider, UpstreamTokens } from "./providers";

/**
 * GitHub as GoTrue's provider/github.go reads it: the OAuth endpoints at `<base>/login/oauth/…`
 * (base github.com, or EXTERNAL_GITHUB_URL), the REST API at api.github.com, or `<base>/api/v3`
 * for a GitHub Enterprise base; the person from `/user`, the addresses from `/user/emails`.
 */
export function githubHosts(url: string | undefined): { auth: string; api: string } {
  const base = (url ?? "https://github.com").replace(/\/+$/, "");
  const auth = base;
  const api = url ? (base.endsWith("api.github.com") ? base : `${base}/api/v3`) : "https://api.github.com";
  return { auth, api };
}

interface GithubUser {
  id: number;
  login: string;
  email?: string | null;
  name?: string | null;
  avatar_url?: string | null;
}

export function githubProvider(settings: ProviderSettings): UpstreamProvider {
  const { auth, api } = githubHosts(settings.url);
  return {
    name: "github",
    async authorizationUrl({ state, scopes, redirectUri }) {
      const url = new URL(`${auth}/login/oauth/authorize`);
      url.searchParams.set("client_id", settings.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", ["user:email", ...scopes.split(",").filter(Boolean)].join(" "));
      url.searchParams.set("state", state);
      return url.href;
    },
    exchange: (code, redirectUri) => exchangeCodeAt(`${auth}/login/oauth/access_token`, settings, code, redirectUri),
    async person(tokens: UpstreamTokens) {
      const headers = { authorization: `Bearer ${tokens.accessToken}` };
      const user = await upstreamJson<GithubUser>(`${api}/user`, { headers });
      const emails = await upstreamJson<Array<{ email: string; primary: boolean; verified: boolean }>>(`${api}/user/emails`, { headers });
      const subject = String(user.id);
      const listed = (Array.isArray(emails) ? emails : []).filter((entry) => typeof entry.email === "string" && entry.email !== "");
      // GoTrue's Claims of a GitHub person (structs.Map of its fields that are set).
      const data: Record<string, unknown> = {
        iss: api,
        sub: subject,
        provider_id: subject,
        ...(user.name ? { name: user.name, full_name: user.name } : {}),
        ...(user.login ? { preferred_username: user.login, user_name: user.login } : {}),
        ...(user.avatar_url ? { avatar_url: user.avatar_url } : {}),
      };
      return { subject, emails: listed.map(({ email, verified, primary }) => ({ email, verified: verified === true, primary: primary === true })), data };
    },
  };
}
