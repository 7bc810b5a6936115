/** The images area's face: what other areas, the routers, rest/ and app/ may use. */
export { deleteOwnedImage, prepareImage, storeImage } from "./stored-images";
export { IMAGE_APP_ERRORS, IMAGE_ERROR_CODES } from "./error-codes";
