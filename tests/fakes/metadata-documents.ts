import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "selfsigned";

/**
 * A third party's web server publishing OAuth client ID metadata documents over `https`
 * (issue 15, clients (a)), on 127.0.0.1 with a certificate made for this run. The service
 * trusts it only through NODE_EXTRA_CA_CERTS=`caFile`, as it would trust a real client's
 * site through the system's CAs. A document can also be set to never answer, to show the
 * fetch gives up instead of holding the authorization.
 */
export interface MetadataDocumentServer {
  /** `https://127.0.0.1:{port}` */
  origin: string;
  /** The certificate to hand the service as NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** Serves `body` at `path` with these extra headers (Cache-Control, Expires). */
  serve(path: string, body: string, headers?: Record<string, string>): void;
  /** Requests for `path` are accepted and never answered; `afterHeaders`: the 200 and a first byte come, the rest never does. */
  hang(path: string, afterHeaders?: boolean): void;
  /** How many times `path` was requested so far. */
  fetches(path: string): number;
  close(): Promise<void>;
}

export async function startMetadataDocumentServer(): Promise<MetadataDocumentServer> {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  const dir = await mkdtemp(join(tmpdir(), "cimd-ca-"));
  const caFile = join(dir, "ca.pem");
  await writeFile(caFile, pems.cert);

  const documents = new Map<string, { body: string; headers: Record<string, string> }>();
  const hanging = new Map<string, boolean>();
  const counts = new Map<string, number>();
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const path = new URL(req.url ?? "/", "https://127.0.0.1").pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    if (hanging.has(path)) {
      if (hanging.get(path)) res.writeHead(200, { "content-type": "application/json" }).write("{");
      return; // never (further) answered
    }
    const doc = documents.get(path);
    if (!doc) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json", ...doc.headers }).end(doc.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    caFile,
    serve: (path, body, headers = {}) => void documents.set(path, { body, headers }),
    hang: (path, afterHeaders = false) => void hanging.set(path, afterHeaders),
    fetches: (path) => counts.get(path) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
