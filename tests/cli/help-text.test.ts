import { describe, expect, it } from "vitest";
import { freshHome, svc } from "../support/svc-cli";

/**
 * Issue 17, 1: `svc <command> --help` had blank lines in the middle of sentences ("…sends a
 * new key" / blank / "to a listener…") and under headings ("Environment:" / blank). A blank
 * line separates paragraphs only: never two in a row, never after a heading, and the line
 * after one starts a paragraph (never a sentence's lowercase continuation).
 */
const COMMANDS = ["", "login", "logout", "whoami", "validate", "dev", "ssh", "agent"];

describe("svc help texts", () => {
  it.each(COMMANDS)("svc %s --help has blank lines only between paragraphs", async (command) => {
    const run = await svc([...(command ? [command] : []), "--help"], { home: freshHome() });
    expect(run.status).toBe(0);
    const lines = run.stdout.replace(/\n$/, "").split("\n");
    lines.forEach((line, i) => {
      if (line !== "") return;
      const before = lines[i - 1] ?? "";
      const after = lines[i + 1] ?? "";
      expect([command, i, after], "two blank lines in a row").not.toEqual([command, i, ""]);
      expect([command, before], "a blank line under a heading").not.toEqual([command, expect.stringMatching(/:$/)]);
      expect([command, after], "a sentence continued after a blank line").not.toEqual([command, expect.stringMatching(/^[a-z(]/)]);
    });
  });

  it("svc login --help keeps its environment table together", async () => {
    const run = await svc(["login", "--help"], { home: freshHome() });
    expect(run.stdout).toContain(
      "Environment:\n  BROWSER               the command that opens the URL (default: xdg-open, open or start)\n  SVC_LOGIN_TIMEOUT_MS",
    );
  });
});
