import { describe, expect, it } from "vitest";
import { validateManifest } from "../../server/deployments/manifest";

/** Each level of aliases multiplies the nodes by nine: 729 at the last, far past the parser's limit of 100 alias expansions. */
const BOMB = "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\nname: tool\n";
const ALIAS_BOMB_MESSAGE = "invalid YAML: its aliases expand too many times (anchors may be used, but not to multiply the document)";

describe("vendo.yaml manifest", () => {
  it("accepts a full manifest", () => {
    const result = validateManifest(
      ["name: reports", "port: 8080", "access: public", "healthcheck: /healthz", "env:", "  LOG_LEVEL: debug", "integrations: [github, slack]", "resources:", "  cpu: 500m", "  memory: 512Mi", ""].join("\n"),
    );
    expect(result).toEqual({
      ok: true,
      manifest: { name: "reports", port: 8080, access: "public", healthcheck: "/healthz", env: { LOG_LEVEL: "debug" }, integrations: ["github", "slack"], resources: { cpu: "500m", memory: "512Mi" } },
    });
  });

  it("names each problem with its field, line and column", () => {
    const result = validateManifest(["name: Reports!", "port: 80000", "acess: public", "resources:", "  memory: lots", ""].join("\n"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { path: "", message: 'unknown field "acess"', line: 3, column: 1 },
        { path: "/name", message: "name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end", line: 1, column: 7 },
        { path: "/port", message: "port must be <= 65535", line: 2, column: 7 },
        { path: "/resources/memory", message: "resources.memory has an invalid format", line: 5, column: 11 },
      ]),
    );
  });

  it("refuses aliases that expand too far (a YAML bomb) as a problem, without expanding them", () => {
    expect(validateManifest(BOMB)).toEqual({ ok: false, problems: [{ path: "", message: ALIAS_BOMB_MESSAGE }] });
  });

  it.each([
    ["", "manifest must be a mapping of fields (name: ..., port: ...)"],
    ["- a\n- b\n", "manifest must be a mapping of fields (name: ..., port: ...)"],
    ["port: 80\n", '"name" is required'],
    ["name: ab\nport: 80\nupstream: http://x\n", "give port or upstream, not both"],
    ["name: a--b\n", "name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end"],
    ["name: ab\nenv:\n  9BAD: x\n", "env: variable names must start with a letter or underscore and use only letters, digits and underscores"],
  ])("refuses %j", (text, message) => {
    const result = validateManifest(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.message)).toContain(message);
  });

  it("reports YAML syntax errors with their line", () => {
    const result = validateManifest("name: ok\nport: [1, 2\n");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]!.message).toMatch(/^invalid YAML: /);
  });
});
