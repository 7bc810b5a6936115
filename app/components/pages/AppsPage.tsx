import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { allows, type AccountView, type AppView, type FormResult, type TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Badge } from "../Badge";
import { Card } from "../Card";
import { DataTable } from "../DataTable";
import { Field } from "../Field";
import { useFreshSuccess } from "~/lib/fresh-success";
import { BusySubmit } from "../BusySubmit";

export interface AppsData {
  account: AccountView & { workspace: TenantView };
  apps: AppView[];
  /** Arrived from deleting an app (`?notice=app-deleted`). */
  deleted?: boolean;
}

/** The workspace's apps, each with its own variables and keys, and a form for a new one. */
export function AppsPage() {
  const { account, apps, deleted } = useLoaderData<AppsData>();
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const notice = useFreshSuccess(deleted ? "The app was deleted, with its keys and variables." : null, deleted);
  return (
    <AppShell account={account}>
      <PageHeader title="Apps" description="Each app has its own environment variables and API keys." />
      <p className="field-status tone-success page-notice" role="status" aria-live="polite">{notice}</p>
      <div className="stack-lg">
        <Card title="Your apps">
          <DataTable columns={["Name", "Kind", "Created"]} rows={apps} empty={<p>No apps yet. Create your first one below: each app gets its own variables and keys.</p>}>
            {(app) => (
              <tr key={app.id}>
                <th scope="row">
                  <Link to={`/apps/${app.id}`} prefetch="intent">{app.name}</Link>
                </th>
                <td>
                  <Badge tone={app.kind === "cli" ? "muted" : "accent"}>{app.kind}</Badge>
                </td>
                <td className="cell-muted">{formatDate(app.createdAt)}</td>
              </tr>
            )}
          </DataTable>
        </Card>
        {allows(account, "apps.manage") ? (
          <Card title="Create an app" description="Give it a name your team will recognise; you can add variables next.">
            <Form method="post" className="inline-form inline-form-field">
              <Field
                label="App name"
                name="name"
                placeholder="Billing worker"
                maxLength={100}
                required
                autoComplete="off"
                defaultValue={result?.values?.name}
                error={result?.fieldErrors?.name}
              />
              <BusySubmit className="btn btn-primary" busy={busy} busyLabel="Creating…">Create app</BusySubmit>
            </Form>
            {result?.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
          </Card>
        ) : (
          <p className="field-hint">Viewers see the workspace's apps; members and owners create them.</p>
        )}
      </div>
    </AppShell>
  );
}
