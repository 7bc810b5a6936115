import { createInterface } from "node:readline/promises";
import type { OkJson } from "./api.js";
import { CliError } from "./errors.js";
import { printable } from "./output.js";

type AppRow = OkJson<"/api/cli/apps">["apps"][number];

const listed = (apps: AppRow[]) => apps.map((app) => `  ${printable(app.name)} (${app.variables} variable${app.variables === 1 ? "" : "s"})`).join("\n");

/**
 * `svc dev` without `--app`, when the key's own app has no variables while others do: on a
 * terminal, ask which one (Enter keeps the key's own, empty); otherwise, explain and stop,
 * since an empty .env written without a word is what the person did not want.
 */
export async function chooseApp(current: AppRow, others: AppRow[], interactive: boolean): Promise<string> {
  const intro = `The key's app ${printable(current.name)} has no variables; these apps of the workspace have some:\n${listed(others)}`;
  if (!interactive) {
    throw new CliError(`${intro}\nRun svc dev --app <name> to write one of them (quote a name with spaces), or svc dev --app ${JSON.stringify(current.name)} to write the empty one.`);
  }
  process.stderr.write(`${intro}\n`);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    for (;;) {
      const answer = (await prompt.question(`Which app? (a name, or Enter for ${current.name}) `)).trim();
      if (answer === "") return current.name;
      const found = others.find((app) => app.name === answer) ?? others.find((app) => app.name.toLowerCase() === answer.toLowerCase());
      if (found) return found.name;
      process.stderr.write(`No app named ${printable(answer)} here.\n`);
    }
  } finally {
    prompt.close();
  }
}
