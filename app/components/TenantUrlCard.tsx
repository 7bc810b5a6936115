import { useFetcher } from "@remix-run/react";
import type { FormResult, TenantView } from "~/lib/view-types";
import { Callout, Card } from "./Card";
import { SlugField, slugBlocksSubmit } from "./SlugField";
import { useSlugCheck } from "~/lib/use-slug-check";
import { useStateFollowing } from "~/lib/use-state-following";

/** The one-time slug change: a clear warning before, a locked field after. */
export function TenantUrlCard({ tenant, urlPrefix }: { tenant: TenantView; urlPrefix: string }) {
  const fetcher = useFetcher<FormResult>();
  const [slug, setSlug] = useStateFollowing(tenant.slug);
  const locked = tenant.slugChosen;
  const submitted = fetcher.data?.intent === "slug" ? fetcher.data : undefined;
  const error = submitted?.values?.slug === slug ? submitted.fieldErrors?.slug : undefined;
  const busy = fetcher.state !== "idle";
  const unchanged = slug.trim() === tenant.slug;
  const check = useSlugCheck(slug, { skip: locked || unchanged });

  return (
    <Card
      layout="split"
      title="Workspace URL"
      description="The address your workspace and its tools live under."
      footer={
        locked ? null : (
          <button type="submit" form="workspace-url-form" className="btn btn-primary" disabled={busy || unchanged || slugBlocksSubmit(check)}>
            {busy ? "Changing…" : "Change URL"}
          </button>
        )
      }
    >
      <fetcher.Form method="post" id="workspace-url-form" className="stack">
        <input type="hidden" name="intent" value="slug" />
        {locked ? (
          <Callout tone="locked" title="This URL is locked">
            You have already changed your workspace URL once, so it can no longer be changed.
          </Callout>
        ) : (
          <Callout tone="warning" title="Choose carefully">
            You can change your workspace URL once; after that it is locked.
          </Callout>
        )}
        <SlugField
          value={slug}
          onChange={setSlug}
          prefix={urlPrefix}
          disabled={locked}
          check={check}
          error={error}
          hint={locked ? "Locked after the first change." : undefined}
        />
      </fetcher.Form>
    </Card>
  );
}
