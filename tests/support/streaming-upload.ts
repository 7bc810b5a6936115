import { request } from "node:http";

/**
 * Streams a huge multipart body with chunked encoding and no Content-Length, the way a
 * hostile or broken client would, and stops writing as soon as the server answers.
 * Returns the answer and how many bytes were written before it came.
 */
export function streamHugeUpload(
  url: string,
  cookie: string,
  totalBytes: number,
): Promise<{ status: number; body: string; bytesWritten: number }> {
  const boundary = "----svcboundary";
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  chunk.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    let bytesWritten = 0;
    let answered = false;
    const req = request(
      { hostname: target.hostname, port: target.port, path: target.pathname, method: "POST", headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" } },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, bytesWritten });
        });
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && bytesWritten < totalBytes) {
        const piece = bytesWritten === 0 ? Buffer.concat([head, chunk]) : chunk;
        bytesWritten += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}
