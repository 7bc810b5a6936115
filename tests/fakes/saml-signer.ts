import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { SignedXml } from "xml-crypto";

/**
 * A SAML identity provider of the tests' own for the ATTACK tests only (ADR 079): it signs
 * assertions with xml-crypto (a maintained library) and a key made by openssl, so a test can
 * build what a real IdP never sends: tampered, unsigned, expired, wrapped, for another
 * audience. The sign-in that must work is proven against SimpleSAMLphp (tests/e2e/saml-sign-in).
 */
export interface ForgingIdp {
  entityId: string;
  metadataXml: string;
  /** A response as the IdP posts it (base64), the assertion signed unless `sign: false`. */
  response(options: AssertionOptions): string;
  /** The assertion alone, signed, for wrapping tests to move around. */
  signedAssertion(options: AssertionOptions): string;
}

export interface AssertionOptions {
  acsUrl: string;
  audience: string;
  email: string;
  subject?: string;
  inResponseTo?: string;
  assertionId?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  sign?: boolean;
  issuer?: string;
  /** The Response's Destination (the ACS unless set). */
  destination?: string;
  /** Inserted into the Response before the assertion (wrapping tests). */
  before?: string;
  /** Changes the signed assertion's text after signing (tampering tests). */
  tamper?: (signed: string) => string;
  /** More attributes beside `email` (a name, a directory's groups). */
  attributes?: Record<string, string[]>;
}

export function forgingIdp(entityId: string): ForgingIdp {
  const dir = mkdtempSync(join(tmpdir(), "saml-signer-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=forging-idp", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
  const privateKey = readFileSync(join(dir, "key.pem"), "utf8");
  const certPem = readFileSync(join(dir, "cert.pem"), "utf8");
  rmSync(dir, { recursive: true, force: true });
  const certificate = certPem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
  const metadataXml = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificate}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.invalid/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  function assertionXml(o: AssertionOptions): string {
    const now = Date.now();
    const notBefore = (o.notBefore ?? new Date(now - 30_000)).toISOString();
    const notOnOrAfter = (o.notOnOrAfter ?? new Date(now + 5 * 60_000)).toISOString();
    const inResponseTo = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : "";
    return `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.assertionId ?? `_a${randomUUID()}`}" Version="2.0" IssueInstant="${new Date(now).toISOString()}"><saml:Issuer>${o.issuer ?? entityId}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${o.subject ?? `user-${o.email}`}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${o.acsUrl}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${o.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${new Date(now).toISOString()}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="email" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue>${o.email}</saml:AttributeValue></saml:Attribute>${extraAttributes(o.attributes)}</saml:AttributeStatement></saml:Assertion>`;
  }

  function signedAssertion(o: AssertionOptions): string {
    const xml = assertionXml(o);
    if (o.sign === false) return xml;
    const signer = new SignedXml({
      privateKey,
      publicCert: certPem,
      signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
      canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
    });
    signer.addReference({
      xpath: "/*[local-name(.)='Assertion']",
      digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
      transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
    });
    signer.computeSignature(xml, { location: { reference: "/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: "after" } });
    const signed = signer.getSignedXml();
    return o.tamper ? o.tamper(signed) : signed;
  }

  return {
    entityId,
    metadataXml,
    signedAssertion,
    response(o) {
      const inResponseTo = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : "";
      const xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${o.destination ?? o.acsUrl}"${inResponseTo}><saml:Issuer>${o.issuer ?? entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${o.before ?? ""}${signedAssertion(o)}</samlp:Response>`;
      return Buffer.from(xml).toString("base64");
    },
  };
}

/** A wrapped response as given (already built XML), base64 as posted. */
export function encodedResponse(xml: string): string {
  return Buffer.from(xml).toString("base64");
}

/** The AuthnRequest's ID inside the IdP URL `POST /auth/v1/sso` answered (HTTP-Redirect: deflated, base64). */
export function authnRequestIdOf(url: string): string {
  const request = new URL(url).searchParams.get("SAMLRequest") ?? "";
  const xml = inflateRawSync(Buffer.from(request, "base64")).toString("utf8");
  return /\sID="([^"]+)"/.exec(xml)?.[1] ?? "";
}

function extraAttributes(attributes: Record<string, string[]> = {}): string {
  return Object.entries(attributes)
    .map(([name, values]) => `<saml:Attribute Name="${name}">${values.map((value) => `<saml:AttributeValue>${value}</saml:AttributeValue>`).join("")}</saml:Attribute>`)
    .join("");
}
