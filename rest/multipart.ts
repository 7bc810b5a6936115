import busboy from "busboy";
import { AppError } from "../server/platform/errors";
import { IMAGE_APP_ERRORS } from "../server/images";

/**
 * Reads the one file part of a multipart upload while it streams in, with hard caps so a
 * hostile body costs us at most about `maxBytes` of memory and reading.
 *
 * The body is pulled chunk by chunk by hand (not `Readable.fromWeb(...).pipe`) so nothing
 * reads ahead: the moment a cap trips we stop and cancel the body (except a body announced a
 * little too big, which is read to its end first: READ_TO_END_FACTOR). On Node, cancelling a
 * `Readable.toWeb(req)` body destroys the request but leaves its socket open, so the 400
 * still reaches the client; the edge should answer with `Connection: close` so the unread
 * rest is dropped with the connection instead of waiting on a keep-alive socket.
 */

/** Room for boundaries, part headers and small fields around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
/**
 * A body announced up to this many times the cap is read to its end (and thrown away) before
 * the refusal: an honest client sending a picture that is a little too big is still writing
 * when we answer, and closing on it makes the kernel reset the connection, which can discard
 * the answer before the client reads it (fetch then fails with EPIPE, and the person learns
 * nothing). Anything larger is refused before a byte is read, as is a body of unknown length.
 */
const READ_TO_END_FACTOR = 4;

const missingFile = () => new AppError(IMAGE_APP_ERRORS.UPLOAD_INVALID, "Missing file");
const tooLarge = () => new AppError(IMAGE_APP_ERRORS.UPLOAD_INVALID, "Image must be 2MB or smaller");

export async function readSingleFile(
  request: Request,
  options: { field: string; maxBytes: number },
): Promise<{ data: Buffer; filename?: string }> {
  const { field, maxBytes } = options;
  const body = request.body;
  const refuse = (error: AppError) => {
    body?.cancel().catch(() => {});
    return error;
  };

  const contentType = request.headers.get("content-type") ?? "";
  if (!body || !/^multipart\/form-data\s*;/i.test(contentType)) throw refuse(missingFile());

  // A client that announces too much is refused without parsing; a little too much is read first.
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
    if (declared <= maxBytes * READ_TO_END_FACTOR) await discard(body, declared);
    throw refuse(tooLarge());
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        // One byte over the cap makes busboy emit 'limit', which is how we notice "too big".
        fileSize: maxBytes + 1,
        files: 4,
        fields: 16,
        parts: 24,
        fieldSize: 4 * 1024,
        fieldNameSize: 100,
        headerPairs: 16,
      },
    });
  } catch {
    throw refuse(missingFile()); // no or unusable boundary
  }

  const reader = body.getReader();
  return new Promise((resolve, reject) => {
    let settled = false;
    let found = false;
    let fileEnded = false;
    let filename: string | undefined;
    const chunks: Buffer[] = [];

    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      // Handlers stay attached (all guarded by `settled`) so the errors destroy() provokes
      // are swallowed, and its 'close' wakes a pump waiting for 'drain'.
      parser.destroy();
      reader.cancel().catch(() => {});
      reject(error);
    };

    parser.on("file", (name, stream, info) => {
      if (name !== field || found) {
        // Ignored parts are drained (they still count towards the body cap in pump()), and
        // need an error listener: destroy() errors every open part, and an unheard stream
        // error would crash the process.
        stream.on("error", () => {});
        stream.resume();
        return;
      }
      found = true;
      filename = info.filename || undefined;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(tooLarge()));
      stream.on("error", () => fail(missingFile()));
      stream.on("end", () => {
        fileEnded = true;
      });
    });
    parser.on("error", () => fail(missingFile()));
    parser.on("close", () => {
      if (settled) return;
      const data = Buffer.concat(chunks);
      if (!found || !fileEnded || data.length === 0) return fail(missingFile());
      settled = true;
      resolve({ data, filename });
    });

    const pump = async () => {
      let received = 0;
      while (!settled) {
        const { done, value } = await reader.read();
        if (settled) return;
        if (done) {
          parser.end();
          return;
        }
        received += value.byteLength;
        // Bounds the whole body, including parts we ignore, not just the file.
        if (received > maxBytes + MULTIPART_OVERHEAD) return fail(tooLarge());
        // write() may synchronously fail the upload (the 'limit' event): then stop here.
        if (!parser.write(value) && !settled) await drained(parser);
      }
    };
    pump().catch(() => fail(missingFile())); // aborted or broken body stream
  });
}

/** Reads and drops a body, stopping past `most` bytes (a client that sends more than it announced). */
async function discard(body: ReadableStream<Uint8Array>, most: number): Promise<void> {
  const reader = body.getReader();
  let received = 0;
  try {
    while (received <= most) {
      const { done, value } = await reader.read();
      if (done) return;
      received += value.byteLength;
    }
  } catch {
    // An aborted upload: there is nobody left to answer.
  } finally {
    reader.releaseLock();
  }
}

/** Resolves when busboy wants more input, or when it can no longer take any. */
function drained(parser: busboy.Busboy): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("close", done);
      parser.off("error", done);
      resolve();
    };
    parser.on("drain", done);
    parser.on("close", done);
    parser.on("error", done);
  });
}
