import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { handleRestRequest } from "./rest.server";

/**
 * Under the stock `remix-serve`, the paths the REST edge owns arrive at small resource
 * routes (app/routes/api.$.tsx, auth.v1.$.tsx, ...) that hand them to the same handler
 * `npm start` uses, untouched. Every other unknown path is a page: app/routes/$.tsx.
 */
export async function delegateToRest({ request }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const response = await handleRestRequest(request);
  return response ?? json({ message: "Not found" }, 404);
}
