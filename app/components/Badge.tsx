import type { ReactNode } from "react";

export type BadgeTone = "accent" | "muted" | "success" | "danger" | "warning";

/** A small status pill: app kind, variable kind, key status. */
export function Badge({ tone = "accent", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge${tone === "accent" ? "" : ` badge-${tone}`}`}>{children}</span>;
}
