import { readFileSync } from "node:fs";
import AjvModule, { type ErrorObject, type ValidateFunction } from "ajv";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node as YamlNode } from "yaml";

/**
 * `svc validate`'s checker: the YAML parsed with source positions, then the manifest JSON
 * Schema bundled in this package (`schema/vendo.schema.json`, byte for byte the one the
 * service serves at /schemas/vendo.schema.json; a test keeps them equal). Every problem
 * carries the line and column of the offending key or value, not of the document.
 * Offline: nothing here touches the network.
 */

export interface ManifestProblem {
  /** JSON Pointer of the offending value ("" for the document or a YAML syntax error). */
  path: string;
  line: number;
  col: number;
  message: string;
}

/** The same cap the service applies to a manifest. */
export const MAX_MANIFEST_BYTES = 64 * 1024;

export const SCHEMA_URL = new URL("../../schema/vendo.schema.json", import.meta.url);

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (compiled) return compiled;
  // ajv is CommonJS: under NodeNext its class is the default export's `default`.
  type AjvClass = new (options: object) => { compile(schema: object): ValidateFunction };
  const Ajv = ((AjvModule as unknown as { default?: AjvClass }).default ?? AjvModule) as unknown as AjvClass;
  const schema = JSON.parse(readFileSync(SCHEMA_URL, "utf8")) as object;
  const fresh = new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(schema);
  compiled = fresh;
  return fresh;
}

export function checkManifest(text: string): ManifestProblem[] {
  if (Buffer.byteLength(text) > MAX_MANIFEST_BYTES) return [{ path: "", line: 1, col: 1, message: "manifest must be 64 KB or smaller" }];
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return doc.errors.map((e) => ({
      path: "",
      ...lines.linePos(e.pos[0]),
      message:
        e.code === "DUPLICATE_KEY"
          ? `invalid YAML: duplicate key "${/^[^:\n]*/.exec(text.slice(e.pos[0]))![0].trim()}"`
          : `invalid YAML: ${e.message.split("\n")[0]}`,
    }));
  }
  if (!isMap(doc.contents)) {
    const at = doc.contents?.range?.[0] ?? 0;
    return [{ path: "", ...lines.linePos(at), message: "manifest must be a mapping of fields (name: ..., port: ...)" }];
  }
  let value: unknown;
  try {
    value = doc.toJS();
  } catch (error) {
    // A "billion laughs" of aliases nested in aliases: the parser stops after 100 expansions.
    if (error instanceof ReferenceError) return [{ path: "", line: 1, col: 1, message: "invalid YAML: its aliases expand too many times (anchors may be used, but not to multiply the document)" }];
    throw error;
  }
  const validate = validator();
  if (validate(value)) return [];
  const problems = (validate.errors ?? [])
    // A propertyNames failure arrives twice (the inner pattern, then propertyNames): keep one.
    .filter((e) => e.keyword !== "if" && !(e.keyword === "pattern" && (e as ErrorObject & { propertyName?: string }).propertyName !== undefined))
    .map((error) => locate(doc, lines, error));
  return problems.sort((a, b) => a.line - b.line || a.col - b.col);
}

type Found = { key?: YamlNode; value?: YamlNode | null };

/** The key and value nodes at a JSON Pointer's segments. */
function nodeAt(doc: Document, segments: string[]): Found {
  let found: Found = { value: doc.contents as YamlNode };
  for (const segment of segments) {
    const container = found.value;
    if (isMap(container)) {
      const pair = container.items.find((item) => String(isScalar(item.key) ? item.key.value : item.key) === segment);
      if (!pair) return found;
      found = { key: pair.key as YamlNode, value: pair.value as YamlNode | null };
    } else if (isSeq(container)) {
      found = { value: container.items[Number(segment)] as YamlNode | undefined };
    } else {
      return found;
    }
  }
  return found;
}

/**
 * A problem's offset: its key, or its value unless the value starts on a later line than its
 * key (a block list or mapping under `integrations:`), where the person looks at the key. The
 * service places its problems by the same rule (server/deployments/manifest.ts).
 */
function startOf(found: Found, prefer: "key" | "value", lines: LineCounter): number {
  const value = found.value?.range;
  const key = found.key?.range;
  const valueStart = value && value[1] > value[0] ? value[0] : undefined;
  if (prefer === "key") return key?.[0] ?? valueStart ?? 0;
  if (valueStart !== undefined && key && lines.linePos(valueStart).line !== lines.linePos(key[0]).line) return key[0];
  return valueStart ?? key?.[0] ?? 0;
}

function locate(doc: Document, lines: LineCounter, error: ErrorObject): ManifestProblem {
  const segments = error.instancePath.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const field = segments.join(".") || "manifest";
  const pointer = (...more: string[]) => [error.instancePath, ...more.map((m) => m.replace(/~/g, "~0").replace(/\//g, "~1"))].join("/");
  const at = (offset: number) => lines.linePos(offset);
  switch (error.keyword) {
    case "additionalProperties": {
      const name = String(error.params.additionalProperty);
      return { path: pointer(name), ...at(startOf(nodeAt(doc, [...segments, name]), "key", lines)), message: `${field === "manifest" ? "" : `${field}: `}unknown field "${name}"` };
    }
    case "propertyNames": {
      const name = String(error.params.propertyName);
      return {
        path: pointer(name),
        ...at(startOf(nodeAt(doc, [...segments, name]), "key", lines)),
        message: `${field}: "${name}" is not a valid variable name (start with a letter or underscore; letters, digits and underscores only)`,
      };
    }
    case "required": {
      const name = String(error.params.missingProperty);
      return { path: error.instancePath, ...at(startOf(nodeAt(doc, segments), "key", lines)), message: `${field === "manifest" ? "" : `${field}: `}"${name}" is required` };
    }
    case "not":
      return { path: "/upstream", ...at(startOf(nodeAt(doc, ["upstream"]), "key", lines)), message: "give port or upstream, not both" };
    case "uniqueItems": {
      const index = String(Math.max(Number(error.params.i), Number(error.params.j)));
      return { path: pointer(index), ...at(startOf(nodeAt(doc, [...segments, index]), "value", lines)), message: `${field} lists the same value twice` };
    }
    default:
      return { path: error.instancePath, ...at(startOf(nodeAt(doc, segments), "value", lines)), message: describe(field, error) };
  }
}

function describe(field: string, error: ErrorObject): string {
  switch (error.keyword) {
    case "enum":
      return `${field} must be one of ${(error.params.allowedValues as string[]).join(", ")}`;
    case "pattern":
      if (field === "name") return "name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end";
      if (field === "upstream") return "upstream must be an http:// or https:// URL";
      if (field === "healthcheck") return "healthcheck must be a path on the tool, starting with one / (like /health), with no scheme, host or backslash";
      return `${field} has an invalid format`;
    case "type":
      return `${field} must be ${article(String(error.params.type))}`;
    default:
      return `${field} ${error.message ?? "is invalid"}`;
  }
}

function article(type: string): string {
  return type === "integer" ? "an integer" : type === "object" ? "a mapping" : type === "array" ? "a list" : `a ${type}`;
}
