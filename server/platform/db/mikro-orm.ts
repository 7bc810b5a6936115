import { createRequire } from "node:module";
import type * as Migrations from "@mikro-orm/migrations";
import type * as Postgres from "@mikro-orm/postgresql";

/**
 * MikroORM's values, loaded with `require`. MikroORM ships CommonJS, and Node imports a
 * CommonJS package into an ES module by scanning every file it re-exports for the names it
 * exports (its CommonJS lexer). MikroORM's barrels make that scan long: about 180 ms of CPU
 * measured alone, about 65 ms of a whole start's 0.7 s (docs/decisions/058). `require` skips it; the
 * objects are the same ones (one module cache), so `instanceof` holds whichever way a class was
 * loaded. Types still come from the packages with `import type`.
 */
const require = createRequire(import.meta.url);
const postgres = require("@mikro-orm/postgresql") as typeof Postgres;
const migrations = require("@mikro-orm/migrations") as typeof Migrations;

export const { MikroORM, PostgreSqlDriver, EntitySchema, ArrayType, UniqueConstraintViolationException, ConnectionException } = postgres;
export type MikroORM = Postgres.MikroORM;
export type UniqueConstraintViolationException = Postgres.UniqueConstraintViolationException;
export type ConnectionException = Postgres.ConnectionException;

export const { Migration, Migrator } = migrations;
export type Migration = Migrations.Migration;
