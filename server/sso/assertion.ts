import * as xpath from "xpath";
import { IdentityError } from "../identity";
import { log } from "../platform/log";
import { SSO } from "./error-codes";
import { mappedClaims } from "./mapping";
import type { IdpMetadata } from "./idp-metadata";
import { checkedResponse, serviceProviderUrls } from "./service-provider";
import { parseStrictXml } from "./xml";

/**
 * A posted SAMLResponse, checked (ADR 079): node-saml first (service-provider.ts), then what it
 * leaves to its caller, on the XML whose signature it verified: the Response's `Destination`
 * and the SubjectConfirmationData's `Recipient` are our ACS, the assertion's Issuer is the
 * provider. Then GoTrue's reading of the person (samlassertion.go): the user id from the
 * `subject-id` attribute or a NameID that is not transient, the email from the mapping, the
 * usual attributes or an emailAddress NameID.
 */
export interface SamlPerson {
  assertionId: string;
  /** Until when the assertion could be replayed: its ID is kept used until then. */
  notOnOrAfter: Date;
  userId: string;
  email: string;
  claims: Record<string, unknown>;
}

const SUBJECT_ID = "urn:oasis:names:tc:SAML:attribute:subject-id";
const EMAIL_ATTRIBUTES = ["urn:oid:0.9.2342.19200300.100.1.3", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress", "http://schemas.xmlsoap.org/claims/EmailAddress", "mail", "Mail", "email"];
const TRANSIENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const select = xpath.useNamespaces({ saml: "urn:oasis:names:tc:SAML:2.0:assertion", samlp: "urn:oasis:names:tc:SAML:2.0:protocol" });
/** SAML responses are a few kilobytes; this bounds what is decoded and parsed. */
const MAX_RESPONSE_CHARS = 256 * 1024;

export const invalidAssertion = (detail?: string) => new IdentityError(SSO.VALIDATION_FAILED, detail ? `SAML Assertion is not valid ${detail}` : "SAML Assertion is not valid");

function parseXml(xml: string): Document {
  const doc = parseStrictXml(xml);
  if (!doc) throw new IdentityError(SSO.VALIDATION_FAILED, "SAMLResponse is not a valid XML SAML assertion");
  return doc;
}

/** The response decoded, for the checks before the signature (GoTrue's peek at the Issuer). */
export function decodedResponse(samlResponse: string): { xml: string; issuer: string | null } {
  if (samlResponse === "") throw new IdentityError(SSO.VALIDATION_FAILED, "SAMLResponse is missing");
  if (samlResponse.length > MAX_RESPONSE_CHARS || !/^[A-Za-z0-9+/\s]+=*\s*$/.test(samlResponse)) throw new IdentityError(SSO.VALIDATION_FAILED, "SAMLResponse is not a valid Base64 string");
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  const doc = parseXml(xml);
  const root = doc.documentElement;
  if (root.localName !== "Response") throw new IdentityError(SSO.VALIDATION_FAILED, "SAMLResponse is not a valid XML SAML assertion");
  const issuer = (select("saml:Issuer", root) as Element[])[0]?.textContent?.trim() ?? null;
  return { xml, issuer };
}

export async function checkedPerson(idp: IdpMetadata, samlResponse: string, requestId: string | null, mapping: Record<string, unknown>): Promise<SamlPerson> {
  const { xml } = decodedResponse(samlResponse);
  const { acsUrl } = serviceProviderUrls();
  const destination = parseXml(xml).documentElement.getAttribute("Destination");
  if (destination && destination !== acsUrl) throw invalidAssertion("(Destination is not this service's ACS)");
  let assertionXml: string;
  try {
    const profile = await checkedResponse(idp, samlResponse, requestId);
    assertionXml = profile.getAssertionXml?.() ?? "";
  } catch (error) {
    log.info("sso: a SAML response was refused", { reason: error instanceof Error ? error.message : String(error) });
    throw invalidAssertion();
  }
  const assertion = parseXml(assertionXml).documentElement;
  const issuer = (select("saml:Issuer", assertion) as Element[])[0]?.textContent?.trim();
  if (issuer !== idp.entityId) throw invalidAssertion("(Issuer is not the provider)");
  const confirmations = select("saml:Subject/saml:SubjectConfirmation/saml:SubjectConfirmationData", assertion) as Element[];
  if (confirmations.length === 0 || confirmations.some((data) => data.getAttribute("Recipient") !== acsUrl)) throw invalidAssertion("(Recipient is not this service's ACS)");
  const assertionId = assertion.getAttribute("ID") ?? "";
  if (assertionId === "") throw invalidAssertion("(no ID)");
  const limits = [...confirmations.map((data) => data.getAttribute("NotOnOrAfter")), ...(select("saml:Conditions/@NotOnOrAfter", assertion) as Attr[]).map((a) => a.value)]
    .filter((value): value is string => !!value)
    .map((value) => new Date(value).getTime())
    .filter((time) => !Number.isNaN(time));
  // Kept used past its last instant plus the skew; one with no NotOnOrAfter at all is kept a day.
  const notOnOrAfter = new Date((limits.length ? Math.max(...limits) : Date.now() + 24 * 3600_000) + 120_000);

  const attributes = attributesOf(assertion);
  const nameId = (select("saml:Subject/saml:NameID", assertion) as Element[])[0];
  const nameIdValue = nameId?.textContent?.trim() ?? "";
  const nameIdFormat = nameId?.getAttribute("Format") ?? "";
  const userId = attributes.get(SUBJECT_ID.toLowerCase())?.[0] ?? (nameIdValue && nameIdFormat !== TRANSIENT ? (nameIdFormat === EMAIL_FORMAT ? nameIdValue.toLowerCase() : nameIdValue) : "");
  if (!userId) throw new IdentityError(SSO.NO_USER_ID, "SAML Assertion did not contain a persistent Subject Identifier attribute or Subject NameID uniquely identifying this user");
  const claims = mappedClaims((name) => attributes.get(name.toLowerCase()) ?? [], mapping);
  let email = typeof claims.email === "string" ? claims.email : "";
  if (!email) email = EMAIL_ATTRIBUTES.map((name) => attributes.get(name.toLowerCase())?.find((value) => value !== "")).find(Boolean) ?? "";
  if (!email && nameIdFormat === EMAIL_FORMAT) email = nameIdValue;
  if (!email) throw new IdentityError(SSO.NO_EMAIL, "SAML Assertion does not contain an email address");
  return { assertionId, notOnOrAfter, userId, email: email.trim().toLowerCase(), claims: { ...claims, email } };
}

/** Every attribute's values, by Name and by FriendlyName (GoTrue compares both, case-insensitively). */
function attributesOf(assertion: Element): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const attribute of select("saml:AttributeStatement/saml:Attribute", assertion) as Element[]) {
    const found = (select("saml:AttributeValue", attribute) as Element[]).map((value) => value.textContent ?? "");
    for (const key of [attribute.getAttribute("Name"), attribute.getAttribute("FriendlyName")]) {
      if (key) values.set(key.toLowerCase(), [...(values.get(key.toLowerCase()) ?? []), ...found]);
    }
  }
  return values;
}
