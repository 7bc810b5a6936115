import type { MetaFunction } from "@remix-run/node";
import { AuthPage } from "~/components/pages/AuthPage";
import { credentialsAction, redirectSignedIn } from "~/lib/auth.server";

export const meta: MetaFunction = () => [{ title: "Create account · svc" }];
export const loader = redirectSignedIn;
export const action = credentialsAction("signUp");

export default function Signup() {
  return <AuthPage mode="signUp" />;
}
