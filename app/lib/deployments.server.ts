import type { Caller } from "./caller.server";
import type { FormResult } from "./view-types";
import { describeFailure, failedForm } from "./form-errors.server";

/** The deployment form's fields, as submitted. */
export function deploymentValues(form: FormData) {
  return {
    name: String(form.get("name") ?? ""),
    upstreamUrl: String(form.get("upstreamUrl") ?? ""),
    access: String(form.get("access") ?? "members"),
    manifest: String(form.get("manifest") ?? ""),
  };
}

/** A failed call as the form shows it: name and URL problems beside their field. */
export function deploymentFailure(error: unknown, request: Request, intent: string, values: Record<string, string>, headers: Headers) {
  const failure = describeFailure(error, request);
  const field = failure.path === "name" || /deployment name|^A deployment/i.test(failure.message) ? "name" : failure.path === "upstreamUrl" || /^Upstream/.test(failure.message) ? "upstreamUrl" : undefined;
  return failedForm(intent, failure, field, { values, headers });
}

export type DeploymentCaller = Caller["deployments"];
export type { FormResult };
