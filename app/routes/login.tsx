import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AuthPage } from "~/components/pages/AuthPage";
import { signInWithForm } from "~/lib/auth.server";
import { dashboardRequest, TWO_STEP_PATH } from "~/lib/caller.server";
import { clientAddressOf } from "~/lib/client-address.server";
import { passkeySignInAction } from "~/lib/passkeys.server";
import { readForm } from "~/lib/read-form.server";
import { upstreamButtons, upstreamFailureSentence } from "~/lib/upstream-sign-in.server";

export const meta: MetaFunction = () => [{ title: "Sign in · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, pending, caller } = await dashboardRequest(request);
  if (user) throw redirect("/dashboard");
  // Past the password, short of the code: the second page, keeping where they were going.
  if (pending) throw redirect(`${TWO_STEP_PATH}${new URL(request.url).search}`);
  return { upstream: await upstreamButtons(caller), upstreamFailure: upstreamFailureSentence(new URL(request.url).searchParams) };
}

/** Home-realm discovery's posts as the address is typed (/login/sso) change nothing this page loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) => (formAction === "/login/sso" ? false : defaultShouldRevalidate);

export async function action({ request, context }: ActionFunctionArgs) {
  // The passkey button and autofill post here too (PasskeySignIn); the password form has no intent.
  const form = await readForm(request.clone());
  const intent = String(form.get("intent") ?? "");
  if (intent === "passkeyOptions" || intent === "passkeySignIn") return passkeySignInAction(await dashboardRequest(request, clientAddressOf(context)), form);
  const result = await signInWithForm(request, "signIn", context);
  if (result.ok === true) return result.response;
  if (result.ok === "check-mail") throw new Error("a sign-in never answers check-mail");
  return json({ error: result.error, field: result.field, code: result.code }, { status: result.status, headers: result.headers });
}

export default function Login() {
  const { upstream, upstreamFailure } = useLoaderData<typeof loader>();
  return <AuthPage mode="signIn" upstream={upstream} upstreamFailure={upstreamFailure} />;
}
