import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * What a path that only sends SQL needs of the ORM: its connection (the pool). The runtime's
 * own EntityManager gives it without a fork; a fork builds a unit of work and an identity map
 * such a path never uses, and the token endpoint's fast paths paid that on every request
 * (ADR 094). An EntityManager (a fork) is one too.
 */
export type SqlConnection = Pick<EntityManager, "getConnection">;
