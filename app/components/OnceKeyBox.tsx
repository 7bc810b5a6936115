import { OnceSecretBox } from "./OnceSecretBox";

/** A new API key, shown this once (the server keeps only a hash). */
export function OnceKeyBox({ apiKey, appName, onDone }: { apiKey: string; appName: string; onDone: () => void }) {
  return (
    <OnceSecretBox
      secret={apiKey}
      label="New API key"
      title={`Your new key for ${appName}`}
      warning="If you lose it, revoke it and create another."
      what="the key"
      testId="new-api-key"
      onDone={onDone}
    />
  );
}
