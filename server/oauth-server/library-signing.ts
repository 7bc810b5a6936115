import type { KeyObject } from "node:crypto";

/**
 * The key and issuer the library was built with (oauth-provider.ts): its keystore holds the
 * identity key as it was when the provider was made, so whatever answers in the library's name
 * (library-token-issuing.ts: the refresh grant and the code exchange) signs with that key and
 * names that issuer, not with a key read since. Unset until the library is loaded: until then
 * nothing answers in its name.
 */
export interface LibrarySigning {
  kid: string;
  privateKey: KeyObject;
  issuer: string;
}

let signing: LibrarySigning | null = null;

export function rememberLibrarySigning(given: LibrarySigning): void {
  signing = given;
}

export function librarySigning(): LibrarySigning | null {
  return signing;
}
