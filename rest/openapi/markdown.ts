/**
 * docs/api.md's reference part, rendered from the OpenAPI document, so the prose reference
 * and the served document can never disagree. tests/unit/api-docs.test.ts checks the file is
 * current; `npm run docs:api` rewrites it.
 */
type Json = Record<string, any>;

export const GENERATED_START = "<!-- generated from rest/openapi by `npm run docs:api`: edit the operations, not this part -->";
export const GENERATED_END = "<!-- end of generated part -->";

const AUTH_LABEL: Record<string, string> = {
  session: "session cookie",
  appKey: "`svc_sk_` key (Bearer)",
  identityToken: "identity token (Bearer JWT)",
};

const code = (value: unknown) => `\`${JSON.stringify(value)}\``;
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function typeOf(schema: Json | undefined): string {
  if (!schema) return "any";
  if (schema.enum) return schema.enum.map((v: unknown) => code(v)).join(" or ");
  if (schema.const !== undefined) return code(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  if (schema.type === "array") return `array of ${typeOf(schema.items)}`;
  return schema.type ?? "any";
}

function rules(schema: Json | undefined): string {
  if (!schema) return "";
  const parts: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined) parts.push(`${schema.minLength}-${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) parts.push(`at least ${schema.minLength} characters`);
  if (schema.format) parts.push(schema.format);
  if (schema.pattern) parts.push(`matches \`${schema.pattern}\``);
  if (schema.default !== undefined) parts.push(`default ${code(schema.default)}`);
  if (schema.description) parts.push(schema.description);
  return parts.join("; ");
}

function fieldTable(schema: Json, what: string): string[] {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  if (properties.length === 0) return [];
  const required = new Set<string>(schema.required ?? []);
  return [
    `${what}:`,
    "",
    "| field | type | required | rules |",
    "|---|---|---|---|",
    ...properties.map(([name, property]) => `| \`${name}\` | ${cell(typeOf(property))} | ${required.has(name) ? "yes" : "no"} | ${cell(rules(property))} |`),
    "",
  ];
}

function responseRows(responses: Json): string[] {
  const rows: string[] = [];
  for (const [status, response] of Object.entries(responses)) {
    const content = Object.entries((response.content ?? {}) as Json);
    const examples = content.flatMap(([, media]) => Object.values(((media as Json).examples ?? {}) as Json));
    // A popup page's row shows the message it posts to its opener.
    const shown = (e: Json) => (e.value !== undefined ? code(e.value) : e["x-replay"]?.posts ? `posts ${code(e["x-replay"].posts)}` : undefined);
    const errorBodies = Number(status) >= 400 ? examples.filter((e) => shown(e) !== undefined).map((e) => `${cell(e.summary)}: ${cell(shown(e)!)}`) : [];
    const type = content.length > 0 && content[0]![0] !== "application/json" ? ` (\`${content[0]![0]}\`)` : "";
    rows.push(`| ${status} | ${cell(response.description)}${type} | ${errorBodies.join("<br>")} |`);
  }
  return rows;
}

function successExample(responses: Json): string[] {
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 300) continue;
    const media = (response.content ?? {})["application/json"];
    const example = media && Object.values((media.examples ?? {}) as Json)[0];
    if (example?.value !== undefined) return [`Example answer (${status}):`, "", "```json", JSON.stringify(example.value, null, 2), "```", ""];
  }
  return [];
}

function renderOperation(path: string, method: string, operation: Json): string[] {
  const auth = operation.security.length === 0 ? "none (public)" : operation.security.map((s: Json) => AUTH_LABEL[Object.keys(s)[0]!]).join(" or ");
  const lines = [`### ${method.toUpperCase()} \`${path}\``, "", `**${operation.summary}.** ${operation.description ?? ""}`.trim(), "", `Auth: ${auth}.`, ""];
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    const where = parameter.in === "path" ? "Path parameter" : "Query parameter";
    lines.push(`${where} \`${parameter.name}\`${parameter.required ? "" : " (optional)"}: ${parameter.description ?? typeOf(parameter.schema)}`, "");
  }
  const body = operation.requestBody?.content ?? {};
  if (body["application/json"]) lines.push(...fieldTable(body["application/json"].schema, "JSON body"));
  if (body["multipart/form-data"]) {
    const [field, property] = Object.entries(body["multipart/form-data"].schema.properties as Json)[0]!;
    lines.push(`Body: \`multipart/form-data\` with a part \`${field}\`: ${(property as Json).description}`, "");
  }
  lines.push("| status | when | body |", "|---|---|---|", ...responseRows(operation.responses), "");
  lines.push(...successExample(operation.responses));
  return lines;
}

interface ErrorCodeRow {
  group: string;
  code: string;
  status: number;
  shape: string;
  when: string;
}

const SHAPES: Record<string, string> = {
  message: "`{ message, code?, error?, detail? }`",
  error: "`{ error, detail? }`",
  popup: "popup page posting `{ type: 'svc:oauth:error', code, detail, state }`",
  identity: "GoTrue's `{ code, error_code, msg }`",
  oauth: "`{ error, error_description }`",
  availability: "`{ available: false, code, error? }`",
  fragment: "303 to `redirect_to`, `#error, error_code, error_description`",
};

/** The catalog of error codes (the document's `x-error-codes`), one table per group. */
function errorCodeSection(rows: ErrorCodeRow[]): string[] {
  const lines = ["## Error codes", "", "Every machine-readable code the service answers, with its status and the body it travels in.", ""];
  for (const group of [...new Set(rows.map((row) => row.group))]) {
    lines.push(`### ${group}`, "", "| code | status | body | when |", "|---|---|---|---|");
    for (const row of rows.filter((r) => r.group === group)) lines.push(`| \`${row.code}\` | ${row.status} | ${SHAPES[row.shape]} | ${cell(row.when)} |`);
    lines.push("");
  }
  return lines;
}

export function renderReference(document: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      const tag = (operation as Json).tags[0] as string;
      byTag.set(tag, [...(byTag.get(tag) ?? []), ...renderOperation(path, method, operation as Json)]);
    }
  }
  const lines = [GENERATED_START, "", "## Index", ""];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) lines.push(`- ${method.toUpperCase()} \`${path}\`: ${(operation as Json).summary}`);
  }
  lines.push("");
  for (const [tag, body] of byTag) lines.push(`## ${tag}`, "", ...body);
  lines.push(...errorCodeSection(document["x-error-codes"] as ErrorCodeRow[]));
  lines.push(GENERATED_END);
  return lines.join("\n") + "\n";
}

/** The file with its generated part replaced (the hand-written parts around it kept). */
export function withReference(file: string, document: Json): string {
  const start = file.indexOf(GENERATED_START);
  const end = file.indexOf(GENERATED_END);
  if (start === -1 || end === -1) return `${file.trimEnd()}\n\n${renderReference(document)}`;
  return file.slice(0, start) + renderReference(document) + file.slice(end + GENERATED_END.length + 1);
}
