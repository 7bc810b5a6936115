import { z } from "zod";

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as the JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of what a client
 * may send (`input`) or will receive (`output`). Refinements and transforms have no JSON Schema
 * form; they are left out rather than failing, and the description says what they check.
 */
export function toJsonSchema(schema: z.ZodType, io: "input" | "output", omit: string[] = []): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  if (omit.length === 0) return rest;
  const properties = { ...(rest.properties as Record<string, unknown>) };
  for (const key of omit) delete properties[key];
  const required = (rest.required as string[] | undefined)?.filter((key) => !omit.includes(key));
  return { ...rest, properties, ...(required ? { required } : {}) };
}
