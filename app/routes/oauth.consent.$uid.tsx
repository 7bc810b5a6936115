import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ConsentPage, type ConsentData } from "~/components/pages/ConsentPage";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { FORM_ACTION_HEADER, IMAGE_SOURCE_HEADER, imageSourceOf } from "~/lib/content-security-policy.server";
import { describeFailure } from "~/lib/form-errors.server";

export const meta: MetaFunction = () => [{ title: "Authorize an application · svc" }];

/** The loader's headers reach the document: never cached, Approve may redirect to the client, and its logo may show. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Signed out: through /login and back here (the authorization server sends people here signed in already). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  headers.set("Cache-Control", "no-store");
  let consent: Awaited<ReturnType<typeof dashboard.caller.oauth.consent>> = null;
  try {
    consent = await dashboard.caller.oauth.consent({ uid: params.uid ?? "" });
  } catch (error) {
    describeFailure(error, request); // a malformed id is just "gone"
  }
  if (!consent) return json<ConsentData>({ state: "gone" }, { status: 404, headers });
  if (consent.redirectSource) headers.set(FORM_ACTION_HEADER, consent.redirectSource);
  const logoSource = imageSourceOf(consent.client.logoUri);
  if (logoSource) headers.set(IMAGE_SOURCE_HEADER, logoSource);
  return json<ConsentData>({ state: "ask", consent, email: dashboard.user.email, anonymous: dashboard.user.isAnonymous === true }, { headers });
}

export default ConsentPage;
