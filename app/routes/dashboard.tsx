import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/lib/caller.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return json({ email: user.email });
}

export default function Dashboard() {
  const { email } = useLoaderData<typeof loader>();
  return <main><h1>Dashboard</h1><p>{email}</p></main>;
}
