import { z } from "zod";
import { isSafeName } from "../platform/validation/text";

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
