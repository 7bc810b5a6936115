import { Badge, type BadgeTone } from "./Badge";

export type ConnectionStatusView = "active" | "needs_reauth" | "revoked" | "error";

const LOOK: Record<ConnectionStatusView, { tone: BadgeTone; label: string }> = {
  active: { tone: "success", label: "active" },
  needs_reauth: { tone: "warning", label: "needs reconnect" },
  revoked: { tone: "danger", label: "revoked" },
  error: { tone: "danger", label: "error" },
};

/**
 * A connection's health (issue 19) where the dashboard lists it: the state as a pill and, for
 * a connection that does not work, why (the provider's or the broker's words).
 */
export function ConnectionStatusBadge({ status, reason }: { status: ConnectionStatusView; reason: string | null }) {
  const look = LOOK[status] ?? LOOK.error;
  return (
    <span className="connection-status" data-status={status}>
      <Badge tone={look.tone}>{look.label}</Badge>
      {status !== "active" && reason ? <span className="cell-muted connection-status-reason"> {reason}</span> : null}
    </span>
  );
}
