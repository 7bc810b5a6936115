import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";
import { closeServer, listen } from "./http-fake";

/**
 * A generic OpenID issuer nobody here wrote (issue 31): `oidc-provider` on 127.0.0.1, standing
 * in for Keycloak or any issuer `keycloak` is pointed at. One client (the service's), a
 * findAccount for the configured person, and an interaction route that logs that person in
 * and grants the asked scopes without a page (its devInteractions off).
 */
export interface IssuerPerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  preferred_username?: string;
  /** A directory's groups (Okta's `groups` claim), given with the profile scope. */
  groups?: string[];
}

export interface OidcIssuer {
  url: string;
  server: Server;
  /** Who signs in next; changed by tests. */
  person: IssuerPerson;
  close(): Promise<void>;
}

export async function startOidcIssuer(client: { clientId: string; secret: string; redirectUri: () => string }): Promise<OidcIssuer> {
  let handle: (req: IncomingMessage, res: ServerResponse) => unknown = (_req, res) => res.end();
  const { server, url } = await listen((req, res) => handle(req, res));
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "issuer-1", alg: "RS256", use: "sig" };
  const issuer: OidcIssuer = { url, server, person: { sub: "kc-1", email: "someone@example.com", email_verified: true }, close: () => closeServer(server) };
  // Built at the first request: the service (whose callback is the redirect_uri) starts after this fake.
  const build = async () => new Provider(url, {
    clients: [{ client_id: client.clientId, client_secret: client.secret, redirect_uris: [client.redirectUri()], token_endpoint_auth_method: "client_secret_post", response_types: ["code"], grant_types: ["authorization_code"] }],
    jwks: { keys: [signingKey] },
    cookies: { keys: ["a test issuer's cookie key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username", "groups"] },
    features: { devInteractions: { enabled: false } },
    // As Keycloak does: the scopes' claims (email, name) in the ID token too, not only at userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => false },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      if (sub !== issuer.person.sub) return undefined;
      const person = { ...issuer.person };
      return { accountId: sub, claims: async () => person };
    },
  });
  let built: { provider: Provider; callback: ReturnType<Provider["callback"]> } | undefined;
  handle = async (req, res) => {
    if (!built) {
      const provider = await build();
      built = { provider, callback: provider.callback() };
    }
    const { provider, callback } = built;
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    // The person is already signed in upstream and consents to what is asked: no page.
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: issuer.person.sub, clientId });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: issuer.person.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  };
  return issuer;
}
