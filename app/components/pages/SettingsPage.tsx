import { Link, useLoaderData } from "@remix-run/react";
import type { AccountView, TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
import { ImageUpload } from "../ImageUpload";
import { TwoStepRuleCard } from "../TwoStepRuleCard";
import { TenantNameCard } from "../TenantNameCard";
import { TenantUrlCard } from "../TenantUrlCard";

export interface SettingsData {
  account: AccountView & { workspace: TenantView };
  urlPrefix: string;
  twoStepRequired: boolean;
}

export function SettingsPage() {
  const { account, urlPrefix, twoStepRequired } = useLoaderData<SettingsData>();
  const { workspace: tenant } = account;
  return (
    <AppShell account={account}>
      <PageHeader title="Workspace settings" description="Manage how your workspace is named, addressed and branded." />
      <div className="sections">
        <TenantNameCard tenant={tenant} />
        <TenantUrlCard tenant={tenant} urlPrefix={urlPrefix} />
        <Card layout="split" title="Logo" description="Shown in the header and wherever your workspace appears. Square images work best.">
          <ImageUpload
            label="Workspace logo"
            endpoint="/api/tenants/me/logo"
            resultKey="logoUrl"
            currentUrl={tenant.logoUrl}
            fallbackName={tenant.name}
            shape="square"
            noun="logo"
            removeIntent="clearLogo"
          />
        </Card>
        <TwoStepRuleCard required={twoStepRequired} />
        <Card layout="split" title="Single sign-on" description="Your company's identity provider (SAML or OpenID), email domains, SCIM provisioning, and requiring single sign-on.">
          <Link to="/settings/sso" className="btn btn-ghost btn-sm">Manage single sign-on</Link>
        </Card>
        <Card layout="split" title="Webhooks" description="Signed calls to your own systems when a connection, deployment or member changes.">
          <Link to="/webhooks" className="btn btn-ghost btn-sm">Manage webhooks</Link>
        </Card>
      </div>
    </AppShell>
  );
}
