import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError } from "../identity";
import { EXTERNAL } from "../external-sign-in";
import { SSO } from "./error-codes";

/**
 * GoTrue's saml_relay_states (ADR 079): `POST /auth/v1/sso` writes one, its id is the
 * RelayState the IdP posts back; the ACS takes it in one `delete … returning` (so one sign-in
 * finishes once, on any instance), then checks its age as GoTrue does (2 minutes).
 */
export interface RelayState {
  id: string;
  provider_id: string;
  request_id: string;
  redirect_to: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  /** An OpenID sign-in's (ADR 085): the nonce its ID token must carry, the PKCE verifier of its code. */
  oidc_nonce: string | null;
  oidc_code_verifier: string | null;
  expires_at: Date | string;
  /** A "test the connection" sign-in of this owner (ADR 086): the ACS reports and signs nobody in. */
  test_for_user?: string | null;
}

export async function createRelayState(
  em: EntityManager,
  state: {
    providerId: string;
    requestId: string;
    redirectTo: string;
    codeChallenge: string | null;
    codeChallengeMethod: string | null;
    seconds: number;
    oidc?: { nonce: string; codeVerifier: string };
  },
  id = randomUUID(),
): Promise<string> {
  // Sign-ins nobody finished are forgotten an hour on (no sweep job for a handful of rows).
  await em.getConnection().execute(`delete from sso_relay_states where expires_at < now() - interval '1 hour'`);
  await em.getConnection().execute(
    `insert into sso_relay_states (id, provider_id, request_id, redirect_to, code_challenge, code_challenge_method, oidc_nonce, oidc_code_verifier, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, now() + make_interval(secs => ?))`,
    [id, state.providerId, state.requestId, state.redirectTo, state.codeChallenge, state.codeChallengeMethod, state.oidc?.nonce ?? null, state.oidc?.codeVerifier ?? null, state.seconds],
  );
  return id;
}

export async function takeRelayState(em: EntityManager, id: string): Promise<RelayState> {
  const rows = await em.getConnection().execute<RelayState[]>(`delete from sso_relay_states where id = ? and oidc_nonce is null returning *`, [id]);
  const state = rows[0];
  if (!state) throw new IdentityError(SSO.RELAY_STATE_NOT_FOUND, "SAML RelayState does not exist, try logging in again?");
  if (new Date(state.expires_at).getTime() <= Date.now()) throw new IdentityError(SSO.RELAY_STATE_EXPIRED, "SAML RelayState has expired. Try logging in again?");
  return state;
}

/** An OpenID sign-in's state at our callback: taken once (a second opening, or a forged state, finds nothing). */
export async function takeOidcState(em: EntityManager, id: string): Promise<RelayState> {
  const rows = await em.getConnection().execute<RelayState[]>(`delete from sso_relay_states where id = ? and oidc_nonce is not null returning *`, [id]);
  const state = rows[0];
  if (!state) throw new IdentityError(EXTERNAL.BAD_OAUTH_STATE, "OAuth state is invalid or has already been used");
  if (new Date(state.expires_at).getTime() <= Date.now()) throw new IdentityError(EXTERNAL.BAD_OAUTH_STATE, "OAuth state has expired");
  return state;
}
