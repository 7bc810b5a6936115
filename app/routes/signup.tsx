import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { signInWithForm } from "~/lib/auth.server";
import { dashboardRequest } from "~/lib/caller.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await dashboardRequest(request);
  if (user) throw redirect("/dashboard");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const result = await signInWithForm(request, "signUp");
  if (result.ok) return result.response;
  return json({ error: result.error, field: result.field }, 400);
}

export default function Signup() {
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <main>
      <h1>Create account</h1>
      <Form method="post">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/dashboard"} />
        <label>Email <input name="email" type="email" required autoComplete="email" /></label>
        <label>Password <input name="password" type="password" required autoComplete="new-password" /></label>
        {data?.error ? <p role="alert">{data.error}</p> : null}
        <button type="submit">Create account</button>
      </Form>
    </main>
  );
}
