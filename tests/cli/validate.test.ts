import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshHome, svc } from "../support/svc-cli";

/** `svc validate`: offline, every problem at the line and column of the offending key or value. */

const validate = async (text: string, extra: string[] = []) => {
  const home = freshHome();
  writeFileSync(join(home, "vendo.yaml"), text);
  // No network at all: an apiBase that cannot answer proves nothing is fetched.
  return svc(["validate", ...extra], { home, env: { http_proxy: "http://127.0.0.1:1", HTTPS_PROXY: "http://127.0.0.1:1" } });
};

const GOOD: [string, string][] = [
  ["the smallest manifest", "name: ab\n"],
  ["a port", "name: reports\nport: 8080\n"],
  ["an upstream", "name: reports\nupstream: https://tools.internal:8443/app\n"],
  [
    "every field",
    [
      "# the reporting tool",
      "name: reports",
      "port: 8080",
      "access: public",
      "healthcheck: /healthz",
      "env:",
      "  LOG_LEVEL: debug",
      "  _PRIVATE: \"1\"",
      "integrations: [github, slack]",
      "resources:",
      "  cpu: 500m",
      "  memory: 512Mi",
      "",
    ].join("\n"),
  ],
  ["flow style", "{ name: reports, port: 80, access: members }\n"],
];

const BAD: [string, string, string[]][] = [
  ["an unknown top-level field", "name: reports\nacess: public\n", ['2:1: unknown field "acess"']],
  ["an unknown nested field", "name: reports\nresources:\n  cpu: 1m\n  disk: 10Gi\n", ['4:3: resources: unknown field "disk"']],
  ["a bad name", "name: Reports!\n", ["1:7: name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end"]],
  ["a name too short", "name: a\n", ["1:7: name must NOT have fewer than 2 characters", "1:7: name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end"]],
  ["a port out of range", "name: ab\nport: 80000\n", ["2:7: port must be <= 65535"]],
  ["a port that is text", "name: ab\nport: eighty\n", ["2:7: port must be an integer"]],
  ["no name", "port: 80\naccess: public\n", ['1:1: "name" is required']],
  ["port and upstream", "name: ab\nport: 80\nupstream: http://x.example\n", ["3:1: give port or upstream, not both"]],
  ["a bad access", "name: ab\naccess: everyone\n", ["2:9: access must be one of members, public"]],
  ["a healthcheck without a slash", "name: ab\nhealthcheck: healthz\n", ["2:14: healthcheck must be a path on the tool, starting with one / (like /health), with no scheme, host or backslash"]],
  ["an upstream that is not http", "name: ab\nupstream: ftp://files.example\n", ["2:11: upstream must be an http:// or https:// URL"]],
  ["a bad variable name", "name: ab\nenv:\n  9BAD: x\n  GOOD: y\n", ['3:3: env: "9BAD" is not a valid variable name (start with a letter or underscore; letters, digits and underscores only)']],
  ["a variable that is a number", "name: ab\nenv:\n  PORT: 8080\n", ["3:9: env.PORT must be a string"]],
  ["an integration listed twice", "name: ab\nintegrations:\n  - github\n  - slack\n  - github\n", ["5:5: integrations lists the same value twice"]],
  ["a bad integration slug", "name: ab\nintegrations: [GitHub]\n", ["2:16: integrations.0 has an invalid format"]],
  ["a memory without a number", "name: ab\nresources:\n  memory: lots\n", ["3:11: resources.memory has an invalid format"]],
  ["resources that are a list", "name: ab\nresources: [1]\n", ["2:12: resources must be a mapping"]],
  ["a list, not a mapping", "- name: ab\n", ["1:1: manifest must be a mapping of fields (name: ..., port: ...)"]],
  ["an empty file", "", ["1:1: manifest must be a mapping of fields (name: ..., port: ...)"]],
  ["a duplicate key", "name: ab\nport: 80\nport: 81\n", ['3:1: invalid YAML: duplicate key "port"']],
  ["a key holding a terminal escape (printed without it)", 'name: ab\n"a\\e[31mb": 1\n', ['2:1: unknown field "a[31mb"']],
  ["a tab-indented block", "name: ab\nenv:\n\tA: b\n", ["3:1: invalid YAML: Tabs are not allowed as indentation"]],
  [
    "aliases that expand too far (a YAML bomb)",
    "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nname: ab\n",
    ["1:1: invalid YAML: its aliases expand too many times (anchors may be used, but not to multiply the document)"],
  ],
  [
    "many problems at once, in source order",
    "name: Bad_Name\nport: 0\nacess: public\nenv:\n  1X: y\nresources:\n  cpu: lots\n",
    [
      "1:7: name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end",
      "2:7: port must be >= 1",
      '3:1: unknown field "acess"',
      '5:3: env: "1X" is not a valid variable name (start with a letter or underscore; letters, digits and underscores only)',
      "7:8: resources.cpu has an invalid format",
    ],
  ],
];

describe("svc validate", () => {
  it.each(GOOD)("accepts %s (exit 0)", async (_label, text) => {
    const run = await validate(text);
    expect([run.status, run.stdout, run.stderr]).toEqual([0, "✔ vendo.yaml is valid\n", ""]);
    const json = await validate(text, ["--json"]);
    expect([json.status, JSON.parse(json.stdout), json.stderr]).toEqual([0, { valid: true, errors: [] }, ""]);
  });

  it.each(BAD)("reports %s at its line and column (exit 1)", async (_label, text, problems) => {
    const run = await validate(text);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(problems.map((p) => `vendo.yaml:${p}\n`).join(""));
    expect(run.stderr).toBe(`${problems.length} problem${problems.length === 1 ? "" : "s"} in vendo.yaml\n`);
  });

  it("gives { valid, errors: [{ path, line, col, message }] } with --json and nothing else on stdout", async () => {
    const run = await validate("name: ab\nport: 80000\nacess: x\nenv:\n  9X: y\n", ["--json"]);
    expect([run.status, run.stderr]).toEqual([1, ""]);
    expect(JSON.parse(run.stdout)).toEqual({
      valid: false,
      errors: [
        { path: "/port", line: 2, col: 7, message: "port must be <= 65535" },
        { path: "/acess", line: 3, col: 1, message: 'unknown field "acess"' },
        { path: "/env/9X", line: 5, col: 3, message: 'env: "9X" is not a valid variable name (start with a letter or underscore; letters, digits and underscores only)' },
      ],
    });
  });

  it("takes another file as its argument and names it in every line", async () => {
    const home = freshHome();
    mkdirSync(join(home, "deploy"));
    writeFileSync(join(home, "deploy", "tool.yml"), "name: ab\nport: -1\n");
    const run = await svc(["validate", "deploy/tool.yml"], { home });
    expect([run.status, run.stdout]).toEqual([1, "deploy/tool.yml:2:7: port must be >= 1\n"]);
  });

  it("exits 2 when the file is missing, a directory or unreadable, with one line on stderr", async () => {
    const home = freshHome();
    const missing = await svc(["validate"], { home });
    expect([missing.status, missing.stdout, missing.stderr]).toEqual([2, "", "Cannot read vendo.yaml: no such file\n"]);
    const missingJson = await svc(["validate", "--json"], { home });
    expect([missingJson.status, missingJson.stdout]).toEqual([2, ""]);
    mkdirSync(join(home, "dir.yaml"));
    const directory = await svc(["validate", "dir.yaml"], { home });
    expect([directory.status, directory.stderr]).toEqual([2, "Cannot read dir.yaml: it is a directory\n"]);
    writeFileSync(join(home, "locked.yaml"), "name: ab\n");
    chmodSync(join(home, "locked.yaml"), 0o000);
    const locked = await svc(["validate", "locked.yaml"], { home });
    // root reads anything; everyone else gets the permission error.
    if (process.getuid?.() === 0) expect(locked.status).toBe(0);
    else expect([locked.status, locked.stderr]).toEqual([2, "Cannot read locked.yaml: permission denied\n"]);
  });

  it("refuses a manifest over 64 KB like the service does", async () => {
    const run = await validate(`name: ab\n# ${"x".repeat(65 * 1024)}\n`);
    expect([run.status, run.stdout]).toEqual([1, "vendo.yaml:1:1: manifest must be 64 KB or smaller\n"]);
  });

  it("bundles the very schema the service validates with", () => {
    expect(readFileSync("cli/schema/vendo.schema.json", "utf8")).toBe(readFileSync("server/deployments/vendo.schema.json", "utf8"));
  });
});
