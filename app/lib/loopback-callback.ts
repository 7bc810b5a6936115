/**
 * The CLI's login callback (SPEC 4.6): the page hands a fresh key only to a listener on
 * this computer, so `cb` must be exactly `http://<loopback>:<port>/done` and nothing else.
 * Client-safe and pure, so the rule can be unit-tested and shared by loader and page.
 */

export type LoopbackCallback = { ok: true; url: string; hostPort: string } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
/** The raw text must already be in canonical form: no case games, spaces, dots or encodings. */
const EXACT = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost):([1-9][0-9]{0,4})\/done$/;

const OFF_COMPUTER = "It would send your key somewhere other than the svc CLI waiting on this computer (http://127.0.0.1:<port>/done).";
const refused = (reason: string): LoopbackCallback => ({ ok: false, reason });

export function parseLoopbackCallback(value: string | null | undefined): LoopbackCallback {
  if (typeof value !== "string" || value === "") return refused("The link has no callback address.");
  const match = EXACT.exec(value);
  if (!match) return refused(OFF_COMPUTER);
  const [, host, portText] = match as unknown as [string, string, string];
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return refused("The callback port is out of range.");

  // The regex decided the shape; the URL parser must agree on every part of it.
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refused("The callback address is not a valid URL.");
  }
  const samePort = url.port === portText || (url.port === "" && portText === "80");
  if (
    url.protocol !== "http:" ||
    !LOOPBACK_HOSTS.has(url.hostname) ||
    url.hostname !== host ||
    !samePort ||
    url.username !== "" ||
    url.password !== "" ||
    url.pathname !== "/done" ||
    url.search !== "" ||
    url.hash !== ""
  ) {
    return refused(OFF_COMPUTER);
  }
  return { ok: true, url: value, hostPort: `${host}:${portText}` };
}

export type BootstrapRequest = { ok: true; callbackUrl: string; hostPort: string } | { ok: false; problem: "callback" | "mode"; reason: string };

/** The whole query of `/dev/cli-bootstrap`: a loopback `cb` and `mode=personal-key`. */
export function parseBootstrapRequest(params: URLSearchParams): BootstrapRequest {
  const callback = parseLoopbackCallback(params.get("cb"));
  if (!callback.ok) return { ok: false, problem: "callback", reason: callback.reason };
  if (params.get("mode") !== "personal-key") {
    return { ok: false, problem: "mode", reason: "The link asks for a login mode this page does not support." };
  }
  return { ok: true, callbackUrl: callback.url, hostPort: callback.hostPort };
}
