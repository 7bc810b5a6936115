export { INVITATION_STATUS_MESSAGE, workspaceSetCookie } from "../../server/members";
