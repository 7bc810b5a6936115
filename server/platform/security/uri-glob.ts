/**
 * GoTrue's URI_ALLOW_LIST patterns: github.com/gobwas/glob compiled with '.' and '/' as
 * separators (GoTrue's `glob.MustCompile(uri, '.', '/')`), as a whole-string RegExp.
 *
 *   `*`       any run of characters without a separator (one host label, one path segment)
 *   `**`      any run of characters, separators included
 *   `?`       one character that is not a separator
 *   `[abc]`, `[a-z]`, `[!abc]`  one character of (or not of) the list or range
 *   `{a,b}`   one of the comma-separated alternatives, each a pattern itself
 *   `\x`      the character x itself
 *
 * Anything else matches itself, case-sensitively. A pattern gobwas would refuse (an unclosed
 * `[` or `{`, an empty list, a trailing `\`) throws, so a bad setting stops the start.
 *
 * Each term becomes a small RegExp for one character or a star, and the whole is matched by
 * dynamic programming, never as one backtracking RegExp: `**a**a**a**b` against 2 000
 * characters would take a backtracking engine years; here it is a few million steps.
 */
export interface UriGlob {
  test(value: string): boolean;
}

export function compileUriGlob(pattern: string): UriGlob {
  const parser = new GlobParser(pattern);
  const source = parser.sequence(false);
  if (!parser.done()) throw new UriGlobError(pattern, `"}" without "{" at ${parser.position}`);
  const alternatives = expand(source);
  return { test: (value) => alternatives.some((terms) => matches(terms, value)) };
}

/** A term: one character of a class, or any run (`*`: without separators, `**`: of anything). */
type Term = { one: RegExp } | { run: RegExp | null };
type Node = string | { alternatives: Node[][] };
const MAX_EXPANSIONS = 256;

function expand(nodes: Node[]): Term[][] {
  let out: Term[][] = [[]];
  for (const node of nodes) {
    if (typeof node === "string") {
      for (const terms of out) terms.push(toTerm(node));
      continue;
    }
    const options = node.alternatives.flatMap(expand);
    out = out.flatMap((terms) => options.map((option) => [...terms, ...option]));
    if (out.length > MAX_EXPANSIONS) throw new Error(`more than ${MAX_EXPANSIONS} {…} alternatives`);
  }
  return out;
}

function toTerm(source: string): Term {
  if (source === "**") return { run: null };
  if (source === "*") return { run: new RegExp(NOT_SEPARATOR) };
  return { one: new RegExp(`^${source}$`) };
}

/** Whether `terms` match all of `value`: reachable[i] is true when the terms so far can end before character i. */
function matches(terms: Term[], value: string): boolean {
  let reachable = new Uint8Array(value.length + 1);
  reachable[0] = 1;
  for (const term of terms) {
    const next = new Uint8Array(value.length + 1);
    if ("one" in term) {
      for (let i = 0; i < value.length; i++) if (reachable[i] && term.one.test(value[i]!)) next[i + 1] = 1;
    } else {
      for (let i = 0; i <= value.length; i++) {
        if (reachable[i]) next[i] = 1;
        if (next[i] && i < value.length && (term.run === null || term.run.test(value[i]!))) next[i + 1] = 1;
      }
    }
    reachable = next;
  }
  return reachable[value.length] === 1;
}

export class UriGlobError extends Error {
  constructor(pattern: string, problem: string) {
    super(`"${pattern}" is not a valid pattern: ${problem}`);
  }
}

const NOT_SEPARATOR = "[^./]";
const escapeForRegExp = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|/-]/g, (c) => `\\${c}`);

class GlobParser {
  position = 0;
  constructor(private readonly pattern: string) {}

  done(): boolean {
    return this.position >= this.pattern.length;
  }

  /** Terms up to the end, or (inside braces) up to the `,` or `}` that ends the alternative. */
  sequence(inBraces: boolean): Node[] {
    const out: Node[] = [];
    while (!this.done()) {
      const ch = this.pattern[this.position]!;
      if (inBraces && (ch === "," || ch === "}")) return out;
      if (!inBraces && ch === "}") return out;
      out.push(this.term());
    }
    return out;
  }

  private term(): Node {
    const ch = this.pattern[this.position++]!;
    switch (ch) {
      case "*":
        if (this.pattern[this.position] === "*") {
          while (this.pattern[this.position] === "*") this.position++;
          return "**";
        }
        return "*";
      case "?":
        return NOT_SEPARATOR;
      case "[":
        return this.list();
      case "{":
        return this.alternatives();
      case "\\":
        if (this.done()) throw new UriGlobError(this.pattern, "it ends with an unfinished escape \"\\\"");
        return escapeForRegExp(this.pattern[this.position++]!);
      default:
        return escapeForRegExp(ch);
    }
  }

  private list(): string {
    const start = this.position - 1;
    const negated = this.pattern[this.position] === "!";
    if (negated) this.position++;
    let body = "";
    while (!this.done() && this.pattern[this.position] !== "]") {
      const from = this.pattern[this.position++]!;
      if (this.pattern[this.position] === "-" && this.pattern[this.position + 1] !== undefined && this.pattern[this.position + 1] !== "]") {
        const to = this.pattern[this.position + 1]!;
        if (to < from) throw new UriGlobError(this.pattern, `the range ${from}-${to} at ${start} runs backwards`);
        body += `${escapeForRegExp(from)}-${escapeForRegExp(to)}`;
        this.position += 2;
      } else {
        body += escapeForRegExp(from);
      }
    }
    if (this.done()) throw new UriGlobError(this.pattern, `"[" at ${start} is never closed`);
    this.position++;
    if (body === "") throw new UriGlobError(this.pattern, `the list at ${start} is empty`);
    return `[${negated ? "^" : ""}${body}]`;
  }

  private alternatives(): Node {
    const start = this.position - 1;
    const options: Node[][] = [];
    for (;;) {
      options.push(this.sequence(true));
      if (this.done()) throw new UriGlobError(this.pattern, `"{" at ${start} is never closed`);
      if (this.pattern[this.position++] === "}") return { alternatives: options };
    }
  }
}
