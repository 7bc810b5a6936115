/**
 * A start-up failure the person running `npm start` can act on: `message` says what is
 * wrong, `hint` what to do. scripts/start.mjs prints both on one line, without a stack.
 */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "StartupError";
  }
}
