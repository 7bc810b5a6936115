import type { default as AjvModule, ErrorObject, ValidateFunction } from "ajv";
import type * as Yaml from "yaml";
import { loadOnFirstUse } from "../platform/load-on-first-use";
import schema from "./vendo.schema.json";

/**
 * `vendo.yaml` validation, shared by the REST surface, the dashboard and (through the
 * published schema at /schemas/vendo.schema.json) `svc validate`. Messages name the field
 * and, when the YAML gives one, the line.
 */
export interface ManifestProblem {
  path: string;
  message: string;
  /** 1-based line of the offending key or value in the text as given, as `svc validate` prints it. */
  line?: number;
  /** 1-based column on that line. */
  column?: number;
}

export interface Manifest {
  name: string;
  port?: number;
  upstream?: string;
  access?: "members" | "public";
  healthcheck?: string;
  env?: Record<string, string>;
  integrations?: string[];
  resources?: { cpu?: string; memory?: string };
}

export type ManifestResult = { ok: true; manifest: Manifest } | { ok: false; problems: ManifestProblem[] };

export const MANIFEST_SCHEMA = schema;
export const MAX_MANIFEST_BYTES = 64 * 1024;

// Loaded and compiled at the first validation: most processes never validate a manifest (docs/decisions/058).
const yaml = loadOnFirstUse<typeof Yaml>("yaml");
const ajv = loadOnFirstUse<{ default: typeof AjvModule }>("ajv");
let compiled: ValidateFunction<Manifest> | undefined;
function manifestSchema(): ValidateFunction<Manifest> {
  compiled ??= new (ajv().default)({ allErrors: true, strict: true, strictRequired: false }).compile<Manifest>(schema);
  return compiled;
}

function describe(error: ErrorObject): string {
  const field = error.instancePath ? error.instancePath.slice(1).replace(/\//g, ".") : "manifest";
  switch (error.keyword) {
    case "additionalProperties":
      return `${field === "manifest" ? "" : `${field}: `}unknown field "${String(error.params.additionalProperty)}"`;
    case "required":
      return `${field === "manifest" ? "" : `${field}: `}"${String(error.params.missingProperty)}" is required`;
    case "not":
      return "give port or upstream, not both";
    case "uniqueItems":
      return `${field} lists the same value twice`;
    case "enum":
      return `${field} must be one of ${(error.params.allowedValues as string[]).join(", ")}`;
    case "pattern":
      if (field === "name") return "name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end";
      if (field === "healthcheck") return "healthcheck must be a path on the tool, starting with one / (like /health), with no scheme, host or backslash";
      return `${field} has an invalid format`;
    case "propertyNames":
      return `${field}: variable names must start with a letter or underscore and use only letters, digits and underscores`;
    default:
      return `${field} ${error.message ?? "is invalid"}`;
  }
}

type YamlDocument = ReturnType<typeof Yaml.parseDocument>;
type Ranged = { range?: [number, number, number] | null } | null | undefined;
type Found = { key?: Ranged; value?: Ranged };

/** The key and value nodes at a JSON Pointer's segments (as far as the document goes). */
function nodeAt(doc: YamlDocument, segments: string[]): Found {
  const { isMap, isScalar, isSeq } = yaml();
  let found: Found = { value: doc.contents as Ranged };
  for (const segment of segments) {
    const container = found.value as unknown;
    if (isMap(container)) {
      const pair = container.items.find((item) => String(isScalar(item.key) ? item.key.value : item.key) === segment);
      if (!pair) return found;
      found = { key: pair.key as Ranged, value: pair.value as Ranged };
    } else if (isSeq(container)) {
      found = { value: container.items[Number(segment)] as Ranged };
    } else {
      return found;
    }
  }
  return found;
}

/**
 * Where a field's problem is, as an offset: its key for "key" problems (unknown fields, bad
 * names, the second of port/upstream); otherwise its value, unless the value starts on a
 * later line than its key (a block list or mapping under `integrations:`), where the person
 * looks at the key. `svc validate` (cli/src/lib/manifest-check.ts) places them by the same rule.
 */
function startOf(found: Found, prefer: "key" | "value", lines: { linePos(offset: number): { line: number } }): number | undefined {
  const key = found.key?.range?.[0];
  const value = found.value?.range && found.value.range[1] > found.value.range[0] ? found.value.range[0] : undefined;
  if (prefer === "key") return key ?? value;
  if (value !== undefined && key !== undefined && lines.linePos(value).line !== lines.linePos(key).line) return key;
  return value ?? key;
}

/** Where a problem is: the offending key (unknown fields, bad names, the second of port/upstream) or value. */
function problemOffset(doc: YamlDocument, error: ErrorObject, lines: { linePos(offset: number): { line: number } }): number | undefined {
  const segments = error.instancePath.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  switch (error.keyword) {
    case "additionalProperties":
      return startOf(nodeAt(doc, [...segments, String(error.params.additionalProperty)]), "key", lines);
    case "propertyNames":
      return startOf(nodeAt(doc, [...segments, String(error.params.propertyName)]), "key", lines);
    case "required":
      return startOf(nodeAt(doc, segments), "key", lines);
    case "not":
      return startOf(nodeAt(doc, ["upstream"]), "key", lines);
    case "uniqueItems":
      return startOf(nodeAt(doc, [...segments, String(Math.max(Number(error.params.i), Number(error.params.j)))]), "value", lines);
    default:
      return startOf(nodeAt(doc, segments), "value", lines);
  }
}

const ALIAS_BOMB = Symbol("aliases expand too far");
const ALIAS_BOMB_MESSAGE = "invalid YAML: its aliases expand too many times (anchors may be used, but not to multiply the document)";

/**
 * The document as plain values. A few anchors and aliases are fine; a "billion laughs" of
 * aliases nested in aliases is stopped by the parser after 100 expansions with a
 * ReferenceError, which is the manifest's fault, not a failure of ours (it was a 500).
 */
function manifestValue(doc: YamlDocument): unknown {
  try {
    return doc.toJS();
  } catch (error) {
    if (error instanceof ReferenceError) return ALIAS_BOMB;
    throw error;
  }
}

export function validateManifest(text: string): ManifestResult {
  if (Buffer.byteLength(text) > MAX_MANIFEST_BYTES) return { ok: false, problems: [{ path: "", message: "manifest must be 64 KB or smaller" }] };
  const { isMap, LineCounter, parseDocument } = yaml();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const position = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({
        path: "",
        message:
          e.code === "DUPLICATE_KEY" ? `invalid YAML: duplicate key "${/^[^:\n]*/.exec(text.slice(e.pos[0]))![0].trim()}"` : `invalid YAML: ${e.message.split("\n")[0]}`,
        ...position(e.pos[0]),
      })),
    };
  }
  const value = manifestValue(doc);
  if (value === ALIAS_BOMB) return { ok: false, problems: [{ path: "", message: ALIAS_BOMB_MESSAGE }] };
  if (!isMap(doc.contents)) {
    return { ok: false, problems: [{ path: "", message: "manifest must be a mapping of fields (name: ..., port: ...)", ...position((doc.contents as Ranged)?.range?.[0] ?? 0) }] };
  }
  const validate = manifestSchema();
  if (validate(value)) return { ok: true, manifest: value };
  const problems = (validate.errors ?? [])
    // A bad variable name arrives twice (the inner pattern, then propertyNames): keep one.
    .filter((e) => e.keyword !== "if" && !(e.keyword === "pattern" && (e as ErrorObject & { propertyName?: string }).propertyName !== undefined))
    .map((error) => {
      const at = problemOffset(doc, error, lines);
      return { path: error.instancePath, message: describe(error), ...(at !== undefined ? position(at) : {}) };
    });
  // In source order, as `svc validate` prints them.
  return { ok: false, problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)) };
}
