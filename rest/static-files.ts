import { open, realpath } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * Serves one file from under `root` (stored images, built assets). `relativePath` is the
 * URL path after the mount prefix, still percent-encoded. Anything that could leave `root`
 * (`..`, encoded slashes, absolute paths, NUL, symlinks pointing out) or names a dotfile
 * (our temp files) is treated as not found, so probing learns nothing.
 */

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".html": "text/html; charset=utf-8",
};

export async function serveFile(
  root: string,
  relativePath: string,
  options: { immutable: boolean },
): Promise<Response | null> {
  const segments = safeSegments(relativePath);
  if (!segments) return null;

  let realRoot: string;
  let realFile: string;
  try {
    realRoot = await realpath(root);
    realFile = await realpath(path.join(realRoot, ...segments));
  } catch {
    return null; // missing root or file
  }
  if (!realFile.startsWith(realRoot + path.sep)) return null; // a symlink led outside

  // Open first, then stat the open handle: the file we describe is the file we send.
  const handle = await open(realFile, "r").catch(() => null);
  if (!handle) return null;
  const stats = await handle.stat().catch(() => null);
  if (!stats?.isFile()) {
    await handle.close();
    return null;
  }

  // Streamed, never read whole; the stream closes the handle when done or cancelled.
  const body = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": contentTypes[path.extname(realFile).toLowerCase()] ?? "application/octet-stream",
      "Content-Length": String(stats.size),
      "Last-Modified": stats.mtime.toUTCString(),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": options.immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    },
  });
}

/** Decoded path segments, or null when the path is not a plain relative file path. */
function safeSegments(relativePath: string): string[] | null {
  const raw = relativePath.replace(/^\/+/, "");
  if (raw === "") return null;
  const segments: string[] = [];
  for (const part of raw.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null; // malformed percent-encoding
    }
    // Decoding may reveal `/`, `\` or NUL (%2F, %5C, %00): never let a segment hold one.
    if (segment === "" || segment.startsWith(".") || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}
