import type { EntityManager } from "@mikro-orm/postgresql";
import { BuiltInIdentityProvider } from "../identity";
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor, type MfaCaller } from "./factors";
import { deleteRecoveryCodes, generateRecoveryCodes, recoveryCodesStatus, regenerateRecoveryCodes, verifyRecoveryCode } from "./recovery-codes";

/** What every `/auth/v1/factors` call carries: the bearer of a live session and where it comes from. */
export interface FactorRequest {
  accessToken: string;
  clientAddress: string | null;
}

async function callerOf(em: EntityManager, request: FactorRequest): Promise<MfaCaller> {
  const session = await new BuiltInIdentityProvider(em).sessionFromToken(request.accessToken);
  return { user: session.user, sessionId: session.sessionId, aal: session.aal, clientAddress: request.clientAddress };
}

/** GoTrue's MFA API (`/auth/v1/factors…`) and auth-js's recovery codes, each behind the bearer's session. */
export const mfaApi = {
  enroll: async (em: EntityManager, request: FactorRequest, fields: Record<string, unknown>) => enrollFactor(em, await callerOf(em, request), fields),
  challenge: async (em: EntityManager, request: FactorRequest, factorId: string, fields: Record<string, unknown>) =>
    challengeFactor(em, await callerOf(em, request), factorId, fields),
  verify: async (em: EntityManager, request: FactorRequest, factorId: string, fields: Record<string, unknown>) => verifyFactor(em, await callerOf(em, request), factorId, fields),
  unenroll: async (em: EntityManager, request: FactorRequest, factorId: string) => unenrollFactor(em, await callerOf(em, request), factorId),
  recoveryStatus: async (em: EntityManager, request: FactorRequest) => recoveryCodesStatus(em, await callerOf(em, request)),
  recoveryGenerate: async (em: EntityManager, request: FactorRequest, fields: Record<string, unknown>) => generateRecoveryCodes(em, await callerOf(em, request), fields),
  recoveryRegenerate: async (em: EntityManager, request: FactorRequest) => regenerateRecoveryCodes(em, await callerOf(em, request)),
  recoveryDelete: async (em: EntityManager, request: FactorRequest) => deleteRecoveryCodes(em, await callerOf(em, request)),
  recoveryVerify: async (em: EntityManager, request: FactorRequest, fields: Record<string, unknown>) => verifyRecoveryCode(em, await callerOf(em, request), fields),
};
