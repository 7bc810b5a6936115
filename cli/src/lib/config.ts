import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { CliError } from "./errors.js";
import { plainUrl, withoutTrailingSlashes } from "./plain-url.js";

/**
 * The local config file of SPEC 2 and 4.6: `${HOME}/.svc/config.json` (no XDG), directory
 * 0700, file 0600. Written atomically: a temporary file in the same directory, flushed,
 * chmod'd, then renamed over the old one, so a crash leaves the old file or the new one and
 * never half of either. Fields this version does not know are read and written back as
 * they were. The API key is only ever read from here, never from the environment.
 */

export interface SvcConfig {
  apiBase?: string;
  apiKey?: string;
  tenantId?: string;
  appId?: string;
  issuedToEmail?: string;
  issuedAt?: string;
  [field: string]: unknown;
}

/** SPEC 2: `{base_url}` when nothing else is configured; the service's own default address. */
export const DEFAULT_API_BASE = "http://localhost:3000";

const STRING_FIELDS = ["apiBase", "apiKey", "tenantId", "appId", "issuedToEmail", "issuedAt"] as const;

export function configDir(): string {
  return join(process.env.HOME || homedir(), ".svc");
}

export function configPath(): string {
  return join(configDir(), "config.json");
}

/** The config, or `{}` when there is none yet. A file that cannot be used is an error naming it. */
export function readConfig(): SvcConfig {
  const path = configPath();
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return {};
    throw new CliError(`Could not read ${path}: ${describeFsError(cause)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw corrupt(path, "it is not valid JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw corrupt(path, "it is not a JSON object");
  const config = parsed as SvcConfig;
  for (const field of STRING_FIELDS) {
    if (config[field] !== undefined && typeof config[field] !== "string") throw corrupt(path, `"${field}" is not a string`);
  }
  if (config.apiBase !== undefined && !tryNormalizeApiBase(config.apiBase)) throw corrupt(path, `"apiBase" is not an http(s) URL`);
  return config;
}

/** Replaces the whole file atomically; fields set to `undefined` are dropped. */
export function writeConfig(config: SvcConfig): void {
  const dir = configDir();
  const path = configPath();
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  } catch (cause) {
    throw new CliError(`Could not create ${dir}: ${describeFsError(cause)}`);
  }
  try {
    writeFileAtomic(path, `${JSON.stringify(config, null, 2)}\n`, 0o600);
  } catch (cause) {
    throw new CliError(`Could not write ${path}: ${describeFsError(cause)}`);
  }
  syncDirectory(dir);
}

/** Reads, applies the change, writes back: unknown fields survive. */
export function updateConfig(change: Partial<SvcConfig>): SvcConfig {
  const next: SvcConfig = { ...readConfig(), ...change };
  for (const [key, value] of Object.entries(next)) if (value === undefined) delete next[key];
  writeConfig(next);
  return next;
}

/** The API base to talk to: the config's, else the default. */
export function apiBaseOf(config: SvcConfig): string {
  if (config.apiBase === undefined) return DEFAULT_API_BASE;
  const normalized = tryNormalizeApiBase(config.apiBase);
  if (!normalized) throw corrupt(configPath(), `"apiBase" is not an http(s) URL`);
  return normalized;
}

/** `http(s)://host[:port][/path]` without a trailing slash, query, fragment or credentials; else null. */
export function tryNormalizeApiBase(value: string): string | null {
  const url = plainUrl(value, ["http:", "https:"]);
  return url && `${url.origin}${withoutTrailingSlashes(url.pathname)}`;
}

function corrupt(path: string, why: string): CliError {
  return new CliError(`The svc config file ${path} is corrupt: ${why}. Fix it, or delete it and run svc login.`);
}

function describeFsError(cause: unknown): string {
  const error = cause as NodeJS.ErrnoException;
  if (error.code === "EACCES" || error.code === "EPERM") return "permission denied";
  if (error.code === "EISDIR") return "it is a directory";
  if (error.code === "ENOTDIR") return "a part of the path is not a directory";
  if (error.code === "ENOSPC") return "no space left on the device";
  return error.code ?? error.message;
}

/** Makes the rename itself durable; best effort (not every file system allows it). */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // the rename already happened; only its durability after a power cut is at stake
  }
}
