/**
 * How the CLI writes to the terminal. Data goes to stdout (with `--json`, nothing but the
 * JSON); messages, warnings and errors go to stderr. Colours and spinners only when the
 * stream is a terminal and NO_COLOR is unset or empty (https://no-color.org).
 */

type Stream = NodeJS.WriteStream;

export function isInteractive(stream: Stream): boolean {
  const noColor = process.env.NO_COLOR;
  return Boolean(stream.isTTY) && (noColor === undefined || noColor === "");
}

const paint = (code: string) => (stream: Stream, text: string) => (isInteractive(stream) ? `\u001b[${code}m${text}\u001b[0m` : text);
export const green = paint("32");
export const red = paint("31");
export const yellow = paint("33");
export const dim = paint("2");
export const bold = paint("1");

/** A line of the command's result, on stdout. */
export function out(text = ""): void {
  process.stdout.write(`${text}\n`);
}

/** The machine-readable result: exactly one JSON document on stdout. */
export function outJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A check-marked success line on stdout (SPEC 4.6: "prefixed by a check mark"). */
export function success(text: string): void {
  out(`${green(process.stdout, "✔")} ${text}`);
}

/** Progress and notes: stderr, so stdout stays the command's data. */
export function info(text: string): void {
  process.stderr.write(`${text}\n`);
}

export function warn(text: string): void {
  process.stderr.write(`${yellow(process.stderr, "Warning:")} ${text}\n`);
}

export function error(text: string): void {
  process.stderr.write(`${red(process.stderr, "Error:")} ${text}\n`);
}
