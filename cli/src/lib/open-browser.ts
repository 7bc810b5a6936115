import { spawn } from "node:child_process";

/**
 * Opens `url` in the user's browser without waiting for it: the command in `BROWSER` when
 * set (split on spaces, `%s` replaced by the URL or the URL appended; no shell, so the `&` in
 * the URL is safe), else the platform's opener (`open` on macOS, `start` on Windows,
 * `xdg-open` elsewhere). Resolves false when no opener could be started or it failed at once,
 * or when there is no display to open a browser on, so the caller can say to open it by hand.
 */
export function openBrowser(url: string): Promise<boolean> {
  const command = openerFor(url);
  if (!command) return Promise.resolve(false);
  const [file, ...args] = command;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok: boolean) => {
      if (!settled) {
        settled = true;
        resolve(ok);
      }
    };
    let child;
    try {
      child = spawn(file!, args, { stdio: "ignore", detached: process.platform !== "win32" });
    } catch {
      return settle(false);
    }
    child.once("error", () => settle(false));
    // An opener that fails does so quickly (xdg-open without a desktop exits 3); one that is
    // still running after a moment is the browser, or a script driving it.
    child.once("exit", (code) => settle(code === 0));
    setTimeout(() => settle(true), 1500).unref();
    child.unref();
  });
}

function openerFor(url: string): string[] | null {
  const browser = process.env.BROWSER?.trim();
  if (browser) {
    const words = browser.split(/\s+/);
    return words.some((w) => w.includes("%s")) ? words.map((w) => w.replaceAll("%s", url)) : [...words, url];
  }
  if (process.platform === "darwin") return ["open", url];
  if (process.platform === "win32") return ["cmd", "/c", "start", '""', url.replace(/&/g, "^&")];
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return null;
  return ["xdg-open", url];
}
