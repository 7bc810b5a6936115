/** The routers area's face: what other areas, the routers, rest/ and app/ may use. */
export { appRouter, browserProcedureNames, createCaller } from "./app-router";
export type { AppRouter } from "./app-router";
export { createContextInner } from "./context";
export { deployedToolResources, guardedMetadataFetch } from "./oauth-resources";
