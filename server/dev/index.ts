/** The dev area's face: what other areas, the routers, rest/ and app/ may use. */
export { issuePersonalKey } from "./personal-key";
export { issueDeviceKey } from "./device-key";
export { revokeUndeliveredKey } from "./revoke-undelivered-key";
export { personalKeyOutput, revokeUndeliveredKeyInput } from "./schemas";
