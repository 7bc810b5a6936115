/**
 * `@simplewebauthn/server` takes about 200 ms of CPU to load (its ASN.1, CBOR and COSE
 * stack), a fifth of a whole start, for ceremonies most starts never see: it is loaded at the
 * first one instead.
 */
let library: Promise<typeof import("@simplewebauthn/server")> | undefined;

export function webauthnLibrary(): Promise<typeof import("@simplewebauthn/server")> {
  return (library ??= import("@simplewebauthn/server"));
}
