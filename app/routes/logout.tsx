import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PublicPage } from "~/components/PublicPage";
import { signOut } from "~/lib/auth.server";
import { dashboardRequest } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: "Signed out · svc" }];

/** The header's "Sign out" posts here; the browser then lands on this page's GET. */
export const action = ({ request }: ActionFunctionArgs) => signOut(request);

/** A GET never signs anyone out (a link or an image could); it says where the visitor stands. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, pending } = await dashboardRequest(request);
  return json({ signedIn: Boolean(user ?? pending) }, { headers: { "cache-control": "no-store" } });
}

export default function Logout() {
  const { signedIn } = useLoaderData<typeof loader>();
  if (signedIn) {
    return (
      <PublicPage title="Sign out?" lead="You are still signed in on this browser.">
        <Form method="post" className="button-row">
          <button type="submit" className="btn btn-primary">Sign out</button>
          <Link to="/dashboard" className="btn btn-secondary">Back to the dashboard</Link>
        </Form>
      </PublicPage>
    );
  }
  return (
    <PublicPage title="You are signed out" lead="Your session on this browser has ended.">
      <Link to="/login" className="btn btn-primary btn-block">Sign in again</Link>
    </PublicPage>
  );
}
