import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  createNonce,
  documentSecurityHeaders,
  imageSourceOf,
  storageImageOrigin,
} from "../../app/lib/content-security-policy.server";
import { parseLoopbackCallback } from "../../app/lib/loopback-callback";
import { S3Storage } from "../../server/storage/s3-storage";
import { loadConfig } from "../../server/platform/config";

const NONCE = "AAECAwQFBgcICQoLDA0ODw==";
/** The configuration a process with exactly this environment would have. */
const config = (env: Record<string, string>) => loadConfig(env as unknown as NodeJS.ProcessEnv);

const policy = (imageOrigin: string | null) =>
  "default-src 'self'; " +
  `script-src 'self' 'nonce-${NONCE}'; ` +
  "style-src 'self' 'unsafe-inline'; " +
  `img-src 'self' data: blob:${imageOrigin ? ` ${imageOrigin}` : ""}; ` +
  "connect-src 'self' http://127.0.0.1:* http://localhost:*; " +
  "font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

describe("the dashboard's Content-Security-Policy", () => {
  it("is the whole policy, with this document's nonce", () => {
    expect(contentSecurityPolicy({ nonce: NONCE, imageOrigin: null })).toBe(policy(null));
  });

  it("lets images come from the object storage's public origin", () => {
    expect(contentSecurityPolicy({ nonce: NONCE, imageOrigin: "https://cdn.example.com" })).toBe(policy("https://cdn.example.com"));
  });

  it("lets the consent page's form end at the client's redirect origin, and nothing that could break the directive", () => {
    expect(contentSecurityPolicy({ nonce: NONCE, imageOrigin: null, formAction: ["http://127.0.0.1:8765"] })).toContain("form-action 'self' http://127.0.0.1:8765;");
    expect(contentSecurityPolicy({ nonce: NONCE, imageOrigin: null, formAction: ["com.example.notes:"] })).toContain("form-action 'self' com.example.notes:;");
    for (const source of ["https://a.example; script-src *", "*", "'unsafe-inline'", "https://a.example/path"]) {
      expect(contentSecurityPolicy({ nonce: NONCE, imageOrigin: null, formAction: [source] })).toBe(policy(null));
    }
  });

  it("lets the consent page show the client's logo from its origin, and nothing that could break the directive", () => {
    expect(contentSecurityPolicy({ nonce: NONCE, imageOrigin: null, images: ["https://notes.example:8443"] })).toContain("img-src 'self' data: blob: https://notes.example:8443;");
    for (const source of ["https://a.example; script-src *", "*", "data:", "javascript:", "https://a.example/path"]) {
      expect(contentSecurityPolicy({ nonce: NONCE, imageOrigin: null, images: [source] })).toBe(policy(null));
    }
  });

  it("takes a logo's origin only from an http(s) URL", () => {
    expect(imageSourceOf("https://notes.example/brand/logo.png?v=2")).toBe("https://notes.example");
    expect(imageSourceOf("http://127.0.0.1:8765/logo.png")).toBe("http://127.0.0.1:8765");
    for (const url of ["javascript:alert(1)", "data:image/png;base64,AAAA", "not a url", "", null]) expect(imageSourceOf(url)).toBeNull();
  });

  it("refuses a nonce that is not base64 (nothing can be smuggled into the header)", () => {
    for (const nonce of ["", "abc'; script-src *", "a b", "abc;", "é"]) {
      expect(() => contentSecurityPolicy({ nonce, imageOrigin: null })).toThrow("A CSP nonce must be base64");
    }
  });

  it("makes a fresh 16-byte base64 nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });

  it("allows a fetch to every loopback callback host that a CSP source can name", () => {
    const sources = policy(null).split("; ").find((d) => d.startsWith("connect-src "))!.split(" ").slice(1);
    for (const host of ["127.0.0.1", "localhost"]) {
      expect(parseLoopbackCallback(`http://${host}:4000/done`).ok).toBe(true);
      expect(sources).toContain(`http://${host}:*`);
    }
    // Accepted by the page, but CSP has no IPv6 host sources (Chromium drops the source).
    expect(parseLoopbackCallback("http://[::1]:4000/done").ok).toBe(true);
    expect(sources.some((source) => source.includes("::1"))).toBe(false);
  });
});

describe("the object storage's image origin", () => {
  it("is none for the fs driver: images are served from the dashboard's own origin", () => {
    expect(storageImageOrigin(config({}))).toBeNull();
    expect(storageImageOrigin(config({ STORAGE_DRIVER: "fs", S3_PUBLIC_URL: "https://cdn.example.com/avatars" }))).toBeNull();
  });

  it("is S3_PUBLIC_URL's origin when set", () => {
    expect(
      storageImageOrigin(config({ STORAGE_DRIVER: "s3", S3_ENDPOINT: "http://127.0.0.1:9000", S3_PUBLIC_URL: "https://cdn.example.com/avatars/" })),
    ).toBe("https://cdn.example.com");
  });

  it("is S3_ENDPOINT's origin otherwise, port included", () => {
    expect(storageImageOrigin(config({ STORAGE_DRIVER: "s3", S3_ENDPOINT: "http://127.0.0.1:9000/" }))).toBe("http://127.0.0.1:9000");
  });

  it("is AWS's bucket address with neither", () => {
    expect(storageImageOrigin(config({ STORAGE_DRIVER: "s3", S3_BUCKET: "pics", S3_REGION: "eu-west-1" }))).toBe("https://pics.s3.eu-west-1.amazonaws.com");
  });

  it("is the origin of the URLs the S3 driver actually hands out", () => {
    const envs: Record<string, string>[] = [
      { STORAGE_DRIVER: "s3", S3_PUBLIC_URL: "https://cdn.example.com/avatars" },
      { STORAGE_DRIVER: "s3", S3_ENDPOINT: "http://127.0.0.1:9000" },
      { STORAGE_DRIVER: "s3", S3_BUCKET: "pics", S3_REGION: "eu-west-1" },
    ];
    for (const env of envs) {
      const c = config(env);
      const storage = new S3Storage({ endpoint: c.S3_ENDPOINT, region: c.S3_REGION, bucket: c.S3_BUCKET, publicUrl: c.S3_PUBLIC_URL, forcePathStyle: true });
      expect(new URL(storage.publicUrl("user/u/i.png")).origin).toBe(storageImageOrigin(c));
    }
  });

  it("is none for a value that is not an http(s) URL", () => {
    expect(storageImageOrigin(config({ STORAGE_DRIVER: "s3", S3_PUBLIC_URL: "not a url" }))).toBeNull();
    expect(storageImageOrigin(config({ STORAGE_DRIVER: "s3", S3_PUBLIC_URL: "javascript:alert(1)" }))).toBeNull();
  });
});

describe("a dashboard document's security headers", () => {
  it("over http: the policy only", () => {
    expect(documentSecurityHeaders(NONCE, config({ BASE_URL: "http://localhost:3000" }))).toEqual([["Content-Security-Policy", policy(null)]]);
  });

  it("over https: the policy and HSTS for a year, subdomains included", () => {
    expect(documentSecurityHeaders(NONCE, config({ BASE_URL: "https://svc.example.com", STORAGE_DRIVER: "s3", S3_PUBLIC_URL: "https://cdn.example.com/avatars" }))).toEqual([
      ["Content-Security-Policy", policy("https://cdn.example.com")],
      ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
    ]);
  });
});
