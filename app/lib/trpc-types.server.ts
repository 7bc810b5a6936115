/**
 * The router's type for the browser's typed tRPC client. Type-only: route modules import
 * it with `import type`, so nothing from server/ reaches the client bundle.
 */
export type { AppRouter } from "../../server/routers";
