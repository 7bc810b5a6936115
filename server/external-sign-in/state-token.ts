import { jwtVerify, SignJWT } from "jose";
import { getSigningKey } from "../identity";

/**
 * The `state` sent to the provider (ADR 075): a JWT signed with the identity key, as GoTrue
 * signs its state, naming the flow-state row that holds the rest (where to go back, PKCE's
 * challenge, the nonce). A state that does not verify is forged; one whose row is claimed or
 * gone is replayed or expired (flow-state.ts).
 */
const AUDIENCE = "external-sign-in-state";
export const STATE_SECONDS = 10 * 60;

export async function signState(flowStateId: string, provider: string): Promise<string> {
  const key = await getSigningKey();
  return new SignJWT({ provider })
    .setProtectedHeader({ alg: "ES256", kid: key.kid })
    .setJti(flowStateId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${STATE_SECONDS}s`)
    .sign(key.privateKey);
}

/** The flow-state id a genuine, unexpired state names; null otherwise. */
export async function flowStateIdOf(state: string): Promise<string | null> {
  if (state.length > 4096) return null;
  try {
    const key = await getSigningKey();
    const { payload } = await jwtVerify(state, key.publicKey, { audience: AUDIENCE, algorithms: ["ES256"] });
    return typeof payload.jti === "string" && /^[0-9a-f-]{36}$/.test(payload.jti) ? payload.jti : null;
  } catch {
    return null;
  }
}
