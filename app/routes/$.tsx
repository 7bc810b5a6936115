import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { notFoundResponse } from "~/lib/not-found-response";
import { handleRestRequest } from "~/lib/rest.server";

/**
 * Under the stock `remix-serve`, every API path arrives here and goes to the same REST
 * handler `npm start` uses; anything the REST edge does not own is a 404.
 */
async function delegate({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const response = await handleRestRequest(request);
  if (response) return response;
  throw notFoundResponse();
}

export const loader = delegate;
export const action = delegate;
