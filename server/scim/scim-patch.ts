import { invalidPath, invalidSyntax, invalidValue, noTarget } from "./scim-error";

/**
 * RFC 7644 section 3.5.2's PATCH, applied to a resource's JSON before it is judged and stored
 * as a PUT would be: `add`, `replace` and `remove` (any case: Entra sends `Replace`), with a
 * `path` (`attr`, `attr.sub`, `attr[sub eq "v"]`, `attr[sub eq "v"].sub`, a core URN prefix
 * allowed) or without one and a value object (Okta). Unknown attributes are refused with
 * `invalidPath`; the attributes of SCIM's core schema this service does not keep are ignored.
 */
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

export interface PatchSchema {
  /** Lower-cased attribute name → its name. */
  attributes: Readonly<Record<string, string>>;
  /** The multi-valued attributes (by name): `emails`, `members`. */
  multiValued: ReadonlySet<string>;
  /** The core URN of the resource (its prefix is allowed on a path). */
  urn: string;
  /** Core attributes accepted and not kept. */
  ignored: ReadonlySet<string>;
}

type Json = Record<string, unknown>;
interface Path {
  attribute: string;
  filter?: { sub: string; value: unknown };
  sub?: string;
}

const MAX_OPERATIONS = 100;
/** As many values as a Group may have members (scim-groups.ts). */
const MAX_VALUES = 10_000;
const PATH = /^([A-Za-z][A-Za-z0-9_$-]*)(?:\[\s*([A-Za-z][A-Za-z0-9_$-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*\])?(?:\.([A-Za-z][A-Za-z0-9_$-]*))?$/i;

/** The path read, or null for an attribute that is accepted and ignored. */
function parsePath(text: string, schema: PatchSchema): Path | null {
  if (/^urn:ietf:params:scim:schemas:extension:/i.test(text)) return null;
  const bare = text.toLowerCase().startsWith(`${schema.urn.toLowerCase()}:`) ? text.slice(schema.urn.length + 1) : text;
  const match = PATH.exec(bare.trim());
  if (!match) throw invalidPath(`The path ${JSON.stringify(text.slice(0, 100))} could not be read`);
  const lower = match[1]!.toLowerCase();
  if (schema.ignored.has(lower)) return null;
  const attribute = schema.attributes[lower];
  if (!attribute) throw invalidPath(`The attribute ${JSON.stringify(match[1]!.slice(0, 100))} is not known`);
  let filter: Path["filter"];
  if (match[2]) {
    if (!schema.multiValued.has(attribute)) throw invalidPath(`${attribute} has no values to filter`);
    let value: unknown;
    try {
      value = JSON.parse(match[3]!);
    } catch {
      throw invalidPath("The path's filter value could not be read");
    }
    filter = { sub: match[2], value };
  }
  return { attribute, filter, sub: match[4] };
}

const sameValue = (a: unknown, b: unknown) => (typeof a === "string" && typeof b === "string" ? a.toLowerCase() === b.toLowerCase() : a === b);
const subOf = (item: unknown, sub: string): unknown => {
  if (!item || typeof item !== "object") return undefined;
  const key = Object.keys(item).find((k) => k.toLowerCase() === sub.toLowerCase());
  return key ? (item as Json)[key] : undefined;
};
const matches = (item: unknown, filter: NonNullable<Path["filter"]>) => sameValue(subOf(item, filter.sub), filter.value);

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function identity(item: unknown): unknown {
  return item && typeof item === "object" ? subOf(item, "value") : item;
}

/** What `sameValue` compares, as a set key: strings case-insensitively, anything else as is. */
function valueKey(item: unknown): unknown {
  const value = identity(item);
  return typeof value === "string" ? value.toLowerCase() : value;
}

function applyOne(resource: Json, op: "add" | "replace" | "remove", path: Path, value: unknown): void {
  const { attribute, filter, sub } = path;
  const multi = Array.isArray(resource[attribute]) || filter !== undefined;
  if (op === "remove") {
    if (filter) {
      const list = asArray(resource[attribute] ?? []);
      resource[attribute] = sub ? list.map((item) => (matches(item, filter) ? dropKey(item as Json, sub) : item)) : list.filter((item) => !matches(item, filter));
    } else if (sub) {
      const current = resource[attribute];
      if (current && typeof current === "object" && !Array.isArray(current)) resource[attribute] = dropKey(current as Json, sub);
    } else if (value !== undefined && Array.isArray(resource[attribute])) {
      // Entra removes members by value: `{ "path": "members", "value": [{ "value": "..." }] }`.
      const gone = new Set(asArray(value).map((item) => String(identity(item))));
      resource[attribute] = (resource[attribute] as unknown[]).filter((item) => !gone.has(String(identity(item))));
    } else delete resource[attribute];
    return;
  }
  if (filter) {
    const list = asArray(resource[attribute] ?? []).slice();
    let found = false;
    for (let i = 0; i < list.length; i++) {
      if (!matches(list[i], filter)) continue;
      found = true;
      list[i] = sub ? { ...(list[i] as Json), [sub]: value } : { ...(list[i] as Json), ...(value as Json) };
    }
    // Entra sets `emails[type eq "work"].value` on a user that has no work address yet.
    if (!found) list.push(sub ? { [filter.sub]: filter.value, [sub]: value } : { [filter.sub]: filter.value, ...(value as Json) });
    resource[attribute] = list;
    return;
  }
  if (sub) {
    const current = resource[attribute];
    if (Array.isArray(current)) throw invalidPath(`${attribute}.${sub} names no one value; use a filter`);
    resource[attribute] = { ...((current as Json) ?? {}), [sub]: value };
    return;
  }
  if (multi && op === "add") {
    const list = asArray(resource[attribute] ?? []).slice();
    const added = asArray(value);
    if (list.length + added.length > MAX_VALUES) throw invalidValue(`${attribute} has at most ${MAX_VALUES} values`);
    // A set, not a scan per value: 100,000 values under 1 MB would otherwise hold the event loop for minutes.
    const seen = new Set(list.map(valueKey));
    for (const item of added) {
      const key = valueKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      list.push(item);
    }
    resource[attribute] = list;
    return;
  }
  const current = resource[attribute];
  if (current && typeof current === "object" && !Array.isArray(current) && value && typeof value === "object" && !Array.isArray(value)) {
    resource[attribute] = { ...(current as Json), ...(value as Json) };
    return;
  }
  resource[attribute] = value;
}

function dropKey(item: Json, sub: string): Json {
  return Object.fromEntries(Object.entries(item).filter(([key]) => key.toLowerCase() !== sub.toLowerCase()));
}

/** The resource (a copy) with the request's operations applied, in order; throws SCIM's refusal. */
export function applyPatch(current: Json, body: unknown, schema: PatchSchema): Json {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw invalidSyntax("A PATCH body is a JSON object");
  const request = body as Json;
  if (!Array.isArray(request.schemas) || !request.schemas.includes(PATCH_SCHEMA)) throw invalidSyntax(`A PATCH body names the schema ${PATCH_SCHEMA}`);
  const operations = request.Operations ?? request.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw invalidSyntax("A PATCH body has a non-empty Operations list");
  if (operations.length > MAX_OPERATIONS) throw invalidSyntax(`A PATCH body has at most ${MAX_OPERATIONS} operations`);
  const resource: Json = structuredClone(current);
  for (const operation of operations as unknown[]) {
    if (!operation || typeof operation !== "object") throw invalidSyntax("Each operation is a JSON object");
    const { op: opText, path: pathText, value } = operation as Json;
    const op = typeof opText === "string" ? opText.toLowerCase() : "";
    if (op !== "add" && op !== "replace" && op !== "remove") throw invalidSyntax(`The operation ${JSON.stringify(String(opText).slice(0, 20))} is not add, replace or remove`);
    if (pathText !== undefined && typeof pathText !== "string") throw invalidPath("A path is a string");
    if (pathText === undefined || pathText === "") {
      if (op === "remove") throw noTarget("A remove operation names its path");
      if (!value || typeof value !== "object" || Array.isArray(value)) throw invalidValue("Without a path, the value is an object of attributes");
      for (const [key, each] of Object.entries(value as Json)) {
        const path = parsePath(key, schema);
        if (path) applyOne(resource, op, path, each);
      }
      continue;
    }
    const path = parsePath(pathText, schema);
    if (!path) continue;
    if (op !== "remove" && value === undefined) throw invalidValue(`An ${op} operation carries a value`);
    applyOne(resource, op, path, value);
  }
  return resource;
}
