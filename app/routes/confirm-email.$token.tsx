import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { PublicPage } from "~/components/PublicPage";
import { dashboardRequest } from "~/lib/caller.server";
import { mailedLinkReturn } from "~/lib/mailed-link-return.server";
import { BusySubmit } from "~/components/BusySubmit";

/** The token is in this page's URL: it must not leak as a Referer. */
const PAGE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
export const headers: HeadersFunction = () => PAGE_HEADERS;
export const meta: MetaFunction = () => [{ title: "Confirm your address · svc" }];

export async function loader(_: LoaderFunctionArgs) {
  return json(null, { headers: PAGE_HEADERS });
}

/**
 * Confirms on a button press, not on the GET: mail scanners open links, and a confirmation
 * should be the person's own act (docs/decisions/034).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { caller } = await dashboardRequest(request);
  const result = await caller.auth.confirmEmail({ token: params.token ?? "" });
  // Confirmed from an app's sign-up (its emailRedirectTo): the next step is back in that app.
  const continueTo = result === "confirmed" ? mailedLinkReturn(request) : null;
  return json({ result, continueTo }, { status: result === "confirmed" ? 200 : result === "expired" ? 410 : 404, headers: PAGE_HEADERS });
}

const DONE = {
  confirmed: { title: "Address confirmed", lead: "You can sign in now." },
  expired: { title: "This confirmation link has expired", lead: "Sign up again with the same address: a new link is mailed." },
  unknown: { title: "This confirmation link is not valid", lead: "Check that the whole link was copied, or sign up again." },
} as const;

export default function ConfirmEmail() {
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  if (data) {
    const done = DONE[data.result];
    return (
      <PublicPage title={done.title} lead={data.continueTo ? "You can sign in now, back where you signed up." : done.lead}>
        {data.continueTo ? (
          <a href={data.continueTo} className="btn btn-primary btn-block">
            Continue
          </a>
        ) : (
          <Link to={data.result === "confirmed" ? "/login" : "/signup"} className="btn btn-primary btn-block">
            {data.result === "confirmed" ? "Sign in" : "Sign up"}
          </Link>
        )}
      </PublicPage>
    );
  }
  return (
    <PublicPage title="Confirm your address" lead="One click, and your account is ready to sign in.">
      <Form method="post">
        <BusySubmit className="btn btn-primary btn-block" busy={navigation.state !== "idle"} busyLabel="Confirming…">Confirm my address</BusySubmit>
      </Form>
    </PublicPage>
  );
}
