import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that run far longer than their size says go first. Without earlier results vitest
 * starts larger files first, so the contract replay (a few lines that replay every example of
 * the OpenAPI document, about 20 s) started last on a clean clone and ran 18 s alone while
 * the other worker sat idle. The cluster suites start several services each.
 */
const FIRST = ["tests/rest/openapi-contract.test.ts", "tests/cluster/"];

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const early = (file: TestSpecification) => FIRST.some((prefix) => relative(process.cwd(), file.moduleId).startsWith(prefix));
    return [...sorted.filter(early), ...sorted.filter((file) => !early(file))];
  }
}
