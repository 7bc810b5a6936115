import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NOT_FOUND_TITLE, NotFoundPage, type NotFoundData } from "~/components/pages/NotFoundPage";
import { notFound } from "~/lib/not-found.server";

/**
 * Every path no page or REST route owns: the one 404 page, inside the shell when signed in.
 * (The REST edge's own prefixes have their resource routes, see app/lib/rest-delegate.server.ts.)
 */
export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);

export const meta = () => [{ title: NOT_FOUND_TITLE }];

export default function UnknownPath() {
  const { account } = useLoaderData<NotFoundData>();
  return <NotFoundPage account={account} />;
}
