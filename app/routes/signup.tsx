import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuthPage } from "~/components/pages/AuthPage";
import { signInWithForm } from "~/lib/auth.server";
import { dashboardRequest } from "~/lib/caller.server";
import { upstreamButtons } from "~/lib/upstream-sign-in.server";

export const meta: MetaFunction = () => [{ title: "Create account · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, caller } = await dashboardRequest(request);
  if (user) throw redirect("/dashboard");
  return { upstream: await upstreamButtons(caller) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await signInWithForm(request, "signUp", context);
  if (result.ok === "check-mail") return json({ checkMail: result.email });
  if (result.ok) return result.response;
  return json({ error: result.error, field: result.field, code: result.code }, { status: result.status, headers: result.headers });
}

export default function Signup() {
  const { upstream } = useLoaderData<typeof loader>();
  return <AuthPage mode="signUp" upstream={upstream} />;
}
