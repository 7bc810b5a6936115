/** This service's URLs as the workspaceSso.serviceProvider procedure answers them. */
export interface ServiceProviderUrls {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
  oidcRedirectUri: string;
}

/** What the owner pastes into the company's identity provider: ours, read-only, each selectable whole. */
export function PasteIntoProvider({ urls }: { urls: ServiceProviderUrls }) {
  const rows: [string, string][] = [
    ["Entity ID (SAML audience)", urls.entityId],
    ["ACS URL (reply URL, HTTP-POST)", urls.acsUrl],
    ["Metadata URL", urls.metadataUrl],
    ["OpenID redirect URI", urls.oidcRedirectUri],
  ];
  return (
    <dl className="stack" aria-label="What to paste into your identity provider">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="field-label">{label}</dt>
          <dd className="mono" style={{ margin: 0, overflowWrap: "anywhere" }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
