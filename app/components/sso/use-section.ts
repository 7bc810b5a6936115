import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { SectionLoad } from "~/lib/sso-section-types";

/**
 * A self-contained section's data (ADR 087): loaded from its resource route once the page is in
 * the browser. Remix reloads it after each of the section's forms is answered (a fetcher's
 * load is revalidated after an action), so the list follows every change.
 */
export function useSectionData<T>(route: string): { data: T | null; error: string | null; loading: boolean } {
  const fetcher = useFetcher({ key: `section:${route}` });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data === undefined) fetcher.load(route);
    // Once on mount: later loads are Remix's revalidations.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route]);
  // As sent: the section's types are JSON already (strings for dates).
  const loaded = fetcher.data as SectionLoad<T> | undefined;
  return {
    data: loaded && loaded.ok ? loaded.data : null,
    error: loaded && !loaded.ok ? loaded.error : null,
    loading: loaded === undefined,
  };
}
