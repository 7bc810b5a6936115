import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError } from "../identity";
import { EXTERNAL } from "./error-codes";
import { STATE_SECONDS } from "./state-token";

/**
 * GoTrue's flow state (table `auth_flow_states`, ADR 075): written by `/authorize`, claimed
 * once by the callback in one conditional update (so one state finishes once, on any
 * instance, however many callbacks race), and for PKCE kept with an auth code until
 * `grant_type=pkce` takes it (deleted in the same statement: single use).
 */
export interface FlowState {
  id: string;
  provider: string;
  redirect_to: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  nonce: string | null;
  user_id: string | null;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  /** Manual linking: the signed-in account the identity goes to (GoTrue's linking_target_id). */
  linking_target_id: string | null;
  /** False for the dashboard's own link: back to the profile page, no new session. */
  opens_session: boolean;
  created_at: Date;
}

/** Who started a flow to link an identity, and whether its end opens a session (auth-js) or not (the dashboard). */
export interface LinkingTarget {
  userId: string;
  opensSession: boolean;
}

/** GoTrue's FlowStateExpiryDuration: an auth code is exchanged within 5 minutes. */
const AUTH_CODE_SECONDS = 5 * 60;

export async function createFlowState(
  em: EntityManager,
  flow: { provider: string; redirectTo: string; codeChallenge: string | null; codeChallengeMethod: string | null; nonce: string; link?: LinkingTarget },
): Promise<string> {
  const id = randomUUID();
  // Flows nobody finished are forgotten an hour on (no sweep job for a handful of rows).
  await em.getConnection().execute(`delete from auth_flow_states where created_at < now() - interval '1 hour'`);
  await em.getConnection().execute(
    `insert into auth_flow_states (id, provider, redirect_to, code_challenge, code_challenge_method, nonce, linking_target_id, opens_session) values (?, ?, ?, ?, ?, ?, ?, ?)`,
    [id, flow.provider, flow.redirectTo, flow.codeChallenge, flow.codeChallengeMethod, flow.nonce, flow.link?.userId ?? null, flow.link?.opensSession ?? true],
  );
  return id;
}

/** Where the callback of this state would send the browser back (errors included), without claiming it. */
export async function peekFlowState(em: EntityManager, id: string): Promise<FlowState | null> {
  const rows = await em.getConnection().execute<FlowState[]>(`select * from auth_flow_states where id = ?`, [id]);
  return rows[0] ?? null;
}

/** The callback's claim: the row, once; a second callback (or a replay) is refused. */
export async function claimFlowState(em: EntityManager, id: string): Promise<FlowState> {
  const rows = await em.getConnection().execute<FlowState[]>(
    `update auth_flow_states set claimed_at = now() where id = ? and claimed_at is null and created_at > now() - make_interval(secs => ?) returning *`,
    [id, STATE_SECONDS],
  );
  if (rows[0]) return rows[0];
  const existing = await peekFlowState(em, id);
  if (!existing) throw new IdentityError(EXTERNAL.BAD_OAUTH_STATE, "OAuth state not found or expired");
  if (new Date(existing.created_at).getTime() < Date.now() - STATE_SECONDS * 1000) throw new IdentityError(EXTERNAL.BAD_OAUTH_STATE, "OAuth state has expired");
  throw new IdentityError(EXTERNAL.FLOW_STATE_ALREADY_USED, "State has already been used");
}

/** An implicit flow's state, finished: nothing of it is kept. */
export async function dropFlowState(em: EntityManager, id: string): Promise<void> {
  await em.getConnection().execute(`delete from auth_flow_states where id = ?`, [id]);
}

/** PKCE: the account and the provider's tokens wait with an auth code for `grant_type=pkce`. */
export async function issueAuthCode(em: EntityManager, id: string, userId: string, tokens: { accessToken: string; refreshToken?: string }): Promise<string> {
  const code = randomUUID();
  await em.getConnection().execute(
    `update auth_flow_states set user_id = ?, auth_code = ?, auth_code_issued_at = now(), provider_access_token = ?, provider_refresh_token = ? where id = ?`,
    [userId, code, tokens.accessToken, tokens.refreshToken ?? null, id],
  );
  return code;
}

/** GoTrue's `PKCE` grant: the code's flow state, checked, and gone in the same statement. */
export async function takeAuthCode(em: EntityManager, authCode: unknown, codeVerifier: unknown): Promise<FlowState & { user_id: string }> {
  if (typeof authCode !== "string" || authCode === "" || typeof codeVerifier !== "string" || codeVerifier === "") {
    throw new IdentityError(EXTERNAL.VALIDATION_FAILED, "invalid request: both auth code and code verifier should be non-empty");
  }
  const rows = await em.getConnection().execute<FlowState[]>(`select * from auth_flow_states where auth_code = ? and user_id is not null`, [authCode.slice(0, 100)]);
  const flow = rows[0];
  if (!flow || !flow.user_id) throw new IdentityError(EXTERNAL.FLOW_STATE_NOT_FOUND, "invalid flow state, no valid flow state found");
  if (new Date(flow.created_at).getTime() < Date.now() - AUTH_CODE_SECONDS * 1000) {
    throw new IdentityError(EXTERNAL.FLOW_STATE_EXPIRED, "invalid flow state, flow state has expired");
  }
  if (!challengeMatches(flow, codeVerifier)) throw new IdentityError(EXTERNAL.BAD_CODE_VERIFIER, "code challenge does not match previously saved code verifier");
  const taken = await em.getConnection().execute(`delete from auth_flow_states where id = ? and auth_code = ? returning id`, [flow.id, authCode]);
  if (taken.length === 0) throw new IdentityError(EXTERNAL.FLOW_STATE_NOT_FOUND, "invalid flow state, no valid flow state found");
  return flow as FlowState & { user_id: string };
}

function challengeMatches(flow: FlowState, verifier: string): boolean {
  const expected = flow.code_challenge ?? "";
  const actual = flow.code_challenge_method === "plain" ? verifier : createHash("sha256").update(verifier).digest("base64url");
  return expected.length === actual.length && timingSafeEqual(Buffer.from(expected), Buffer.from(actual));
}

/** GoTrue's validatePKCEParams and isValidCodeChallenge. */
export function pkceOf(challenge: string | null, method: string | null): { codeChallenge: string | null; codeChallengeMethod: string | null } {
  const c = challenge ?? "";
  const m = (method ?? "").toLowerCase();
  if (c === "" && m === "") return { codeChallenge: null, codeChallengeMethod: null };
  if (c === "" || m === "") throw new IdentityError(EXTERNAL.VALIDATION_FAILED, "PKCE flow requires code_challenge_method and code_challenge");
  if (m !== "s256" && m !== "plain") throw new IdentityError(EXTERNAL.VALIDATION_FAILED, "Invalid code_challenge_method");
  if (c.length < 43 || c.length > 128) throw new IdentityError(EXTERNAL.VALIDATION_FAILED, "code challenge has to be between 43 and 128 characters");
  if (!/^[A-Za-z0-9._~-]+$/.test(c)) throw new IdentityError(EXTERNAL.VALIDATION_FAILED, "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes");
  return { codeChallenge: c, codeChallengeMethod: m };
}
