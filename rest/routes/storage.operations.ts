import { REST_OF_PATH } from "../route-match";
import { route, type Route } from "../route-types";
import { publicAvatar } from "./storage";

export const storageOperations: Route[] = [
  route({
    method: "GET",
    path: "/storage/v1/object/public/avatars/{objectPath}",
    handler: publicAvatar,
    tag: "Storage",
    summary: "A stored logo or avatar",
    description:
      "With the `fs` storage driver, uploaded images are served here (with `s3` they live at `S3_PUBLIC_URL`). Every upload gets a new name, so answers are " +
      "cacheable forever (`Cache-Control: public, max-age=31536000, immutable`). `objectPath` is `tenant/<workspace id>/<image id>.<ext>` or `user/<user id>/<image id>.<ext>`.",
    auth: [],
    pathParam: { name: "objectPath", description: "The object's key under the bucket, slashes included.", pattern: REST_OF_PATH },
    responses: [
      { status: 200, description: "The image.", contentType: "image/png", examples: [{ name: "image", summary: "An uploaded avatar", request: { as: "anonymous", setup: "avatar", param: "{{setup}}" } }] },
      { status: 404, description: "No such object.", examples: [{ name: "missing", summary: "A key that names nothing", body: { message: "Object not found" }, request: { as: "anonymous", param: "user/nobody/none.png" } }] },
    ],
  }),
];
