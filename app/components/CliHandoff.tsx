import { useState } from "react";
import { issueAndDeliver, type HandoffResult } from "~/lib/cli-handoff";

type Phase = { name: "idle" } | { name: "working" } | { name: "done"; createdApp: string | null } | { name: "failed"; message: string; next: string };

/** The one button of the CLI login page and what happened after the click. */
export function CliHandoff({ callbackUrl, hostPort, tenantName }: { callbackUrl: string; hostPort: string; tenantName: string }) {
  const [phase, setPhase] = useState<Phase>({ name: "idle" });

  async function issue() {
    setPhase({ name: "working" });
    const result = await issueAndDeliver(callbackUrl, hostPort);
    setPhase(result.ok ? { name: "done", createdApp: result.createdApp } : { name: "failed", message: result.message, next: nextStep(result) });
  }

  if (phase.name === "done") {
    return (
      <div className="handoff-done" role="status">
        {phase.createdApp ? (
          <p>
            Created app <strong>{phase.createdApp}</strong> in {tenantName}: it holds the CLI's keys and the variables svc dev writes.
          </p>
        ) : null}
        <p>You're logged in — you can close this tab and return to your terminal.</p>
      </div>
    );
  }
  return (
    <div className="stack">
      {phase.name === "failed" ? (
        <div className="form-error" role="alert">
          <p>{phase.message}</p>
          <p className="handoff-next">{phase.next}</p>
        </div>
      ) : null}
      <div className="button-row">
        <button type="button" className="btn btn-primary btn-lg" onClick={issue} disabled={phase.name === "working"}>
          Issue API key
        </button>
        <span className="field-status tone-muted" role="status" aria-live="polite">
          {phase.name === "working" ? "Issuing the key and sending it to your terminal…" : ""}
        </span>
      </div>
    </div>
  );
}

/** What the person should do now, and the truth about the key this page minted. */
function nextStep(result: Exclude<HandoffResult, { ok: true }>): string {
  if (result.stage === "issue") return "Try again, or run svc login again in your terminal.";
  return result.revoked
    ? "The key issued here never reached your terminal, so it was revoked. Run svc login again in your terminal; it opens a fresh link."
    : "The key issued here never reached your terminal and could not be revoked: revoke it on the API Keys page, then run svc login again in your terminal.";
}
