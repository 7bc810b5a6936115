import { Link, useLoaderData } from "@remix-run/react";
import type { TestReport, WorkspaceProviderView } from "~/lib/sso-types";
import type { AccountView, TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Callout, Card } from "../Card";
import { AddProviderForm } from "../sso/AddProviderForm";
import { DomainsSection } from "../sso/DomainsSection";
import { MappingForm } from "../sso/MappingForm";
import { PasteIntoProvider, type ServiceProviderUrls } from "../sso/PasteIntoProvider";
import { ProviderDetails } from "../sso/ProviderDetails";
import { RequireSsoCard } from "../sso/RequireSsoCard";
import { ScimSection } from "../sso/ScimSection";

export interface SingleSignOnData {
  account: AccountView & { workspace: TenantView };
  providers: WorkspaceProviderView[];
  reports: Record<string, TestReport | null>;
  serviceProvider: ServiceProviderUrls;
  ruleRequired: boolean;
  verifiedDomains: string[];
  /** The provider a test just returned from (`?tested=`), whose report is announced. */
  tested: string | null;
  /** Whether the service signs anyone in by single sign-on (its operator's `SAML_ENABLED`). */
  switchedOn: boolean;
}

/** The workspace's own single sign-on (issue 32 item 3, ADR 086), under its settings. */
export function SingleSignOnPage() {
  const data = useLoaderData<SingleSignOnData>();
  const { account, providers } = data;
  return (
    <AppShell account={account}>
      <PageHeader title="Single sign-on" description="Let your company's identity provider sign people in to this workspace." />
      <p>
        <Link to="/settings">← Workspace settings</Link>
      </p>
      {data.switchedOn ? null : (
        <Callout tone="warning" title="Single sign-on is switched off on this service">
          You can prepare everything here, but nobody can sign in through a provider, or test one, until the service&apos;s operator turns single sign-on on
          (the setting SAML_ENABLED=true). Domains and SCIM provisioning work either way.
        </Callout>
      )}
      <div className="sections">
        <Card layout="split" title="Identity provider" description="Connect your company's SAML or OpenID identity provider. Provider entries belong to this workspace only.">
          <div className="stack-lg">
            {providers.map((provider) => (
              <ProviderDetails key={provider.id} provider={provider} verifiedDomains={data.verifiedDomains} report={data.reports[provider.id] ?? null} fresh={data.tested === provider.id} />
            ))}
            {providers.length > 0 ? <h3 className="field-label">Add another identity provider</h3> : null}
            <AddProviderForm verifiedDomains={data.verifiedDomains} />
          </div>
        </Card>
        <Card layout="split" title="What to paste into your identity provider" description="Copy these into the SAML application or OpenID client you create for this workspace.">
          <PasteIntoProvider urls={data.serviceProvider} />
        </Card>
        <Card layout="split" title="Attribute and role mapping" description="Which attributes carry a person's name and groups, and which role a group gives. Owner is never given by mapping.">
          {providers.length === 0 ? (
            <p className="field-hint">Add an identity provider first.</p>
          ) : (
            <div className="stack-lg">
              {providers.map((provider) => (
                <MappingForm key={provider.id} provider={provider} />
              ))}
            </div>
          )}
        </Card>
        <RequireSsoCard required={data.ruleRequired} />
        <DomainsSection />
        <ScimSection />
      </div>
    </AppShell>
  );
}
