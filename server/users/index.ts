/** The users area's face: what other areas, the routers, rest/ and app/ may use. */
export { getProfile, setAvatar, updateProfile } from "./profile-service";
export { updateProfileInput } from "./schemas";
