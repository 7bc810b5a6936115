import type { ProfileView } from "~/lib/view-types";
import { Card } from "./Card";
import { Field } from "./Field";
import { SaveFooter } from "./SaveFooter";
import { useIntentForm } from "./use-intent-form";

export function ProfileDetailsCard({ profile }: { profile: ProfileView }) {
  const { fetcher, result, saving } = useIntentForm("profile");
  return (
    <Card
      layout="split"
      title="Personal details"
      description="How you appear to your team."
      footer={<SaveFooter formId="profile-form" {...saving} savedText="Profile saved" label="Save profile" />}
    >
      <fetcher.Form method="post" id="profile-form" className="stack">
        <input type="hidden" name="intent" value="profile" />
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
      </fetcher.Form>
    </Card>
  );
}
