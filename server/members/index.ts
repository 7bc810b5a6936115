/** The members area's face: what other areas, the routers, rest/ and app/ may use. */
export { mailInvitation } from "./invitation-mail";
export { INVITATION_STATUS_MESSAGE, acceptInvitation, changeMemberRole, inviteMember, listMembers, listPendingInvitations, previewInvitation, removeMember, revokeInvitation } from "./member-service";
export { MEMBERSHIP_CHANGED_CHANNEL, membershipChange } from "./membership-changes";
export { CAPABILITIES, can, tenantFor } from "./permissions";
export { requireCliKeyPersonMay } from "./cli-key-person";
export type { Capability, TenantCaller } from "./permissions";
export { twoStepRuleInput, twoStepRuleOutput } from "./schemas";
export { changeRoleInput, invitationCreatedOutput, invitationIdInput, invitationTokenInput, inviteInput, memberChangedOutput, memberIdInput, memberListOutput, switchTenantInput } from "./schemas";
export type { InvitationView, MemberView } from "./schemas";
export { TENANT_COOKIE, preferredTenantFrom, tenantSetCookie } from "./tenant-cookie";
export { TWO_STEP_REQUIRED_MESSAGE, assertTwoStepPassed, assertTwoStepRule, passesTwoStepRule, readTwoStepRule, setTwoStepRule, type RuleCaller } from "./two-step-rule";
export { MEMBER_CODES, MEMBER_ERROR_CODES } from "./error-codes";
export { SSO_REQUIRED_MESSAGE, assertSsoRule, passesSsoRule, readSsoRule, setSsoRule } from "./sso-rule";
export { assertSsoRuleAtEdge } from "./edge-calls";
export { membersMigrations } from "./migrations";
