import { invalidFilter } from "./scim-error";
import { LONE_SURROGATE } from "./scim-values";

/**
 * A strict reading of RFC 7644 section 3.4.2.2's filters, for what directories send when they
 * look a person or a group up: `attr eq "value"`, joined by `and` or `or` (no parentheses, no
 * `not`, no other operator). Anything else is refused with `invalidFilter`, never guessed at:
 * the filter becomes parameters of a query, never its text.
 */
export interface FilterTerm {
  /** The attribute as the resource type's table names it (`userName`, `emails.value`, ...). */
  attribute: string;
  value: string | boolean;
}

export interface Filter {
  join: "and" | "or";
  terms: FilterTerm[];
}

const MAX_FILTER_LENGTH = 1000;
const MAX_TERMS = 10;
const TOKEN = /\s*("(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"|[A-Za-z][A-Za-z0-9._:$-]*|\S)/y;

function tokens(text: string): string[] {
  const found: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const match = TOKEN.exec(text);
    if (!match) throw invalidFilter("The filter could not be read");
    found.push(match[1]!);
  }
  return found;
}

/** `attributes` maps each filterable attribute, lower-cased (a URN prefix left off), to its name. */
export function parseFilter(text: string, attributes: Readonly<Record<string, string>>): Filter {
  if (text.length > MAX_FILTER_LENGTH) throw invalidFilter(`A filter is at most ${MAX_FILTER_LENGTH} characters`);
  const list = tokens(text);
  const terms: FilterTerm[] = [];
  let join: "and" | "or" | null = null;
  let at = 0;
  for (;;) {
    const [path, operator, literal] = [list[at], list[at + 1], list[at + 2]];
    if (!path || !operator || !literal) throw invalidFilter("Expected `attribute eq \"value\"`");
    const attribute = attributes[path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, "").toLowerCase()];
    if (!attribute) throw invalidFilter(`Filtering by ${JSON.stringify(path.slice(0, 100))} is not supported`);
    if (operator.toLowerCase() !== "eq") throw invalidFilter(`The operator ${JSON.stringify(operator.slice(0, 20))} is not supported; only eq is`);
    terms.push({ attribute, value: literalValue(literal) });
    at += 3;
    if (at === list.length) break;
    const next = list[at]!.toLowerCase();
    if (next !== "and" && next !== "or") throw invalidFilter(`Unexpected ${JSON.stringify(list[at]!.slice(0, 20))} in the filter`);
    if (join && join !== next) throw invalidFilter("A filter mixing and with or needs parentheses, which are not supported");
    join = next;
    at += 1;
    if (terms.length >= MAX_TERMS) throw invalidFilter(`A filter has at most ${MAX_TERMS} comparisons`);
  }
  return { join: join ?? "and", terms };
}

function literalValue(literal: string): string | boolean {
  if (literal.startsWith('"')) {
    // A lone `"` (an unterminated string) is a token of its own: refused, not parsed.
    if (literal.length < 2 || !literal.endsWith('"')) throw invalidFilter("A filter's quoted value is not closed");
    const value = JSON.parse(literal) as string;
    if (/[\u0000-\u001f\u007f]/.test(value)) throw invalidFilter("A filter's value holds no control characters");
    if (LONE_SURROGATE.test(value)) throw invalidFilter("A filter's value is not well-formed Unicode");
    return value;
  }
  if (literal === "true" || literal === "false") return literal === "true";
  throw invalidFilter("A filter's value is a quoted string, true or false");
}
