import type { ProfileView } from "~/lib/view-types";
import { Field } from "./Field";
import { SavedFormCard } from "./SavedFormCard";

export function ProfileDetailsCard({ profile }: { profile: ProfileView }) {
  return (
    <SavedFormCard
      intent="profile"
      formId="profile-form"
      className="stack"
      layout="split"
      title="Personal details"
      description="How you appear to your team."
      savedText="Profile saved"
      saveLabel="Save profile"
    >
      {(result) => (
        <>
          <Field
            key={profile.displayName}
            label="Display name"
            name="displayName"
            defaultValue={profile.displayName}
            placeholder="Ada Lovelace"
            autoComplete="name"
            hint="Up to 120 characters. Leave empty to show your email instead."
            error={result?.fieldErrors?.displayName}
          />
          <Field label="Email" name="email" type="email" value={profile.email} readOnly disabled hint={<>Your sign-in address. Change it under <a href="#sign-in">Sign-in</a>.</>} />
          {result?.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
        </>
      )}
    </SavedFormCard>
  );
}
