/** The users area's face: what other areas, the routers, rest/ and app/ may use. */
export { getProfile, setAvatar, updateProfile } from "./profile-service";
export { avatarUploadOutput, profileOutput, updateProfileInput } from "./schemas";
export type { Profile } from "./schemas";
export { changeEmailInput, changePasswordInput, changeSignInEmail, changeSignInPassword, WRONG_CURRENT_PASSWORD, type SignInChangeResult } from "./sign-in-changes";
export { USER_APP_ERRORS, USER_ERROR_CODES } from "./error-codes";
