import { Link } from "@remix-run/react";
import type { AccountView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { PublicPage } from "../PublicPage";

/** What a thrown or returned 404 carries: the signed-in account, so the page keeps the shell. */
export interface NotFoundData {
  notFound: true;
  account: AccountView | null;
}

export function isNotFoundData(value: unknown): value is NotFoundData {
  return typeof value === "object" && value !== null && (value as { notFound?: unknown }).notFound === true;
}

export const NOT_FOUND_TITLE = "Page not found · svc";

/**
 * The one 404 page: inside the app shell, with the navigation, for a signed-in person; the
 * public card for a visitor.
 */
export function NotFoundPage({ account }: { account: AccountView | null }) {
  if (account) {
    const home = account.workspace ? "/dashboard" : "/onboarding";
    return (
      <AppShell account={account}>
        <p className="eyebrow">Error 404</p>
        <PageHeader title="Page not found" description="The page you were looking for does not exist, or it was moved or deleted." />
        <div className="button-row">
          <Link to={home} className="btn btn-primary">{account.workspace ? "Go to the overview" : "Create your workspace"}</Link>
        </div>
      </AppShell>
    );
  }
  return (
    <PublicPage eyebrow="Error 404" title="Page not found" lead="The page you were looking for does not exist.">
      <div className="button-row">
        <Link to="/" className="btn btn-primary">Back to start</Link>
        <Link to="/login" className="btn btn-secondary">Sign in</Link>
      </div>
    </PublicPage>
  );
}
