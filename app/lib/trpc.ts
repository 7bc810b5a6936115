import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { AppRouter } from "~/lib/trpc-types.server";

type Client = ReturnType<typeof createTRPCClient<AppRouter>>;
let client: Client | undefined;

/**
 * The browser's typed client for `/api/trpc` (the REST edge allows only a few read and
 * profile procedures there). Created on first use, so server rendering never builds one.
 */
export function trpc(): Client {
  client ??= createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc" })] });
  return client;
}
