/**
 * One error type for everything the CLI reports on purpose. `main` prints its message on
 * stderr and exits with its code; nothing else ever sets the exit status, so the codes are
 * the same in every command: 0 success, 1 failure, 2 usage error (issue 9 section 1).
 */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** What a shell reports for a process ended by Ctrl-C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
    /** Printed after the message on its own lines (usage text for a usage error). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export const usageError = (message: string, detail?: string) => new CliError(message, EXIT_USAGE, detail);

/** The one line for a missing, unknown or revoked key (issue 9 section 1). */
export const NOT_LOGGED_IN = "Not logged in or the key was revoked: run svc login";
