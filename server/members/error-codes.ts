/** The members area's error codes: the workspace's two-step sign-in rule. Listed by server/start/error-catalog.ts. */
import { errorEntry, SERVICE_ERRORS, type AreaErrorCodes } from "../platform/error-codes";

/** `{ message, code }` bodies of the members area's own JSON errors. */
export const MEMBER_CODES = {
  TWO_STEP_REQUIRED: errorEntry("TWO_STEP_REQUIRED", 403, "message", "A session without two-step sign-in opening a workspace whose owner requires it (keys and OAuth grants are not refused)."),
  TWO_STEP_NOT_SET_UP: errorEntry("TWO_STEP_NOT_SET_UP", 409, "message", "An owner requiring two-step sign-in for the workspace before their own session passed it."),
} as const;

export const MEMBER_ERROR_CODES: AreaErrorCodes = {
  area: "members",
  groups: [{ group: SERVICE_ERRORS, entries: MEMBER_CODES }],
};
