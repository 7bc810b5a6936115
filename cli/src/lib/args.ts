/**
 * Argument fragments shared by several commands (nuxi's habit), so a flag means the same
 * thing and reads the same in every `--help`.
 */

export const jsonArg = {
  json: { type: "boolean", description: "print the result as JSON on stdout, nothing else" },
} as const;

export const forceArg = (description: string) => ({ force: { type: "boolean", description } }) as const;

export const apiBaseArg = {
  "api-base": { type: "string", valueHint: "url", description: "the service's web base URL (saved in the config for later commands)" },
} as const;
