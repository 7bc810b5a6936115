import type { MetaFunction } from "@remix-run/node";
import { AuthPage } from "~/components/pages/AuthPage";
import { credentialsAction, redirectSignedIn } from "~/lib/auth.server";

export const meta: MetaFunction = () => [{ title: "Sign in · svc" }];
export const loader = redirectSignedIn;
export const action = credentialsAction("signIn");

export default function Login() {
  return <AuthPage mode="signIn" />;
}
