import { avatarUploadOutput, profileOutput, updateProfileInput } from "../../server/users";

import { route, type Route } from "../route-types";
import { crossOrigin, imageUploadRefusals, invalidJson, noSession } from "../openapi/common-responses";
import { call } from "../bind";
import { uploadAvatar } from "./users";

const PROFILE = { id: "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f", email: "ada@example.com", displayName: "Ada Lovelace", avatarUrl: "" };
const AVATAR_URL = `http://localhost:3000/storage/v1/object/public/avatars/user/${PROFILE.id}/5e4f3a2b-1c0d-4e9f-8a7b-6c5d4e3f2a1b.png`;

export const userOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/user/me",
    handler: call((caller) => caller.users.me, {}),
    tag: "Profile",
    summary: "Your profile",
    description: "`displayName` and `avatarUrl` are empty strings until set.",
    auth: ["session"],
    responses: [
      { status: 200, description: "Your profile.", schema: profileOutput, examples: [{ name: "profile", summary: "Your profile", body: PROFILE, request: { as: "owner" } }] },
      noSession(),
    ],
  }),
  route({
    method: "PATCH",
    path: "/api/user/me",
    handler: call((caller) => caller.users.update, { auth: "session", body: true }),
    sessionCookie: true,
    tag: "Profile",
    summary: "Change your display name or remove your avatar",
    description: "`displayName` is trimmed, at most 120 characters, without control characters; `clearAvatar: true` removes the avatar.",
    auth: ["session"],
    jsonBody: updateProfileInput,
    fieldNotes: { displayName: "trimmed; no control characters", clearAvatar: "`true` removes the avatar" },
    responses: [
      { status: 200, description: "The updated profile.", schema: profileOutput, examples: [{ name: "renamed", summary: "A new display name", body: PROFILE, request: { as: "owner", json: { displayName: "Ada Lovelace" } } }] },
      {
        status: 400,
        description: "A field is invalid.",
        examples: [
          { name: "too-long", summary: "121 characters", body: { message: "Display name must be 120 characters or less" }, request: { as: "owner", json: { displayName: "a".repeat(121) } } },
          { name: "control-characters", summary: "A newline in the name", body: { message: "Display name cannot contain control characters" }, request: { as: "owner", json: { displayName: "Ada\nLovelace" } } },
          { name: "not-a-string", summary: "A number", body: { message: "displayName must be a string" }, request: { as: "owner", json: { displayName: 42 } } },
          invalidJson("owner"),
        ],
      },
      noSession({ json: { displayName: "Ada" } }),
      crossOrigin({ json: { displayName: "Ada" } }),
    ],
  }),
  route({
    method: "POST",
    path: "/api/user/avatar",
    handler: uploadAvatar,
    sessionCookie: true,
    tag: "Profile",
    summary: "Upload your avatar",
    description: "Same rules as the workspace logo: one `file` part, at most 2 MB, JPEG, PNG, WebP or GIF by its leading bytes. The previous avatar is removed.",
    auth: ["session"],
    multipartFile: { field: "file", description: "The image, at most 2 MB." },
    responses: [
      { status: 200, description: "The avatar's public URL.", schema: avatarUploadOutput, examples: [{ name: "uploaded", summary: "A PNG", body: { avatarUrl: AVATAR_URL }, request: { as: "owner", file: "png" } }] },
      {
        status: 400,
        description: "No `file` part, a file over 2 MB, or not an image.",
        examples: imageUploadRefusals(),
      },
      noSession({ file: "png" }),
      crossOrigin({ file: "png" }),
    ],
  }),
];
