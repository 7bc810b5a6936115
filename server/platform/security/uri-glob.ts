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
 */
export function compileUriGlob(pattern: string): RegExp {
  const parser = new GlobParser(pattern);
  const source = parser.sequence(false);
  if (!parser.done()) throw new UriGlobError(pattern, `"}" without "{" at ${parser.position}`);
  return new RegExp(`^${source}$`);
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
  sequence(inBraces: boolean): string {
    let out = "";
    while (!this.done()) {
      const ch = this.pattern[this.position]!;
      if (inBraces && (ch === "," || ch === "}")) return out;
      if (!inBraces && ch === "}") return out;
      out += this.term();
    }
    return out;
  }

  private term(): string {
    const ch = this.pattern[this.position++]!;
    switch (ch) {
      case "*":
        if (this.pattern[this.position] === "*") {
          while (this.pattern[this.position] === "*") this.position++;
          return "[\\s\\S]*";
        }
        return `${NOT_SEPARATOR}*`;
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

  private alternatives(): string {
    const start = this.position - 1;
    const options: string[] = [];
    for (;;) {
      options.push(this.sequence(true));
      if (this.done()) throw new UriGlobError(this.pattern, `"{" at ${start} is never closed`);
      if (this.pattern[this.position++] === "}") return `(?:${options.join("|")})`;
    }
  }
}
