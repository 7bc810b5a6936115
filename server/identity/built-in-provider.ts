import { IDENTITY } from "./error-codes";
import { randomUUID } from "node:crypto";
import { UniqueConstraintViolationException } from "../platform/db/mikro-orm";
import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { mergeMetadata, metadataChanges } from "./user-metadata";
import { verifyAccessToken } from "./access-tokens";
import { factorsOf, type ProviderFactor } from "./account-factors";
import { accountByEmailRead, accountFromRow, readAccountByEmail, readTokenSession } from "./token-session";
import { requireSecondFactorIfEnrolled } from "./second-factor-rule";
import { secondFactorOf, sessionTokens } from "./session-tokens";
import { AuthUser, type UserMetadata } from "./entities";
import { InvalidIdentityTokenError } from "./tokens/identity-tokens";
import { countSignInAttemptWithRead, signInAttemptsKey } from "./auth-rate-limits";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import {
  badJwt,
  IdentityError,
  invalidCredentials,
  sessionNotFound,
  userNotFound,
  type IdentityProvider,
  type LogoutScope,
  type ProviderUser,
  type TokenResponse,
} from "./provider-types";
import { hashRefreshToken, newRefreshToken, SESSION_LIFETIME_MS } from "./tokens/refresh-tokens";
import { openSuccessor, sealSuccessor } from "./tokens/refresh-token-successors";
import { publishSessionRevoked } from "./session-revocations";
import { revokeSession, revokeSessionsOf } from "./session-ending";
import { endSessionsAudited, personActor, recordAccountEvent } from "./account-audit";
import { currentRequestActor, currentRequestOrigin, setRequestActor } from "../platform/request-scope";
import { MAX_USER_AGENT_LENGTH } from "./devices/user-agent";
import { mailIfNewSignInDevice, signInDevicePair } from "./devices/new-sign-in-mail";
import { openSession } from "./session-opening";
import { revokeOtherSignedInSessions } from "./signed-in-sessions";
import { assertAccountNotSuspended } from "./account-suspension";
import { noteSessionActivity } from "./devices/session-activity";
import { canSendMail } from "../platform/mailer";
import { getConfig } from "../platform/config";
import { isSafeValue } from "../platform/validation/text";
import { changeEmail, changePassword } from "./account-changes";
import { toProviderUser } from "./provider-user";
import { identitiesFor } from "./identities";
import { mayMailTo } from "./mail-frequency";
import { mailReauthenticationNonce, requireRecentSignInOrNonce } from "./reauthentication";
import { madeUpSignUp, mailAlreadyRegistered, mailConfirmationLink, pendingSignUp, type PendingSignUp } from "./email-confirmation";

/** The columns a refresh reads of its session row. */
interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  aal: string;
  mfa_method: string | null;
  mfa_at: Date | null;
  sign_in_method: string | null;
}

/** What `PUT /auth/v1/user` may change; raw values, validated here with GoTrue's errors. */
export interface AccountChanges {
  data?: unknown;
  email?: unknown;
  password?: unknown;
  /** The re-authentication nonce a password change from an old session needs (reauthentication.ts). */
  nonce?: unknown;
}

const MIN_PASSWORD_LENGTH = 8;
/** Longer passwords buy nothing and make every hash (and a flood of them) dearer. */
const MAX_PASSWORD_LENGTH = 1024;
const emailSchema = z.email().max(254);

export function normalizeEmail(email: unknown): string {
  const parsed = emailSchema.safeParse(typeof email === "string" ? email.trim().toLowerCase() : email);
  if (!parsed.success) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Unable to validate email address: invalid format");
  return parsed.data;
}

/** The password rule of sign-up, also for a password set through a reset link. */
export function checkNewPassword(password: unknown): void {
  if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH) {
    throw new IdentityError(IDENTITY.WEAK_PASSWORD, `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new IdentityError(IDENTITY.WEAK_PASSWORD, `Password should be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

/** The built-in GoTrue-compatible provider, backed by this service's PostgreSQL. */
export class BuiltInIdentityProvider implements IdentityProvider {
  constructor(private readonly em: EntityManager) {}

  /**
   * Without mail (no SMTP_URL) the address is taken as confirmed: a session at once, and a
   * registered address answers 422 `user_already_exists`. With mail, GoTrue's rule: the user
   * without a session and a mailed link, the same answer for a registered address (whose
   * owner is told by mail), so a sign-up reveals nothing (email-confirmation.ts).
   */
  async signUp(emailInput: string, password: string, data: UserMetadata = {}, redirectTo?: string | null): Promise<TokenResponse | PendingSignUp> {
    const email = normalizeEmail(emailInput);
    checkNewPassword(password);
    const metadata = mergeMetadata({}, metadataChanges(data));
    // With mail, addresses are confirmed through a link unless MAILER_AUTOCONFIRM says otherwise (GoTrue's setting).
    const confirming = canSendMail() && !getConfig().MAILER_AUTOCONFIRM;
    const now = new Date();
    const user = this.em.create(AuthUser, {
      id: randomUUID(),
      email,
      isAnonymous: false,
      passwordHash: await hashPassword(password),
      emailConfirmedAt: confirming ? null : now,
      userMetadata: metadata,
      createdAt: now,
      updatedAt: now,
    });
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        if (!confirming) throw new IdentityError(IDENTITY.USER_ALREADY_EXISTS, "User already registered");
        this.em.clear();
        // One such note per address per interval; a refusal would tell that the address has an account, so none shows.
        if (await mayMailTo(this.em, "already-registered", email)) await mailAlreadyRegistered(email);
        return madeUpSignUp(email, metadata, now);
      }
      throw error;
    }
    if (!confirming) return this.startSession(user);
    await mailConfirmationLink(this.em, user, redirectTo);
    return pendingSignUp(toProviderUser(user), now);
  }

  /**
   * GoTrue's anonymous sign-in: an account without address or usable password, and a session.
   * Off unless ANONYMOUS_SIGN_IN=true, with GoTrue's answer. The person may later add an
   * address and a password (changeAccount), which makes the account a permanent one.
   */
  async signInAnonymously(data: UserMetadata = {}): Promise<TokenResponse> {
    if (!getConfig().ANONYMOUS_SIGN_IN) throw new IdentityError(IDENTITY.ANONYMOUS_PROVIDER_DISABLED, "Anonymous sign-ins are disabled");
    const now = new Date();
    const user = this.em.create(AuthUser, {
      id: randomUUID(),
      email: "",
      // Nobody knows it: the account signs in only through its sessions until it gets a password.
      passwordHash: await hashPassword(randomUUID()),
      emailConfirmedAt: null,
      isAnonymous: true,
      userMetadata: mergeMetadata({}, metadataChanges(data)),
      createdAt: now,
      updatedAt: now,
    });
    await this.em.flush();
    return this.startSession(user);
  }

  /** A password sign-in without the brute-force limits (they are the caller's: `signInWithPasswordUnderLimits`). */
  async signInWithPassword(emailInput: string, password: string): Promise<TokenResponse> {
    const email = normalizeEmail(emailInput);
    if (typeof password !== "string" || password.length === 0 || password.length > MAX_PASSWORD_LENGTH) throw invalidCredentials();
    // The account with its factors, which the session's answer lists (one round trip, not two).
    return this.passwordSignIn(await readAccountByEmail(this.em, email), password, null);
  }

  /**
   * A password sign-in under the brute-force limits (auth-rate-limits.ts), in GoTrue's order as
   * the router had it: the attempt counted (429 past a limit) before the address is checked
   * and anything hashed, a success forgiving the account's attempts. The count and the account
   * read are one statement, the session and the forgiving another (ADR 093).
   */
  async signInWithPasswordUnderLimits(emailInput: string, password: string, clientAddress: string | null): Promise<TokenResponse> {
    // normalizeEmail's spelling (trim, lower case) before its check, which answers only after the count.
    // An address PostgreSQL cannot hold (NUL, broken UTF-16) names no account: read none, and the check below refuses it (400, not a 500).
    const spelled = typeof emailInput === "string" && isSafeValue(emailInput) ? emailInput.trim().toLowerCase() : "";
    const row = await countSignInAttemptWithRead(this.em, emailInput, clientAddress, accountByEmailRead(spelled));
    const email = normalizeEmail(emailInput);
    if (typeof password !== "string" || password.length === 0 || password.length > MAX_PASSWORD_LENGTH) throw invalidCredentials();
    return this.passwordSignIn(accountFromRow(this.em, row), password, signInAttemptsKey(email));
  }

  private async passwordSignIn(account: { user: AuthUser; factors: ProviderFactor[] } | null, password: string, forgive: string | null): Promise<TokenResponse> {
    const user = account?.user ?? null;
    const ok = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
    if (user && !ok) {
      // A wrong password for a real account is worth an owner's attention; an unknown email names no one.
      await recordAccountEvent(this.em, user.id, { audit: "session.sign_in_failed", data: { method: "password" }, target: { type: "person", id: user.id }, actor: personActor(user) });
    }
    if (!user || !ok) throw invalidCredentials();
    if (!user.emailConfirmedAt) throw new IdentityError(IDENTITY.EMAIL_NOT_CONFIRMED, "Email not confirmed");
    // The account's counted attempts are forgiven in the session's own statement.
    return this.startSession(user, null, account?.factors, undefined, forgive);
  }

  async changeSignIn(accessToken: string, changes: { email?: string; password?: string }): Promise<ProviderUser> {
    return this.changeAccount(accessToken, changes);
  }

  /** The password check of a sign-in, at the same cost for an unknown account, and no session. */
  async checkPassword(emailInput: string, password: string): Promise<boolean> {
    if (typeof password !== "string" || password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return false;
    const user = await this.em.findOne(AuthUser, { email: normalizeEmail(emailInput) });
    return user ? verifyPassword(password, user.passwordHash) : burnPasswordCheck(password).then(() => false);
  }

  /**
   * Rotates the refresh token: the old one stops working the moment the new one exists. Of
   * requests racing with one token, one rotates it (the update's condition); the rotation and
   * the old token's record commit in one statement, so every other request then finds the
   * token rotated and is answered as a reuse (issue 27, ADR 060).
   */
  async refresh(refreshToken: string): Promise<TokenResponse> {
    if (typeof refreshToken !== "string" || refreshToken.length === 0) {
      throw new IdentityError(IDENTITY.REFRESH_TOKEN_NOT_FOUND, "Invalid Refresh Token: Refresh Token Not Found");
    }
    const next = newRefreshToken();
    const presented = hashRefreshToken(refreshToken);
    const rows = await this.em.getConnection().execute<SessionRow[]>(
      `with rotated as (
         update auth_sessions set refresh_token_hash = ?, refreshed_at = now(), last_active_at = now(), expires_at = ?
          where refresh_token_hash = ? and revoked_at is null and expires_at > now()
          returning id, user_id, created_at, aal, mfa_method, mfa_at, sign_in_method),
       remembered as (
         insert into auth_refresh_token_rotations (token_hash, session_id, successor_sealed) select ?, id, ? from rotated),
       -- A session remembers the rotations of one session lifetime (720 for a client refreshing
       -- hourly); a token rotated away longer ago is only not found.
       forgotten as (
         delete from auth_refresh_token_rotations where session_id in (select id from rotated) and rotated_at < now() - make_interval(secs => ?))
       select * from rotated`,
      [hashRefreshToken(next), new Date(Date.now() + SESSION_LIFETIME_MS), presented, presented, sealSuccessor(refreshToken, next), SESSION_LIFETIME_MS / 1000],
    );
    const row = rows[0];
    if (!row) return this.refreshWithRotated(refreshToken);
    const user = await this.em.findOne(AuthUser, { id: row.user_id });
    if (!user) throw new IdentityError(IDENTITY.REFRESH_TOKEN_NOT_FOUND, "Invalid Refresh Token: Refresh Token Not Found");
    // A refreshed session keeps the level it reached: a verified second factor stays verified.
    return sessionTokens(this.em, user, row.id, next, new Date(row.created_at), secondFactorOf(row), undefined, row.sign_in_method);
  }

  /**
   * A token this session rotated away, presented again (GoTrue's revoked-token branch). Within
   * REFRESH_TOKEN_REUSE_INTERVAL_SECONDS of its rotation, and when the token it was rotated into
   * is still the session's, the answer is that current pair: a client that lost the answer, or
   * sent its refresh twice at once, carries on. Any other reuse is a stolen copy's or a
   * replay's: the session ends, the branch that rotated it too, as GoTrue ends the token family.
   */
  private async refreshWithRotated(refreshToken: string): Promise<TokenResponse> {
    const rows = await this.em.getConnection().execute<(SessionRow & { successor_sealed: string | null; recent: boolean; current_hash: string })[]>(
      `select s.id, s.user_id, s.created_at, s.aal, s.mfa_method, s.mfa_at, s.sign_in_method, s.refresh_token_hash as current_hash, r.successor_sealed,
              r.rotated_at > now() - make_interval(secs => ?) as recent
         from auth_refresh_token_rotations r join auth_sessions s on s.id = r.session_id
        where r.token_hash = ? and s.revoked_at is null and s.expires_at > now()`,
      [getConfig().REFRESH_TOKEN_REUSE_INTERVAL_SECONDS, hashRefreshToken(refreshToken)],
    );
    const row = rows[0];
    if (!row) throw new IdentityError(IDENTITY.REFRESH_TOKEN_NOT_FOUND, "Invalid Refresh Token: Refresh Token Not Found");
    const current = row.recent && row.successor_sealed ? openSuccessor(refreshToken, row.successor_sealed) : null;
    if (current && hashRefreshToken(current) === row.current_hash) {
      const user = await this.em.findOne(AuthUser, { id: row.user_id });
      if (user) return sessionTokens(this.em, user, row.id, current, new Date(row.created_at), secondFactorOf(row), undefined, row.sign_in_method);
    }
    await endSessionsAudited(this.em, `update auth_sessions set revoked_at = now() where id = ? and revoked_at is null returning id, user_id`, [row.id], "session.revoked", publishSessionRevoked);
    throw new IdentityError(IDENTITY.REFRESH_TOKEN_ALREADY_USED, "Invalid Refresh Token: Already Used");
  }

  async getUser(accessToken: string): Promise<ProviderUser> {
    const { user, factors } = await this.sessionFromToken(accessToken, { withFactors: true });
    return toProviderUser(user, factors ?? (await factorsOf(this.em, user.id)), await identitiesFor(this.em, user));
  }

  async updateUser(accessToken: string, data: UserMetadata): Promise<ProviderUser> {
    return this.changeAccount(accessToken, { data });
  }

  /** GoTrue's `PUT /user`: each field given is validated first, then all are applied. */
  async changeAccount(accessToken: string, changes: AccountChanges): Promise<ProviderUser> {
    const { user, sessionId, aal } = await this.sessionFromToken(accessToken);
    const email = changes.email === undefined ? undefined : normalizeEmail(changes.email);
    if (changes.password !== undefined) checkNewPassword(changes.password);
    // GoTrue's order: after the fields' own checks, before anything that tells whether an address is taken.
    if (changes.password !== undefined || (email !== undefined && email !== user.email)) {
      await requireSecondFactorIfEnrolled(this.em, { user, aal }, () => new IdentityError(IDENTITY.INSUFFICIENT_AAL_ACCOUNT, "AAL2 session is required to update email or password when MFA is enabled."));
    }
    if (user.isAnonymous && changes.password !== undefined && email === undefined && !user.email) {
      throw new IdentityError(IDENTITY.VALIDATION_FAILED_422, "Updating password of an anonymous user without an email or phone is not allowed");
    }
    const data = metadataChanges(changes.data);
    const merged = mergeMetadata(user.userMetadata ?? {}, data);
    if (changes.password !== undefined) await requireRecentSignInOrNonce(this.em, user, sessionId, changes.nonce);
    if (email !== undefined) await changeEmail(this.em, user, email);
    if (changes.password !== undefined) await changePassword(this.em, user, sessionId, changes.password as string);
    user.userMetadata = merged;
    user.updatedAt = new Date();
    await this.em.flush();
    return toProviderUser(user, await factorsOf(this.em, user.id));
  }

  /** GoTrue's `GET /reauthenticate`: a nonce mailed to the account of the token. */
  async reauthenticate(accessToken: string): Promise<Record<string, never>> {
    const { user } = await this.sessionFromToken(accessToken);
    return mailReauthenticationNonce(this.em, user);
  }

  async logout(accessToken: string, scope: LogoutScope = "global"): Promise<void> {
    const { user, sessionId, aal } = await this.sessionFromToken(accessToken);
    if (scope === "local") return revokeSession(this.em, sessionId);
    if (scope === "others") {
      // Signing oneself out always works; ending the person's other (perhaps `aal2`) sessions is theirs to do (ADR 061).
      // 422, not GoTrue's usual 401/403: auth-js's signOut takes those as "already signed out" and would report success.
      await requireSecondFactorIfEnrolled(this.em, { user, aal }, () => new IdentityError(IDENTITY.INSUFFICIENT_AAL_SIGN_OUT_OTHERS, "AAL2 session is required to sign out other sessions when MFA is enabled"));
      return void (await revokeOtherSignedInSessions(this.em, user.id, sessionId));
    }
    await revokeSessionsOf(this.em, user.id, null);
  }

  /**
   * GoTrue's order: the token (403 `bad_jwt`), its session (403 `session_not_found`), its user.
   * `aal` is the session's level as PostgreSQL holds it, not as the token claims it. An app's
   * grant row is no session of the person's here, whatever token names it.
   */
  async sessionFromToken(
    accessToken: string,
    options: { withFactors?: boolean } = {},
  ): Promise<{ user: AuthUser; sessionId: string; aal: "aal1" | "aal2"; signedInAt: Date; factors: ProviderFactor[] | null }> {
    const claims = await verifyAccessToken(accessToken).catch((error: unknown) => {
      throw badJwt(jwtFailure(error));
    });
    const sessionId = claims.session_id;
    if (!sessionId) throw badJwt("token has invalid claims");
    // The session and its person in one round trip (token-session.ts), refused in GoTrue's order.
    const session = await readTokenSession(this.em, sessionId, claims.sub, options.withFactors === true);
    if (!session) throw sessionNotFound();
    const user = session.user;
    if (!user) throw userNotFound();
    // GoTrue's endpoints act as the token's person: what they change is audited as theirs.
    if (currentRequestActor().type === "system") setRequestActor(personActor(user));
    // An auth-js session is used through its token, not a cookie: its "last active" is noted here.
    await noteSessionActivity(() => this.em, sessionId);
    return { user, sessionId, aal: session.aal, signedInAt: session.createdAt, factors: session.factors };
  }

  /**
   * A new session for an account already proven (a password, a magic link or code), or by a
   * passkey (`webauthn`), which proves both factors at once and starts the session at `aal2`.
   */
  async startSession(
    user: AuthUser,
    proof: "webauthn" | null = null,
    factors?: ProviderFactor[],
    upstream?: { provider: string },
    /** The rate limit counter this sign-in forgives (a password's account attempts), deleted in the session's statement. */
    forgive: string | null = null,
  ): Promise<TokenResponse> {
    assertAccountNotSuspended(user);
    // What the caller changed on the account (a proven address confirmed) is written first: the session's statement writes only its own.
    await this.em.flush();
    const refreshToken = newRefreshToken();
    const now = new Date();
    // The request that proves the account is the one the session is opened from.
    const origin = currentRequestOrigin();
    const userAgent = origin.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null;
    const sessionId = randomUUID();
    // The session, the last sign-in, the audit rows (in each of the person's workspaces), the device's sighting and the forgiven attempts: one statement (ADR 093).
    const sighting = await openSession(this.em, {
      id: sessionId,
      userId: user.id,
      refreshTokenHash: hashRefreshToken(refreshToken),
      at: now,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
      userAgent,
      ipAddress: origin.clientAddress,
      proof,
      // A workspace's SSO provider (`sso:<id>`) is kept on the session: "require single sign-on" asks which (ADR 086).
      upstream: upstream ? { ssoProviderId: ssoProviderIdOf(upstream.provider) } : null,
      audit: { action: "session.signed_in", data: upstream ? { method: "oauth", provider: upstream.provider } : {}, actor: personActor(user) },
      device: signInDevicePair({ userAgent, ipAddress: origin.clientAddress }),
      forgive,
    });
    // The account as the statement left it, known to the unit of work as written (no second update at a later flush).
    user.lastSignInAt = now;
    user.updatedAt = now;
    this.em.getUnitOfWork().merge(user);
    await mailIfNewSignInDevice(user, { userAgent, ipAddress: origin.clientAddress, at: now }, sighting);
    return sessionTokens(this.em, user, sessionId, refreshToken, now, proof ? { method: proof, at: now } : null, factors, upstream ? "oauth" : null);
  }
}

/** What golang-jwt says of a token GoTrue cannot verify, from our verifier's reason. */
function jwtFailure(error: unknown): string {
  const reason = error instanceof InvalidIdentityTokenError ? error.reason : "malformed";
  if (reason === "expired") return "token has invalid claims: token is expired";
  if (reason === "claims") return "token has invalid claims";
  if (reason === "malformed" || reason === "too_large") return "token is malformed";
  return "token signature is invalid";
}

/** `sso:<uuid>` names a single sign-on provider; any other upstream provider is none. */
function ssoProviderIdOf(provider: string): string | null {
  const id = provider.startsWith("sso:") ? provider.slice(4) : "";
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}
