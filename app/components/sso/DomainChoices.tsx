/** The workspace's verified domains as checkboxes: a provider may list only those. */
export function DomainChoices({ verified, chosen }: { verified: string[]; chosen: string[] }) {
  if (verified.length === 0) {
    return <p className="field-hint">No verified email domain yet: verify one under Email domains below to route its people to this provider.</p>;
  }
  return (
    <fieldset className="field">
      <legend className="field-label">Email domains routed to this provider</legend>
      <input type="hidden" name="domainsShown" value="true" />
      {verified.map((domain) => (
        <label key={domain} className="checkbox-row">
          <input type="checkbox" name="domains" value={domain} defaultChecked={chosen.includes(domain)} />
          <span>{domain}</span>
        </label>
      ))}
    </fieldset>
  );
}
