/** The event filter: none ticked means every event, present and future. */
export function WebhookEventChoices({ eventTypes, chosen, error }: { eventTypes: string[]; chosen: string[]; error?: string }) {
  return (
    <fieldset className="fieldset" aria-invalid={error ? true : undefined}>
      <legend className="field-label">Events</legend>
      <p className="field-hint">Tick none to receive every event.</p>
      <div className="webhook-events">
        {eventTypes.map((type) => (
          <label key={type} className="checkbox-row">
            <input type="checkbox" name="eventTypes" value={type} defaultChecked={chosen.includes(type)} /> <code>{type}</code>
          </label>
        ))}
      </div>
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </fieldset>
  );
}
