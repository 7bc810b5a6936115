import { defineSvcCommand } from "../lib/command.js";
import { CliError } from "../lib/errors.js";

/** A command whose behaviour is not built yet: it says so plainly and exits 1. */
export function pending(name: string, usage: string) {
  return defineSvcCommand({
    name,
    description: `${name} (not available in this version)`,
    usage,
    args: {},
    passthrough: true,
    async run() {
      throw new CliError(`svc ${name} is not available in this version yet.`);
    },
  });
}
