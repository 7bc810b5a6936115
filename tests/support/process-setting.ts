import { resetConfig } from "../../server/platform/config";

/**
 * Sets (or, with undefined, removes) one setting in this process's environment and drops the
 * cached configuration, so the next getConfig() reads it. Test files share a worker process
 * (vitest `isolate: false`): whoever sets one puts the old value back.
 */
export function setProcessSetting(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetConfig();
}

/** Runs the synchronous `work` with `name` set to `value`, then puts the setting back as it was. */
export function withProcessSetting<T>(name: string, value: string, work: () => T): T {
  const saved = process.env[name];
  setProcessSetting(name, value);
  try {
    return work();
  } finally {
    setProcessSetting(name, saved);
  }
}
