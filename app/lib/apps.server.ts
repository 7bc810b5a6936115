import { notFound } from "./not-found.server";
import type { Caller } from "./caller.server";
import { describeFailure } from "./form-errors.server";
import type { AppView, EnvVarView } from "./view-types";

type AppRow = Awaited<ReturnType<Caller["apps"]["get"]>>;

export function toAppView(row: AppRow): AppView {
  return { id: row.id, name: row.name, kind: row.kind, createdAt: row.createdAt };
}

/** Every app of the caller's workspace, CLI project first (the server's order). */
export async function listAppViews(caller: Caller): Promise<AppView[]> {
  return (await caller.apps.list()).map(toAppView);
}

/**
 * One app and its variables, or the 404 page: an unknown id and a malformed one (the
 * server's `App not found` validation message) look the same to the visitor.
 */
export async function loadAppWithEnv(caller: Caller, appId: string, request: Request): Promise<{ app: AppView; env: EnvVarView[] }> {
  try {
    const app = toAppView(await caller.apps.get({ appId }));
    const env = (await caller.apps.env({ appId })).map((row) => ({ key: row.key, kind: row.kind, value: row.value, updatedAt: row.updatedAt }));
    return { app, env };
  } catch (error) {
    const failure = describeFailure(error, request);
    if (failure.status === 404 || failure.message === "App not found") throw await notFound(request);
    throw error;
  }
}
