import { getConfig } from "../../server/platform/config";
import { json } from "@remix-run/node";
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
    appId: String(form.get("appId") ?? ""),
  };
}

/** A failed call as the form shows it: name and URL problems beside their field. */
export function deploymentFailure(error: unknown, request: Request, intent: string, values: Record<string, string>, headers: Headers) {
  const failure = describeFailure(error, request);
  if (failure.problems) {
    const count = failure.problems.length;
    const result: FormResult = {
      intent,
      ok: false,
      formError: `The manifest has ${count} problem${count === 1 ? "" : "s"}: see under the manifest.`,
      manifestProblems: failure.problems.map(({ line, column, message }) => ({ ...(line ? { line } : {}), ...(line && column ? { column } : {}), message })),
      values,
    };
    return json(result, { status: failure.status, headers });
  }
  if (failure.message === "App not found") return failedForm(intent, failure, "appId", { values, headers });
  const field = failure.path === "name" || /deployment name|^A deployment/i.test(failure.message) ? "name" : failure.path === "upstreamUrl" || /^Upstream/.test(failure.message) ? "upstreamUrl" : undefined;
  return failedForm(intent, failure, field, { values, headers });
}

export type DeploymentCaller = Caller["deployments"];
export type { FormResult };

/**
 * Where `svc agent` must dial, as flags for the command the page prints: the agent runs on
 * another host, whose CLI config (if any) names no service. `--broker` only when the broker
 * is not the base URL's own /ssh/v1.
 */
export function agentFlags(): string {
  const { baseUrl, sshBrokerUrl } = getConfig();
  const base = new URL(baseUrl);
  const ownBroker = `${base.protocol === "https:" ? "wss:" : "ws:"}//${base.host}/ssh/v1`;
  return sshBrokerUrl === ownBroker ? `--api-base ${baseUrl}` : `--broker ${sshBrokerUrl}`;
}
