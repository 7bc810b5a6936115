import { z } from "zod";
import { isSafeName } from "../platform/validation/text";
import { uuidOutput } from "../platform/validation/output";

export const DISPLAY_NAME_MESSAGE = "Display name must be 120 characters or less";
export const DISPLAY_NAME_CHARACTERS_MESSAGE = "Display name cannot contain control characters";

export const updateProfileInput = z.object(
  {
    displayName: z
      .string({ error: "displayName must be a string" })
      .trim()
      .max(120, DISPLAY_NAME_MESSAGE)
      .refine(isSafeName, { message: DISPLAY_NAME_CHARACTERS_MESSAGE })
      .optional(),
    clearAvatar: z.boolean({ error: "clearAvatar must be a boolean" }).optional(),
  },
  { error: "Invalid JSON body" },
);

export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** A person's profile (`GET /api/user/me`, the dashboard's header). */
export const profileOutput = z.object({ id: uuidOutput, email: z.string(), displayName: z.string(), avatarUrl: z.string() });
export type Profile = z.infer<typeof profileOutput>;

export const avatarUploadOutput = z.object({ avatarUrl: z.string() });
