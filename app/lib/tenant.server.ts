export { INVITATION_STATUS_MESSAGE, tenantSetCookie } from "../../server/members";
