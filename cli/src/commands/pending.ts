import { defineCommand } from "citty";
import { consola } from "consola";

/** A command whose behaviour is not built yet: it says so plainly and exits non-zero. */
export function pending(name: string) {
  return defineCommand({
    meta: { name, description: `${name} (not available in this version)` },
    run() {
      consola.error(`svc ${name} is not available in this version yet.`);
      process.exitCode = 1;
    },
  });
}
