import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AREA_ERROR_CODES, errorCatalog } from "../../server/start/error-catalog";
import type { AreaErrorCodes, ErrorCodeEntry } from "../../server/platform/error-codes";

/**
 * ADR 071: each area owns its error codes (server/<area>/error-codes.ts) and server/start
 * assembles them into ONE closed catalog. These tests keep it one set (no code claimed twice)
 * and closed (no code answered or thrown that it does not hold).
 */
const ROOT = resolve(import.meta.dirname, "../..");

const entriesOf = (area: AreaErrorCodes) => area.groups.flatMap(({ group, entries }) => Object.entries(entries).map(([name, entry]) => ({ area: area.area, group, name, entry })));
const wireCodes = new Set(AREA_ERROR_CODES.flatMap(entriesOf).map(({ entry }) => entry.code));
const thrownCodes = new Set(AREA_ERROR_CODES.flatMap((area) => Object.values(area.thrown ?? {}).map(({ code }) => code)));
const catalogCodes = new Set([...wireCodes, ...thrownCodes]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The source of server/ and rest/, comment lines left out (they quote codes to explain them). */
function sourceLines(): Array<{ where: string; line: string }> {
  return ["server", "rest"].flatMap((dir) =>
    sourceFiles(join(ROOT, dir)).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ where: `${relative(ROOT, file)}:${index + 1}`, line }))
        .filter(({ line }) => !/^\s*(\/\/|\/\*|\*)/.test(line)),
    ),
  );
}

/**
 * A code written as a literal where an answer or an AppError carries it: the expression after
 * `error:`, `error_code:`, `code:`, `.set("error", ` or `new AppError(` (up to the next `,`,
 * `;` or brace), ternaries included. Not codes: a literal compared against (`=== "object"`),
 * a template's text (a message), a value with spaces (a message), and after `code:` a single
 * lowercase word (zod's issue code `custom`, an OAuth `code` parameter in an example).
 */
const POSITION = /(?:\b(error|error_code|code)\s*:\s*|\.set\(\s*"(error|error_code)"\s*,\s*|new AppError\(\s*)([^,;{}]*)/g;
const LITERAL = /(?<![=!]==?\s*)"([A-Za-z][A-Za-z0-9_]*)"/g;
const looksLikeCode = (position: string, value: string) =>
  position === "code" ? /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(value) || /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(value) : true;

function codeLiterals(line: string): string[] {
  return [...line.matchAll(POSITION)].flatMap((match) => {
    const position = match[1] ?? match[2] ?? "AppError";
    const expression = match[3]!.replace(/`[^`]*`?/g, "");
    return [...expression.matchAll(LITERAL)].map((literal) => literal[1]!).filter((value) => looksLikeCode(position, value));
  });
}

/** Literals that look like codes and are not answered by the service. */
const NOT_ANSWERED: Record<string, string> = {
  EUPSTREAMREFUSED: "Node's errno-style code on the Error the deployments' DNS lookup hands back; never in a body",
};

describe("the error catalog (ADR 071)", () => {
  it("lists every area's error-codes.ts, and each face's list is the file's", async () => {
    const files = readdirSync(join(ROOT, "server"))
      .map((dir) => join("server", dir, "error-codes.ts"))
      .filter((path) => existsSync(join(ROOT, path)) && path !== join("server", "platform", "error-codes.ts"));
    expect(files.length).toBeGreaterThan(5);
    for (const path of files) {
      const module = (await import(join(ROOT, path))) as Record<string, unknown>;
      const lists = Object.values(module).filter((value): value is AreaErrorCodes => typeof value === "object" && value !== null && "area" in value && "groups" in value);
      expect(lists, `${path} exports one AreaErrorCodes`).toHaveLength(1);
      expect(AREA_ERROR_CODES, `${path}'s list is assembled in server/start/error-catalog.ts`).toContain(lists[0]);
      // Every group object the file exports is in its list (none left out of the reference).
      const listed = new Set<unknown>([...lists[0]!.groups.map(({ entries }) => entries), lists[0]!.thrown]);
      for (const [name, value] of Object.entries(module)) {
        if (value === lists[0] || typeof value !== "object" || value === null) continue;
        expect(listed.has(value), `${path}: ${name} is in ${lists[0]!.area}'s list`).toBe(true);
      }
    }
  });

  it("claims no code twice: no entry name twice in a group, no code, status and body claimed by two areas for one surface (group), no AppError code thrown by two", () => {
    const all = AREA_ERROR_CODES.flatMap(entriesOf);
    const names = all.map(({ group, name }) => `${group} / ${name}`);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    const owners = new Map<string, Set<string>>();
    // Two surfaces may answer alike (a tool's resource metadata and the authorization server both
    // say 404 `not_found`); one surface's code belongs to one area.
    for (const { area, group, entry } of all) {
      const key = `${group}: ${entry.code} ${entry.status} ${entry.shape}`;
      owners.set(key, (owners.get(key) ?? new Set()).add(area));
    }
    expect([...owners].filter(([, areas]) => areas.size > 1).map(([key, areas]) => `${key}: ${[...areas].join(", ")}`)).toEqual([]);
    const thrown = AREA_ERROR_CODES.flatMap((area) => Object.keys(area.thrown ?? {}));
    expect(thrown.filter((code, index) => thrown.indexOf(code) !== index)).toEqual([]);
    for (const area of AREA_ERROR_CODES) for (const [name, { code }] of Object.entries(area.thrown ?? {})) expect(code, `${area.area}: ${name}`).toBe(name);
  });

  it("is what the reference lists: every area's entry, each once", () => {
    const listed: ErrorCodeEntry[] = errorCatalog.flatMap(({ entries }) => Object.values(entries));
    expect(listed).toHaveLength(AREA_ERROR_CODES.flatMap(entriesOf).length);
    for (const { entry } of AREA_ERROR_CODES.flatMap(entriesOf)) expect(listed).toContain(entry);
  });

  it("writes no code outside it: every code-looking literal in an error position of server/ and rest/ is in the catalog", () => {
    const offences = sourceLines().flatMap(({ where, line }) => {
      return codeLiterals(line)
        .filter((code) => !catalogCodes.has(code) && !(code in NOT_ANSWERED))
        .map((code) => `${where}: ${code}`);
    });
    expect(offences).toEqual([]);
  });

  it("makes entries only in an area's error-codes.ts (a call site names one, never makes its own)", () => {
    const makers = sourceLines().filter(({ where, line }) => !/\/error-codes\.ts:/.test(where) && /\b(errorEntry|appErrorCode)\(/.test(line));
    expect(makers.map(({ where }) => where)).toEqual([]);
  });

  it("recognises the literals it forbids, and not zod's codes or messages (so an empty list above means something)", () => {
    expect(codeLiterals(`return { status: 401, error: "invalid_token", description: "x" };`)).toEqual(["invalid_token"]);
    expect(codeLiterals(`body: { code: 422, error_code: "weak_password", msg: "Password should be" }`)).toEqual(["weak_password"]);
    expect(codeLiterals(`{ available: false, code: "SLUG_TAKEN" }`)).toEqual(["SLUG_TAKEN"]);
    expect(codeLiterals(`throw new AppError("UPLOAD_INVALID", "Missing file")`)).toEqual(["UPLOAD_INVALID"]);
    expect(codeLiterals(`ctx.addIssue({ code: "custom", message: "seconds separated by commas" })`)).toEqual([]);
    expect(codeLiterals(`{ error: "Only required may be set" }`)).toEqual([]);
    expect(codeLiterals(`fragment.set("error", error.status === 403 ? "access_denied" : "invalid_request");`)).toEqual(["access_denied", "invalid_request"]);
    expect(codeLiterals(`throw new IdentityError({ status: response.status, code: String(json.error_code ?? "provider_error") }, message);`)).toEqual(["provider_error"]);
    expect(codeLiterals(`{ error: (issue) => (issue.code === "unrecognized_keys" ? "Only required may be set" : "The body must be set") }`)).toEqual([]);
    expect(codeLiterals("{ available: false, code: \"SLUG_RESERVED\", error: `\"api\" is reserved.` }")).toEqual(["SLUG_RESERVED"]);
    expect(codeLiterals(`query: { code: "c", state: UNKNOWN_NONCE }`)).toEqual([]);
    expect(catalogCodes.has("SLUG_TAKEN") && catalogCodes.has("STORAGE_FAILED") && catalogCodes.has("NOT_FOUND")).toBe(true);
  });
});
