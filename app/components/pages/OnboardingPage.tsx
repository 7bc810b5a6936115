import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { suggestSlug } from "~/lib/slug";
import type { AccountView, FormResult } from "~/lib/view-types";
import { AppShell } from "../AppShell";
import { Field } from "../Field";
import { SlugField, slugBlocksSubmit } from "../SlugField";
import { useSlugCheck } from "~/lib/use-slug-check";

export interface OnboardingData {
  account: AccountView;
  /** Shown before the slug, e.g. "app.example.com/". */
  urlPrefix: string;
  /** An anonymous sign-in's account: no workspace until it becomes a permanent one (ADR 062). */
  anonymous?: boolean;
}

/** Step one for a new account: name the workspace and pick its URL. */
export function OnboardingPage() {
  const { account, urlPrefix, anonymous } = useLoaderData<OnboardingData>();
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const [name, setName] = useState(result?.values?.name ?? "");
  const [slug, setSlug] = useState(result?.values?.slug ?? "");
  const [slugEdited, setSlugEdited] = useState(Boolean(result?.values?.slug));
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const check = useSlugCheck(slug);

  // A server error belongs to the value it was about; once the field changes it is stale.
  const errorFor = (field: "name" | "slug", value: string) =>
    result?.values?.[field] === value ? result.fieldErrors?.[field] : undefined;

  return (
    <AppShell account={account}>
      <div className="onboarding">
        <p className="eyebrow">Get started</p>
        <h1 className="page-title">Create your workspace</h1>
        <p className="page-description">
          A workspace holds your team's connections and settings. You can rename it at any time.
        </p>
        {anonymous ? (
          <div className="card">
            <div className="card-body stack">
              <p role="note" data-testid="anonymous-note">
                Create an account to create a workspace. You are signed in anonymously: add an email address and a password to this account in the application you signed in with, and it becomes a permanent one.
              </p>
            </div>
          </div>
        ) : (
        <div className="card">
          <Form method="post" className="card-body stack">
            <Field
              label="Workspace name"
              name="name"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (!slugEdited) setSlug(suggestSlug(event.target.value));
              }}
              placeholder="Acme Inc."
              maxLength={100}
              autoComplete="organization"
              autoFocus
              required
              error={errorFor("name", name)}
            />
            <SlugField
              value={slug}
              onChange={(value) => {
                setSlug(value);
                setSlugEdited(value !== "");
              }}
              prefix={urlPrefix}
              error={errorFor("slug", slug)}
              check={check}
            />
            {result?.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
            <div className="button-row">
              <button type="submit" className="btn btn-primary" disabled={busy || slugBlocksSubmit(check)}>
                {busy ? "Creating workspace…" : "Create workspace"}
              </button>
            </div>
          </Form>
        </div>
        )}
      </div>
    </AppShell>
  );
}
