import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

/**
 * The browser SDK (issue 7 section 8), served from `sdk/` by the REST edge (not from
 * `public/`, which remix-serve would serve itself, without the CORS and cache headers):
 * `/sdk/connect.js` (an hour's cache, then revalidated by ETag), `/sdk/connect.d.ts`, and
 * `/sdk/connect.<hash>.js`, the same bytes under a content-addressed name cached for a year.
 * Third-party pages import it as a module from another origin, so it is CORS-readable.
 */

interface SdkFile {
  body: string;
  etag: string;
  hash: string;
}

const SDK_DIR = path.resolve("sdk");
const files = new Map<string, Promise<SdkFile | null>>();

function load(name: string): Promise<SdkFile | null> {
  let file = files.get(name);
  if (!file) {
    file = readFile(path.join(SDK_DIR, name), "utf8").then(
      (body) => {
        const hash = createHash("sha256").update(body).digest("base64url").slice(0, 16);
        return { body, hash, etag: `"${hash}"` };
      },
      () => null,
    );
    files.set(name, file);
  }
  return file;
}

const CONTENT_TYPES: Record<string, string> = {
  "connect.js": "text/javascript; charset=utf-8",
  // TypeScript has no registered media type; application/typescript is what Deno and the
  // TypeScript tooling that fetch declarations by URL use (the document says the same).
  "connect.d.ts": "application/typescript; charset=utf-8",
};

const SHARED_HEADERS = {
  "access-control-allow-origin": "*",
  "cross-origin-resource-policy": "cross-origin",
  "x-content-type-options": "nosniff",
};

/** `connect.js`, `connect.d.ts`, or `connect.<hash>.js` → the file it names and whether it is immutable. */
function resolveName(rest: string): { name: string; hash?: string } | null {
  if (rest === "connect.js" || rest === "connect.d.ts") return { name: rest };
  const versioned = /^connect\.([A-Za-z0-9_-]{16})\.js$/.exec(rest);
  return versioned ? { name: "connect.js", hash: versioned[1] } : null;
}

/** GET /sdk/* */
export async function sdkFile(ctx: RequestContext): Promise<Response> {
  const wanted = resolveName(ctx.params.file ?? "");
  const file = wanted ? await load(wanted.name) : null;
  if (!wanted || !file || (wanted.hash && wanted.hash !== file.hash)) return json({ message: "Not found" }, 404);
  const headers: Record<string, string> = {
    ...SHARED_HEADERS,
    "content-type": CONTENT_TYPES[wanted.name]!,
    etag: file.etag,
    "cache-control": wanted.hash ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  };
  if (!wanted.hash && wanted.name === "connect.js") headers["x-sdk-versioned-url"] = `/sdk/connect.${file.hash}.js`;
  const presented = ctx.header("if-none-match");
  if (presented && presented.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(ctx.request.method === "HEAD" ? null : file.body, { status: 200, headers });
}
