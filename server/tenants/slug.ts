import { z } from "zod";

export const SLUG_FORMAT_MESSAGE = "Slug must be 2-20 characters, lowercase alphanumeric and hyphens";

/** 2-20 of a-z, 0-9 and single hyphens; no hyphen at either end. */
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?!-))*[a-z0-9]$/;

export function normalizeSlug(input: string): string {
  return input.trim().toLowerCase();
}

export function isValidSlugFormat(slug: string): boolean {
  return slug.length >= 2 && slug.length <= 20 && SLUG_PATTERN.test(slug);
}

/** A slug field: trimmed, lowercased, then held to the format rule with `message`. */
export function slugSchema(message: string) {
  return z
    .string({ error: message })
    .transform(normalizeSlug)
    .refine(isValidSlugFormat, { message });
}
