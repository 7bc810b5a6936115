import { useEffect, useState } from "react";
import { trpc } from "~/lib/trpc";

export type SlugCheckState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "available"; slug: string }
  | { status: "taken" }
  | { status: "reserved" | "invalid"; message: string }
  | { status: "error" };

/**
 * Live availability of a workspace URL through the typed tRPC client: debounced, and a
 * newer keystroke aborts the older request so a slow answer never overwrites a fresh one.
 */
export function useSlugCheck(slug: string, options: { skip?: boolean; delayMs?: number } = {}): SlugCheckState {
  const { skip = false, delayMs = 300 } = options;
  const [state, setState] = useState<SlugCheckState>({ status: "idle" });

  useEffect(() => {
    const value = slug.trim().toLowerCase();
    if (skip || value === "") {
      setState({ status: "idle" });
      return;
    }
    setState({ status: "checking" });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      trpc()
        .tenants.checkSlug.query({ slug: value }, { signal: controller.signal })
        .then((result) => {
          if (result.available) setState({ status: "available", slug: value });
          else if (result.code === "SLUG_TAKEN") setState({ status: "taken" });
          else setState({ status: result.code === "SLUG_RESERVED" ? "reserved" : "invalid", message: result.error });
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ status: "error" });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, skip, delayMs]);

  return state;
}
