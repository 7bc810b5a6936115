export { workspaceSetCookie } from "../../server/members/workspace-cookie";
export { INVITATION_STATUS_MESSAGE } from "../../server/members/member-service";
