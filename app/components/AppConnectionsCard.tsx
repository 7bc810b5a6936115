import { Link, useFetcher } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { FormResult } from "~/lib/view-types";
import { Badge } from "./Badge";
import { Card } from "./Card";
import { DataTable } from "./DataTable";

export interface AppBoundConnectionView {
  provider: string;
  connectionId: string;
  externalId: string;
  displayName: string;
  profile: string;
  createdAt: string;
}

/** The app's bound connections (one per provider), as its deployed tool sees them. */
export function AppConnectionsCard({ connections }: { connections: AppBoundConnectionView[] }) {
  return (
    <Card
      title="Connections"
      description={<>Bound accounts this app reaches through the provider proxy; manage them on <Link to="/connections">Connections</Link>.</>}
    >
      <DataTable columns={["Provider", "Account", "Connection id", "Connected"]} rows={connections} empty="No connection is bound to this app.">
        {(row) => (
          <tr key={row.provider}>
            <th scope="row">
              {row.provider} {row.profile === "broker_managed" ? <Badge tone="muted">broker</Badge> : null}
            </th>
            <td>{row.displayName}</td>
            <td className="mono">{row.externalId}</td>
            <td className="cell-muted">{formatDate(row.createdAt)}</td>
          </tr>
        )}
      </DataTable>
    </Card>
  );
}

/**
 * The origins allowed to open the connect popup for this app (issue 7 section 2): one per
 * line, each an exact `scheme://host[:port]`.
 */
export function AllowedOriginsCard({ origins, canEdit }: { origins: string[]; canEdit: boolean }) {
  const fetcher = useFetcher<FormResult>();
  const result = fetcher.data?.intent === "origins" ? fetcher.data : undefined;
  return (
    <Card title="Allowed origins" description="Web pages on these origins may open the connect popup for this app with the browser SDK.">
      <fetcher.Form method="post" className="stack" aria-label="Allowed origins">
        <input type="hidden" name="intent" value="origins" />
        <label className="field-label" htmlFor="allowed-origins">One origin per line, e.g. https://tool.example.com</label>
        <textarea
          className="input mono"
          id="allowed-origins"
          name="origins"
          rows={4}
          defaultValue={origins.join("\n")}
          readOnly={!canEdit}
          spellCheck={false}
        />
        {canEdit ? (
          <div>
            <button type="submit" className="btn btn-primary btn-sm" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Saving…" : "Save origins"}
            </button>
          </div>
        ) : null}
        {result && !result.ok ? <p className="field-error" role="alert">{result.formError}</p> : null}
        {result?.ok ? <p className="cell-muted" role="status">Saved.</p> : null}
      </fetcher.Form>
    </Card>
  );
}
