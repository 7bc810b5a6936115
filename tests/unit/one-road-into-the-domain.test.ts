import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * ADR 069: rest/ reaches the domain through tRPC procedures (`ctx.caller()`) or area faces
 * (`server/<area>/index.ts`) only. It opens no unit of work of its own and decides no
 * permission; the area functions fork their EntityManager and ask the permission table.
 * dependency-cruiser sees the imports (rule edge-imports-no-orm: no MikroORM package), this
 * test sees what it cannot: the calls and the names imported.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const EDGE = "rest";

/** An EntityManager forked or named: the edge holding a unit of work. */
const UNIT_OF_WORK = /\bem\.fork\(|\bEntityManager\b/;

/**
 * The helpers that decide what a person may do (members' permission table and rules, a
 * membership's role). Imported into rest/, they mean the edge decides a permission itself.
 */
const PERMISSION_HELPERS = new Set(["can", "CAPABILITIES", "tenantFor", "requireCliKeyPersonMay", "membershipRole", "passesTwoStepRule", "assertTwoStepPassed", "assertTwoStepRule"]);

const WHERE_IT_BELONGS =
  "the work belongs in the area: a face function in server/<area>/ that forks its own EntityManager, or a procedure called through ctx.caller() (docs/architecture.md, The floors; ADR 069)";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `file:line: text` of each line holding a fork or naming EntityManager. */
function unitOfWorkOffences(file: string, source: string): string[] {
  return source.split("\n").flatMap((line, index) => (UNIT_OF_WORK.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

/** The permission helpers a file imports from server/, named with where they came from. */
function permissionImports(file: string, source: string): string[] {
  const offences: string[] = [];
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']*server\/[^"']*)["']/g)) {
    for (const spec of match[1]!.split(",")) {
      const name = spec.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!.trim();
      if (PERMISSION_HELPERS.has(name)) offences.push(`${file} imports ${name} from ${match[2]}`);
    }
  }
  return offences;
}

function edgeFiles(): Array<{ file: string; source: string }> {
  return sourceFiles(join(ROOT, EDGE)).map((path) => ({ file: relative(ROOT, path), source: readFileSync(path, "utf8") }));
}

describe("one road into the domain (ADR 069)", () => {
  it("rest/ forks no EntityManager and names none", () => {
    const offences = edgeFiles().flatMap(({ file, source }) => unitOfWorkOffences(file, source));
    expect(offences, `rest/ holds a unit of work: ${WHERE_IT_BELONGS}\n  ${offences.join("\n  ")}`).toEqual([]);
  });

  it("rest/ imports no permission helper (can, membershipRole, ...): it decides no permission", () => {
    const offences = edgeFiles().flatMap(({ file, source }) => permissionImports(file, source));
    expect(offences, `rest/ decides a permission: ${WHERE_IT_BELONGS}\n  ${offences.join("\n  ")}`).toEqual([]);
  });

  it("recognises the shapes it forbids (so the empty lists above mean something)", () => {
    expect(unitOfWorkOffences("rest/x.ts", "const em = orm.em.fork();\nfoo();")).toEqual(["rest/x.ts:1: const em = orm.em.fork();"]);
    expect(unitOfWorkOffences("rest/x.ts", 'import type { EntityManager } from "@mikro-orm/postgresql";')).toHaveLength(1);
    expect(unitOfWorkOffences("rest/x.ts", "await recordShellEvent(orm, event);\n// fork-free: emfork()")).toEqual([]);
    expect(permissionImports("rest/x.ts", 'import { can } from "../../server/members";')).toEqual(["rest/x.ts imports can from ../../server/members"]);
    expect(permissionImports("rest/x.ts", 'import {\n  WORKSPACE_COOKIE,\n  membershipRole as roleOf,\n} from "../server/tenants";')).toEqual(["rest/x.ts imports membershipRole from ../server/tenants"]);
    expect(permissionImports("rest/x.ts", 'import { preferredTenantFrom, WORKSPACE_COOKIE } from "../server/members";\nimport { can } from "./local";')).toEqual([]);
  });
});
