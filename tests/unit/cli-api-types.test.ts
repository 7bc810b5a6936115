import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../rest/openapi/document";

const FILE = resolve(import.meta.dirname, "../../cli/src/lib/api-types.ts");
const HEADER = "// Generated from the service's OpenAPI document by openapi-typescript: `npm run cli:types` rewrites it. Do not edit.\n\n";

async function generated(): Promise<string> {
  const ast = await openapiTS(openApiDocument() as never, { alphabetize: true });
  return HEADER + astToString(ast);
}

describe("the CLI's API types", () => {
  it("are generated from the current OpenAPI document (npm run cli:types rewrites them)", async () => {
    const expected = await generated();
    if (process.env.UPDATE_CLI_TYPES === "1") writeFileSync(FILE, expected);
    else expect(readFileSync(FILE, "utf8"), "cli/src/lib/api-types.ts is out of date: run `npm run cli:types`").toBe(expected);
  });
});
