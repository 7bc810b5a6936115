import AjvModule, { type ErrorObject } from "ajv";
import { isMap, LineCounter, parseDocument } from "yaml";
import schema from "./vendo.schema.json";

/**
 * `vendo.yaml` validation, shared by the REST surface, the dashboard and (through the
 * published schema at /schemas/vendo.schema.json) `svc validate`. Messages name the field
 * and, when the YAML gives one, the line.
 */
export interface ManifestProblem {
  path: string;
  message: string;
  line?: number;
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

const Ajv = (AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule;
const validate = new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile<Manifest>(schema);

function describe(error: ErrorObject): string {
  const field = error.instancePath ? error.instancePath.slice(1).replace(/\//g, ".") : "manifest";
  switch (error.keyword) {
    case "additionalProperties":
      return `${field === "manifest" ? "" : `${field}: `}unknown field "${String(error.params.additionalProperty)}"`;
    case "required":
      return `${field === "manifest" ? "" : `${field}: `}"${String(error.params.missingProperty)}" is required`;
    case "not":
      return "give port or upstream, not both";
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

export function validateManifest(text: string): ManifestResult {
  if (Buffer.byteLength(text) > MAX_MANIFEST_BYTES) return { ok: false, problems: [{ path: "", message: "manifest must be 64 KB or smaller" }] };
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({ path: "", message: `invalid YAML: ${e.message.split("\n")[0]}`, line: e.linePos?.[0]?.line })),
    };
  }
  const value: unknown = doc.toJS();
  if (!isMap(doc.contents)) return { ok: false, problems: [{ path: "", message: "manifest must be a mapping of fields (name: ..., port: ...)", line: 1 }] };
  if (validate(value)) return { ok: true, manifest: value };
  const problems = (validate.errors ?? [])
    .filter((e) => e.keyword !== "if")
    .map((error) => {
      const segments = error.instancePath.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
      const extra = error.keyword === "additionalProperties" ? [String(error.params.additionalProperty)] : [];
      const node = doc.getIn([...segments, ...extra], true) as { range?: [number, number, number] } | undefined;
      const keyNode = extra.length
        ? (doc.getIn(segments, true) as { items?: { key: { value: unknown; range?: [number, number, number] } }[] } | undefined)?.items?.find(
            (item) => item.key?.value === extra[0],
          )?.key
        : undefined;
      const at = keyNode?.range?.[0] ?? node?.range?.[0];
      return { path: error.instancePath, message: describe(error), ...(at !== undefined ? { line: lines.linePos(at).line } : {}) };
    });
  return { ok: false, problems };
}
