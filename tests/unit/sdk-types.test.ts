import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundConnectionsOutput } from "../../server/connections";
import { oauthDoneMessage } from "../../server/connections/oauth/messages";

const FILE = resolve(import.meta.dirname, "../../sdk/connect.d.ts");
const BEGIN = "// <generated: the service's own schemas of these answers; `npm run sdk:types` rewrites this block. Do not edit.>\n";
const END = "// </generated>\n";

/** The published shapes, each from the one zod schema the service answers with. */
async function generatedBlock(): Promise<string> {
  const shapes: [string, z.ZodType, string][] = [
    ["ConnectResult", oauthDoneMessage, "The popup's `svc:oauth:done` message, as `connect()` resolves with it."],
    ["BoundConnection", boundConnectionsOutput.shape.connections.element, "One entry of `GET /api/deployments/me/connections` (read by a tool's server with its App Key)."],
  ];
  const parts: string[] = [];
  for (const [name, schema, description] of shapes) {
    const json = { ...(z.toJSONSchema(schema, { io: "output" }) as JSONSchema), description };
    parts.push(await compile(json, name, { bannerComment: "", additionalProperties: false }));
  }
  return BEGIN + parts.join("\n") + END;
}

describe("the browser SDK's declarations", () => {
  it("carry the popup message and the bound connection as the service's schemas define them (npm run sdk:types rewrites them)", async () => {
    const current = readFileSync(FILE, "utf8");
    const start = current.indexOf(BEGIN);
    const end = current.indexOf(END);
    expect(start, "sdk/connect.d.ts has no generated block").toBeGreaterThanOrEqual(0);
    const expected = current.slice(0, start) + (await generatedBlock()) + current.slice(end + END.length);
    if (process.env.UPDATE_SDK_TYPES === "1") writeFileSync(FILE, expected);
    else expect(current, "sdk/connect.d.ts is out of date: run `npm run sdk:types`").toBe(expected);
  });
});
