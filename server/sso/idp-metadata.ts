import * as xpath from "xpath";
import { IdentityError } from "../identity";
import { SSO } from "./error-codes";
import { parseStrictXml } from "./xml";

/**
 * An identity provider's SAML metadata, read as GoTrue's parseSAMLMetadata does
 * (internal/api/ssoadmin.go): valid UTF-8, an EntityDescriptor with an `entityID`, exactly one
 * IDPSSODescriptor. From it the sign-in takes the SSO endpoint (HTTP-Redirect binding first,
 * as GoTrue's crewjam asks) and the signing certificates an assertion must be signed by.
 */
export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  signingCertificates: string[];
  validUntil: Date | null;
}

const NS = { md: "urn:oasis:names:tc:SAML:2.0:metadata", ds: "http://www.w3.org/2000/09/xmldsig#" };
const select = xpath.useNamespaces(NS);
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
/** Metadata is a few kilobytes; a federation aggregate is not what a provider registers. */
export const MAX_METADATA_BYTES = 512 * 1024;

const invalid = (message: string) => new IdentityError(SSO.VALIDATION_FAILED, message);

export function parseIdpMetadata(raw: string): IdpMetadata {
  if (raw.includes("\uFFFD")) throw invalid("SAML Metadata XML contains invalid UTF-8 characters, which are not supported at this time");
  if (Buffer.byteLength(raw) > MAX_METADATA_BYTES) throw invalid("SAML Metadata XML is too large");
  // No DTD, no entities (parseStrictXml): metadata never needs them, and they are how XML bombs arrive.
  const root = parseStrictXml(raw)?.documentElement;
  if (!root || root.namespaceURI !== NS.md || root.localName !== "EntityDescriptor") throw invalid("SAML Metadata is not a valid EntityDescriptor");
  const entityId = root.getAttribute("entityID") ?? "";
  if (entityId === "") throw invalid("SAML Metadata does not contain an EntityID");
  const descriptors = select("md:IDPSSODescriptor", root) as Element[];
  if (descriptors.length < 1) throw invalid("SAML Metadata does not contain any IDPSSODescriptor");
  if (descriptors.length > 1) throw invalid("SAML Metadata contains multiple IDPSSODescriptors");
  const descriptor = descriptors[0]!;
  const endpoints = select("md:SingleSignOnService", descriptor) as Element[];
  const endpoint = endpoints.find((e) => e.getAttribute("Binding") === REDIRECT_BINDING) ?? endpoints.find((e) => e.getAttribute("Binding") === POST_BINDING);
  const ssoUrl = endpoint?.getAttribute("Location") ?? "";
  if (!/^https?:\/\//i.test(ssoUrl)) throw invalid("SAML Metadata does not contain a SingleSignOnService with the HTTP-Redirect binding");
  const keys = select("md:KeyDescriptor[not(@use) or @use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate", descriptor) as Element[];
  const signingCertificates = keys.map((key) => (key.textContent ?? "").replace(/\s+/g, "")).filter((cert) => cert !== "");
  if (signingCertificates.length === 0) throw invalid("SAML Metadata does not contain a signing certificate");
  const validUntilText = root.getAttribute("validUntil");
  const validUntil = validUntilText ? new Date(validUntilText) : null;
  return { entityId, ssoUrl, signingCertificates, validUntil: validUntil && !Number.isNaN(validUntil.getTime()) ? validUntil : null };
}

/** GoTrue's fetchSAMLMetadata: GET, 200 or `saml_metadata_fetch_failed`. */
export async function fetchIdpMetadata(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/xml;charset=UTF-8", "accept-charset": "UTF-8" }, redirect: "error", signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new IdentityError(SSO.METADATA_FETCH_FAILED, `Error fetching SAML Metadata from URL '${url}'`);
  }
  if (response.status !== 200) throw new IdentityError(SSO.METADATA_FETCH_FAILED, `HTTP ${response.status} error fetching SAML Metadata from URL '${url}'`);
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_METADATA_BYTES) throw invalid("SAML Metadata XML is too large");
  return text;
}
