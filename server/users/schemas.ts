import { z } from "zod";

export const DISPLAY_NAME_MESSAGE = "Display name must be 120 characters or less";

export const updateProfileInput = z.object(
  {
    displayName: z.string({ error: "displayName must be a string" }).trim().max(120, DISPLAY_NAME_MESSAGE).optional(),
    clearAvatar: z.boolean({ error: "clearAvatar must be a boolean" }).optional(),
  },
  { error: "Invalid JSON body" },
);

export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
