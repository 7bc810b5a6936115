import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { useNonce } from "~/lib/nonce-provider";
import { POPUP_HEARTBEAT_SCRIPT } from "~/lib/popup-heartbeat";
import app from "~/styles/app.css";
import controls from "~/styles/controls.css";
import pages from "~/styles/pages.css";
import panels from "~/styles/panels.css";
import responsive from "~/styles/responsive.css";
import shell from "~/styles/shell.css";
import surfaces from "~/styles/surfaces.css";
import tables from "~/styles/tables.css";
import noScript from "~/styles/no-script.css";
import { isNotFoundData, NOT_FOUND_TITLE, NotFoundPage } from "~/components/pages/NotFoundPage";
import { PublicPage } from "~/components/PublicPage";
import { OfflineNotice } from "~/components/OfflineNotice";

// Tokens first, the small-screen overrides last.
export const links: LinksFunction = () =>
  [app, controls, surfaces, shell, pages, tables, panels, responsive].map((href) => ({ rel: "stylesheet", href }));
export const meta: MetaFunction = ({ error }) => {
  if (error) return [{ title: isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_TITLE : "Something went wrong · svc" }];
  return [{ title: "svc — workspaces, identity and connections" }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  // The document's CSP nonce (app/entry.server.tsx): Remix's inline scripts need it to run.
  const nonce = useNonce();
  // Lets browser tests (and anyone curious) know the page is interactive; here in the
  // layout, so error pages (which render without App) say so too.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.ico" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: POPUP_HEARTBEAT_SCRIPT }} />
        <Meta />
        <Links />
        <noscript>
          <link rel="stylesheet" href={noScript} />
        </noscript>
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <OfflineNotice />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    // Loaders throw `notFound(request)` (app/lib/not-found.server.ts): it carries the account.
    const data: unknown = isRouteErrorResponse(error) ? error.data : null;
    return <NotFoundPage account={isNotFoundData(data) ? data.account : null} />;
  }
  return (
    <PublicPage eyebrow={`Error ${status}`} title="Something went wrong" lead="Please try again in a moment.">
      <Link to="/" className="btn btn-primary">Back to start</Link>
    </PublicPage>
  );
}
