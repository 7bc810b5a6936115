import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../rest/openapi/document";
import { withReference } from "../../rest/openapi/markdown";

const FILE = resolve(import.meta.dirname, "../../docs/api.md");

describe("docs/api.md", () => {
  it("carries the reference generated from the OpenAPI document (npm run docs:api rewrites it)", () => {
    const current = readFileSync(FILE, "utf8");
    const expected = withReference(current, openApiDocument());
    if (process.env.UPDATE_API_DOCS === "1") writeFileSync(FILE, expected);
    else expect(current, "docs/api.md is out of date: run `npm run docs:api`").toBe(expected);
  });

  it("names every path of the document and points at nothing outside the repository", () => {
    const text = readFileSync(FILE, "utf8");
    for (const path of Object.keys((openApiDocument() as { paths: object }).paths)) expect(text).toContain(`\`${path}\``);
    expect(text).not.toContain("../shared");
  });
});
