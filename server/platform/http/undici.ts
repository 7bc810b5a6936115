import { loadOnFirstUse } from "../load-on-first-use";

/** undici (the outbound HTTP client of both proxies and the guarded fetch), loaded at its first use. */
export const undici = loadOnFirstUse<typeof import("undici")>("undici");
