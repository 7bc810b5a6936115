import { useFetcher } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import type { SectionLoad } from "~/lib/sso-section-types";
import { Card } from "../Card";

/**
 * A self-contained section of the Single sign-on page (ADR 087): its data loaded from its own
 * resource route once the page is in the browser, then `children` with it; the route's refusal
 * (a member's 403) as its sentence. Remix reloads the data after each of the section's forms is
 * answered (a fetcher's load is revalidated after an action), so the section follows every change.
 */
export function LoadedSection<T>({
  route,
  title,
  description,
  noun,
  children,
}: {
  route: string;
  title: string;
  description: string;
  /** What is loading, for "Loading domains…". */
  noun: string;
  children: (data: T) => ReactNode;
}) {
  const fetcher = useFetcher({ key: `section:${route}` });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data === undefined) fetcher.load(route);
    // Once on mount: later loads are Remix's revalidations.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route]);
  // As sent: the sections' types are JSON already (dates as strings).
  const loaded = fetcher.data as SectionLoad<T> | undefined;
  return (
    <Card layout="split" title={title} description={description}>
      <div className="stack">
        {loaded === undefined ? <p className="cell-muted">{`Loading ${noun}…`}</p> : null}
        {loaded && !loaded.ok ? <p className="form-error" role="alert">{loaded.error}</p> : null}
        {loaded && loaded.ok ? children(loaded.data) : null}
      </div>
    </Card>
  );
}
