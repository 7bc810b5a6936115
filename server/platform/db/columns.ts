import type { EntitySchema as Schema, EntitySchemaMetadata } from "@mikro-orm/postgresql";
import { EntitySchema } from "./mikro-orm";

/**
 * The mapping pieces every table repeats, written once. Each call returns fresh objects:
 * MikroORM's discovery annotates the property objects it is given, so no two schemas share one.
 */

/** A `uuid` primary key named `id`. */
export const uuidId = () => ({ type: "uuid", primary: true }) as const;

/** The `created_at` column, set when the row is made. */
export const createdAt = () => ({ type: "Date", fieldName: "created_at" }) as const;

/** `created_at`, and `updated_at` touched by every flush that changes the row. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: { type: "Date", fieldName: "updated_at", onUpdate: () => new Date() } }) as const;

/** An entity class mapped to its table, column by column. */
export function tableSchema<T>(entity: new () => T, tableName: string, properties: EntitySchemaMetadata<T>["properties"]): Schema<T> {
  return new EntitySchema<T>({ class: entity, tableName, properties });
}
