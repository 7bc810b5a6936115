import { formatDate } from "~/lib/format";
import type { DeploymentEventView } from "~/lib/view-types";
import { Card } from "./Card";
import { DataTable } from "./DataTable";

const LABEL: Record<string, string> = { "deployment.shell.opened": "shell opened", "deployment.shell.closed": "shell closed" };

/** The deployment's latest shell sessions: who opened one, when, and how it ended. */
export function ShellSessionsCard({ events }: { events: DeploymentEventView[] }) {
  return (
    <Card title="Shell sessions" description="Every svc ssh session, newest first.">
      <DataTable columns={["When", "Who", "Event", "Detail"]} rows={events} empty="No shell sessions yet.">
        {(event) => (
          <tr key={event.id}>
            <td>{formatDate(event.createdAt)}</td>
            <td>{event.actorEmail ?? ""}</td>
            <td>{LABEL[event.type] ?? event.type}</td>
            <td className="cell-muted">{describe(event)}</td>
          </tr>
        )}
      </DataTable>
    </Card>
  );
}

function describe(event: DeploymentEventView): string {
  const data = event.data as { tty?: boolean; command?: string | null; exitCode?: number | null; reason?: string };
  if (event.type === "deployment.shell.opened") return data.command ? `command: ${data.command}` : data.tty ? "interactive terminal" : "shell without a terminal";
  if (typeof data.exitCode === "number") return `exit code ${data.exitCode}`;
  return data.reason ?? "";
}
