/** The members area's error codes: the workspace's two-step sign-in rule. Listed by server/start/error-catalog.ts. */
import { errorEntry, SERVICE_ERRORS, type AreaErrorCodes } from "../platform/error-codes";

/** `{ message, code }` bodies of the members area's own JSON errors. */
export const MEMBER_CODES = {
  TWO_STEP_REQUIRED: errorEntry("TWO_STEP_REQUIRED", 403, "message", "A session without two-step sign-in opening a workspace whose owner requires it (keys and OAuth grants are not refused)."),
  SSO_REQUIRED: errorEntry("SSO_REQUIRED", 403, "message", "A session not signed in through the workspace's own single sign-on, of a person whose email is on a verified domain of a workspace that requires it (owners are exempt, ADR 086; keys are not refused)."),
  SSO_RULE_NOT_READY: errorEntry("SSO_RULE_NOT_READY", 409, "message", "Requiring single sign-on before the workspace has a provider and a verified email domain."),
  TWO_STEP_NOT_SET_UP: errorEntry("TWO_STEP_NOT_SET_UP", 409, "message", "An owner requiring two-step sign-in for the workspace before their own session passed it."),
} as const;

export const MEMBER_ERROR_CODES: AreaErrorCodes = {
  area: "members",
  groups: [{ group: SERVICE_ERRORS, entries: MEMBER_CODES }],
};
