import { delegateToRest } from "~/lib/rest-delegate.server";

// A path the REST edge owns (rest/route-table.ts), reached under remix-serve: passed through.
export const loader = delegateToRest;
export const action = delegateToRest;
