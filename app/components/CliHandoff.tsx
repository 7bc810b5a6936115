import { useState } from "react";
import { issueAndDeliver } from "~/lib/cli-handoff";

type Phase = { name: "idle" } | { name: "working" } | { name: "done" } | { name: "failed"; message: string; stage: "issue" | "deliver" };

/** The one button of the CLI login page and what happened after the click. */
export function CliHandoff({ callbackUrl, hostPort }: { callbackUrl: string; hostPort: string }) {
  const [phase, setPhase] = useState<Phase>({ name: "idle" });

  async function issue() {
    setPhase({ name: "working" });
    const result = await issueAndDeliver(callbackUrl, hostPort);
    setPhase(result.ok ? { name: "done" } : { name: "failed", message: result.message, stage: result.stage });
  }

  if (phase.name === "done") {
    return (
      <p className="handoff-done" role="status">
        You're logged in — you can close this tab and return to your terminal.
      </p>
    );
  }
  return (
    <div className="stack">
      {phase.name === "failed" ? (
        <div className="form-error" role="alert">
          <p>{phase.message}</p>
          <p className="handoff-next">
            {phase.stage === "deliver"
              ? "Run svc login again in your terminal; it opens a fresh link. Any key issued here was not saved."
              : "Try again, or run svc login again in your terminal."}
          </p>
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
