import { createServer, type IncomingMessage, type Server } from "node:http";
import { freePort } from "../../server/start/embedded-postgres";
import { basicCredentials } from "../fakes/http-fake";

/**
 * A first-party provider's API and token endpoint for the provider proxy's tests: a real
 * HTTP server on 127.0.0.1. The API answers 401 unless the Bearer token is the current
 * one; the token endpoint (client_secret_basic) rotates both tokens on every refresh and
 * counts the refreshes, so single-flight is observable.
 */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface ProviderUpstream {
  url: string;
  requests: RecordedRequest[];
  refreshes: number;
  /** The access token the API accepts; the refresh token the token endpoint accepts. */
  accessToken: string;
  refreshToken: string;
  /** Sends the second chunk of every `/v1/stream` answer held so far. */
  releaseStreams(): void;
  /** Milliseconds the token endpoint waits before answering (to make refreshes overlap). */
  refreshDelayMs: number;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startProviderUpstream(options: { clientId: string; clientSecret: string }): Promise<ProviderUpstream> {
  const port = await freePort();
  let server: Server;
  const streamHeld: Array<() => void> = [];
  const state: ProviderUpstream = {
    url: `http://127.0.0.1:${port}`,
    requests: [],
    refreshes: 0,
    accessToken: "at-initial",
    refreshToken: "rt-initial",
    refreshDelayMs: 0,
    releaseStreams: () => streamHeld.splice(0).forEach((send) => send()),
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = req.url ?? "/";
      if (url === "/oauth/token" && req.method === "POST") {
        const form = new URLSearchParams(body);
        const answer = (status: number, payload: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(payload));
        };
        const presented = basicCredentials(req.headers.authorization);
        if (presented?.id !== state.clientId || presented.secret !== state.clientSecret) return answer(401, { error: "invalid_client" });
        if (form.get("grant_type") !== "refresh_token" || form.get("refresh_token") !== state.refreshToken) return answer(400, { error: "invalid_grant" });
        state.refreshes++;
        const n = state.refreshes;
        setTimeout(() => {
          state.accessToken = `at-${n}`;
          state.refreshToken = `rt-${n}`;
          answer(200, { access_token: state.accessToken, refresh_token: state.refreshToken, token_type: "bearer", expires_in: 3600 });
        }, state.refreshDelayMs);
        return;
      }
      state.requests.push({ method: req.method ?? "GET", url, headers: req.headers, body });
      if (req.headers.authorization !== `Bearer ${state.accessToken}`) {
        res.writeHead(401, { "content-type": "application/json" });
        return res.end(JSON.stringify({ message: "JWT expired" }));
      }
      if (url.startsWith("/v1/stream")) {
        // A chunked answer whose second chunk waits for the test's go: the first one can only
        // reach the client before it if the proxy passes the answer on as it comes.
        res.writeHead(200, { "content-type": "text/plain", "x-upstream": "yes" });
        res.write("first;");
        streamHeld.push(() => res.end("second"));
        return;
      }
      res.writeHead(200, { "content-type": "application/json", "x-upstream": "yes", "set-cookie": "upstream=1; Path=/" });
      res.end(JSON.stringify({ method: req.method, url, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return state;
}
