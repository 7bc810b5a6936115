import type { MikroORM } from "@mikro-orm/postgresql";
import { assertKeyLookupsAllowed, countKeyFailure } from "../identity";
import type { AppKeyPrincipal } from "./key-cache";
import { authenticateAppKey, authenticateCachedKey } from "./key-service";

/*
 * The edge's two ways to a presented `svc_sk_` key's principal (rest/bearer.ts). Each takes
 * the runtime's ORM and forks its own EntityManager, so rest/ holds none (ADR 069).
 */

/**
 * From the cache, without I/O (the last-used stamp is written later, on a fork of its own);
 * undefined when only the database can tell. On every keyed request: nothing more than the
 * one fork factory is allocated.
 */
export function cachedAppKey(orm: MikroORM, token: string): AppKeyPrincipal | undefined {
  return authenticateCachedKey(() => orm.em.fork(), token);
}

/**
 * Past the cache: one lookup, refused (429) first while this address keeps presenting
 * unknown keys, and counted against the address when the key is unknown. Null: 401.
 */
export async function lookUpAppKey(orm: MikroORM, token: string, clientAddress: string | null): Promise<AppKeyPrincipal | null> {
  const em = orm.em.fork();
  await assertKeyLookupsAllowed(em, clientAddress);
  const principal = await authenticateAppKey(() => em, token);
  if (!principal) await countKeyFailure(em, clientAddress);
  return principal;
}
