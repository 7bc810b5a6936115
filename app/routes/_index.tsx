import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { dashboardRequest } from "~/lib/caller.server";
import { upstreamStateFailure } from "~/lib/upstream-sign-in.server";
import { ssoRefusalFailure } from "~/lib/sso-sign-in.server";
import { MAIN_ID, SkipLink } from "~/components/AppShell";

export const meta: MetaFunction = () => [{ title: "svc — workspaces, identity and connections" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await dashboardRequest(request);
  if (user) throw redirect("/dashboard");
  // GoTrue's callback refuses a stale or replayed `state` to the site URL (ADR 075): say so on /login (ADR 078).
  const failure = upstreamStateFailure(new URL(request.url).searchParams) ?? ssoRefusalFailure(new URL(request.url).searchParams);
  if (failure) throw redirect(failure);
  return null;
}

export default function Landing() {
  return (
    <div className="landing">
      <SkipLink />
      <header className="landing-bar">
        <span className="auth-brand">
          <span className="logo-mark" aria-hidden="true">s</span>
          <span>svc</span>
        </span>
        <Link to="/login" className="btn btn-ghost btn-sm">Sign in</Link>
      </header>
      <main className="hero" id={MAIN_ID} tabIndex={-1}>
        <p className="eyebrow">Workspaces · Identity · Connections</p>
        <h1 className="hero-title">One home for your team's tools and the people who use them.</h1>
        <p className="hero-lead">
          Create a workspace, brand it, connect your integrations and pass verified identity to everything you deploy.
        </p>
        <div className="button-row hero-actions">
          <Link to="/signup" className="btn btn-primary btn-lg">Create account</Link>
          <Link to="/login" className="btn btn-secondary btn-lg">Sign in</Link>
        </div>
      </main>
    </div>
  );
}
