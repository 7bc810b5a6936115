import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../support/ports";

/**
 * A real SAML 2.0 identity provider nobody here wrote (issue 32): Debian's SimpleSAMLphp
 * (`apt-get install simplesamlphp php-cli`, 1.19 in bookworm) served by PHP's built-in server
 * on 127.0.0.1, with a config directory of our own in a temp dir (SIMPLESAMLPHP_CONFIG_DIR):
 * an `exampleauth:UserPass` source with the given people, a hosted IdP signing with a
 * self-signed certificate made here by openssl, and our service as its one remote SP
 * (entity ID = our metadata URL, ACS = our `/auth/v1/sso/saml/acs`). Its own metadata is at
 * `metadataUrl`; its SSO endpoint is the HTTP-Redirect binding our AuthnRequest goes to.
 */
export const SIMPLESAMLPHP_WWW = "/usr/share/simplesamlphp/www";
export const hasSimpleSamlPhp = existsSync(`${SIMPLESAMLPHP_WWW}/saml2/idp/SSOService.php`) && existsSync("/usr/bin/php");

export interface SamlPerson {
  username: string;
  password: string;
  email: string;
  name?: string;
}

export interface SimpleSamlPhp {
  url: string;
  entityId: string;
  metadataUrl: string;
  /** The IdP's metadata XML, as an administrator pastes it into `metadata_xml`. */
  metadataXml(): Promise<string>;
  close(): Promise<void>;
}

export async function startSimpleSamlPhp(sp: { entityId: string; acsUrl: string }, people: SamlPerson[]): Promise<SimpleSamlPhp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), "simplesamlphp-"));
  for (const sub of ["config", "metadata", "cert", "data", "tmp", "log", "sessions"]) mkdirSync(join(dir, sub));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=simplesamlphp-test-idp", "-keyout", join(dir, "cert/idp.pem"), "-out", join(dir, "cert/idp.crt")], { stdio: "ignore" });
  writeFileSync(join(dir, "config/config.php"), configPhp(dir, url));
  writeFileSync(join(dir, "config/authsources.php"), authSourcesPhp(people));
  writeFileSync(join(dir, "metadata/saml20-idp-hosted.php"), idpHostedPhp());
  writeFileSync(join(dir, "metadata/saml20-sp-remote.php"), spRemotePhp(sp));
  const child: ChildProcess = spawn("php", ["-d", `session.save_path=${join(dir, "sessions")}`, "-d", "display_errors=stderr", "-S", `127.0.0.1:${port}`, "-t", SIMPLESAMLPHP_WWW], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: join(dir, "config") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const metadataUrl = `${url}/saml2/idp/metadata.php`;
  const fetchMetadata = async () => {
    const response = await fetch(metadataUrl);
    const text = await response.text();
    if (response.status !== 200 || !text.includes("IDPSSODescriptor")) throw new Error(`SimpleSAMLphp metadata: ${response.status} ${text.slice(0, 500)}`);
    return text;
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await fetchMetadata();
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`SimpleSAMLphp did not start: ${String(error)}\n${output}`);
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 150));
    }
  }
  return {
    url,
    entityId: metadataUrl,
    metadataUrl,
    metadataXml: fetchMetadata,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The certificate the IdP signs with, base64 DER (what its metadata publishes). */
export function certificateOf(pem: string): string {
  return pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
}

const php = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function configPhp(dir: string, url: string): string {
  return `<?php
$config = [
  'baseurlpath' => ${php(`${url}/`)},
  'certdir' => ${php(join(dir, "cert"))},
  'loggingdir' => ${php(join(dir, "log"))},
  'datadir' => ${php(join(dir, "data"))},
  'tempdir' => ${php(join(dir, "tmp"))},
  'metadatadir' => ${php(join(dir, "metadata"))},
  'technicalcontact_name' => 'Tests',
  'technicalcontact_email' => 'tests@example.test',
  'secretsalt' => 'simplesamlphp-test-salt-0123456789',
  'auth.adminpassword' => 'test-admin-password',
  'admin.protectindexpage' => false,
  'admin.protectmetadata' => false,
  'timezone' => 'UTC',
  'logging.level' => SimpleSAML\\Logger::WARNING,
  'logging.handler' => 'errorlog',
  'enable.saml20-idp' => true,
  'enable.shib13-idp' => false,
  'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true],
  'store.type' => 'phpsession',
  'session.cookie.secure' => false,
  'session.cookie.samesite' => null,
  'session.phpsession.cookiename' => 'SimpleSAMLSessionID',
  'language.default' => 'en',
  'theme.use' => 'default',
  'metadata.sources' => [['type' => 'flatfile']],
  'trusted.url.domains' => [],
];
`;
}

function authSourcesPhp(people: SamlPerson[]): string {
  const users = people
    .map((person) => `    ${php(`${person.username}:${person.password}`)} => ['uid' => [${php(person.username)}], 'email' => [${php(person.email)}], 'displayName' => [${php(person.name ?? person.username)}]],`)
    .join("\n");
  return `<?php
$config = [
  'admin' => ['core:AdminPassword'],
  'example-userpass' => [
    'exampleauth:UserPass',
${users}
  ],
];
`;
}

function idpHostedPhp(): string {
  return `<?php
$metadata['__DYNAMIC:1__'] = [
  'host' => '__DEFAULT__',
  'privatekey' => 'idp.pem',
  'certificate' => 'idp.crt',
  'auth' => 'example-userpass',
  'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
];
`;
}

function spRemotePhp(sp: { entityId: string; acsUrl: string }): string {
  return `<?php
$metadata[${php(sp.entityId)}] = [
  'AssertionConsumerService' => [['Binding' => 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', 'Location' => ${php(sp.acsUrl)}, 'index' => 0]],
  'NameIDFormat' => 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  'simplesaml.nameidattribute' => 'uid',
  'saml20.sign.assertion' => true,
  'saml20.sign.response' => true,
  'attributes.NameFormat' => 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
  'authproc' => [10 => ['class' => 'saml:PersistentNameID', 'attribute' => 'uid', 'nameId' => true]],
];
`;
}

export function readCertificate(path: string): string {
  return certificateOf(readFileSync(path, "utf8"));
}
