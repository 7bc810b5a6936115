import { createContext, useContext } from "react";

/**
 * The document's CSP nonce, from `app/entry.server.tsx` to the inline scripts in
 * `app/root.tsx`. In the browser there is no provider and the value is "": the nonce only
 * matters in the server's HTML, and browsers hide it from the DOM anyway.
 */
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
