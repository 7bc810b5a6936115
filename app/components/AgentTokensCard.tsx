import { Form, useNavigation } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { AgentTokenResult, AgentTokenView } from "~/lib/view-types";
import { Badge } from "./Badge";
import { Card } from "./Card";
import { DataTable } from "./DataTable";
import { BusySubmit } from "./BusySubmit";

/**
 * The deployment's agent tokens (`svc_at_…`): issue one for `svc agent`, shown this once
 * with the command that uses it; revoke one, which disconnects its agent at once.
 */
export function AgentTokensCard({ deploymentName, tokens, result, agentFlags }: { deploymentName: string; tokens: AgentTokenView[]; result?: AgentTokenResult; agentFlags?: string }) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const issued = result?.intent === "issue-agent-token" && result.ok ? result.agentToken : undefined;
  return (
    <Card
      title="Shell agent"
      description={
        <>
          <code>svc ssh {deploymentName}</code> opens a shell through an agent that runs next to the tool and dials out to this
          service. Give it a token; revoking the token disconnects the agent.
        </>
      }
    >
      {issued ? (
        <section className="once-key" aria-label="New agent token">
          <p className="once-key-warning" role="note">Copy it now: this is the only time it is shown.</p>
          <div className="once-key-box">
            <code className="once-key-value" data-testid="new-agent-token">{issued}</code>
          </div>
          <p className="cell-muted">Start the agent beside the tool:</p>
          <pre className="code-block">{`SVC_AGENT_TOKEN=${issued} svc agent --deployment ${deploymentName}${agentFlags ? ` ${agentFlags}` : ""}`}</pre>
        </section>
      ) : null}
      <DataTable columns={["Token", "Created", "Last used", "Status", { hidden: "Actions" }]} rows={tokens} empty="No agent tokens yet.">
        {(token) => (
          <tr key={token.id}>
            <td><code>{token.prefix}…</code><div className="cell-muted">{token.createdBy}</div></td>
            <td>{formatDate(token.createdAt)}</td>
            <td>{token.lastUsedAt ? formatDate(token.lastUsedAt) : "never"}</td>
            <td>{token.revokedAt ? <Badge tone="muted">revoked</Badge> : <Badge tone="success">active</Badge>}</td>
            <td>
              {token.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-agent-token" />
                  <input type="hidden" name="tokenId" value={token.id} />
                  <button type="submit" className="btn btn-ghost btn-sm" disabled={busy("revoke-agent-token")} aria-label={`Revoke ${token.prefix}`}>Revoke</button>
                </Form>
              )}
            </td>
          </tr>
        )}
      </DataTable>
      {result?.intent.endsWith("agent-token") && result.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="issue-agent-token" />
        <BusySubmit className="btn btn-primary" busy={busy("issue-agent-token")} busyLabel="Issuing…">Issue agent token</BusySubmit>
      </Form>
    </Card>
  );
}
