export { RESET_LINK_MESSAGES, RESET_LINK_MINUTES } from "../../server/identity";
