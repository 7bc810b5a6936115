import { isInteractive } from "./output.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export interface Spinner {
  stop(): void;
}

/**
 * A spinner on stderr while waiting, only on a terminal without NO_COLOR; otherwise the
 * text is printed once as a plain line, so logs and pipes get no control characters.
 */
export function startSpinner(text: string): Spinner {
  const stream = process.stderr;
  if (!isInteractive(stream)) {
    stream.write(`${text}\n`);
    return { stop() {} };
  }
  let frame = 0;
  const draw = () => stream.write(`\r\u001b[2K${FRAMES[frame++ % FRAMES.length]} ${text}`);
  draw();
  const timer = setInterval(draw, 80);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      stream.write("\r\u001b[2K");
    },
  };
}
