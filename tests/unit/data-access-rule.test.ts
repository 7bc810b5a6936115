import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * ADR 033: only an area (server/<area>/) and the platform's primitives touch the database.
 * Routers, the start-up code, the edge and the pages call area functions instead.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const OUTSIDE_AREAS = ["server/routers", "server/start", "rest", "app"];
// An entity query or flush, or raw SQL through the connection.
const QUERY = /\b(?:em|entityManager|ctx\.em|orm\.em(?:\.fork\(\))?)\s*\.\s*(?:find\w*|count|persist\w*|flush|remove\w*|native\w+|upsert\w*|create|getConnection|execute|transactional)\s*\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the data-access rule (ADR 033)", () => {
  it("keeps every database query inside an area: none in routers, start-up code, rest/ or app/", () => {
    const offences: string[] = [];
    for (const dir of OUTSIDE_AREAS) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        readFileSync(file, "utf8")
          .split("\n")
          .forEach((line, index) => {
            if (QUERY.test(line)) offences.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offences).toEqual([]);
  });

  it("recognises the shapes it forbids (so an empty list above means something)", () => {
    for (const line of ["await ctx.em.find(App, {})", "em.getConnection().execute(`select 1`)", "await orm.em.fork().getConnection()", "await em.flush()"]) {
      expect(QUERY.test(line), line).toBe(true);
    }
    for (const line of ["await listApps(ctx.em, id)", "const em = orm.em.fork();"]) expect(QUERY.test(line), line).toBe(false);
  });
});
