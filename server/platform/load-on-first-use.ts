import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A CommonJS package that most processes never use, loaded the first time it is asked for
 * instead of at start (docs/decisions/058): a start pays for every module it imports, and
 * a service that never validates a manifest or calls out through undici should not.
 * Types come from the package with `import type`; `typeof import("pkg")` is the shape.
 */
export function loadOnFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
