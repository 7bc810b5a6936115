import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { closeServer, listen, readBody, sendJson } from "./http-fake";

/**
 * GitHub's OAuth and REST shapes on 127.0.0.1 (issue 31): `/login/oauth/authorize` sends the
 * browser straight back with `code` and `state` (the person already consented), the token
 * endpoint answers JSON to `Accept: application/json` as GitHub does, and the REST API sits
 * under `/api/v3` as GitHub Enterprise's (EXTERNAL_GITHUB_URL is this fake's base).
 */
export interface GithubPerson {
  id: number;
  login: string;
  name?: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

export interface GithubControl {
  /** Who signs in next; changed by tests. */
  person: GithubPerson;
  /** The next authorization ends with this `error` instead of a code. */
  denyNext: string | null;
  /** Milliseconds the token endpoint waits before answering. */
  slowMs: number;
}

export interface GithubFake {
  url: string;
  server: Server;
  control: GithubControl;
  /** Codes exchanged, for asserting the service's call. */
  exchanges: Array<Record<string, string>>;
  close(): Promise<void>;
}

export async function startGithubFake(clientId: string, secret: string): Promise<GithubFake> {
  const codes = new Map<string, GithubPerson>();
  const tokens = new Map<string, GithubPerson>();
  const control: GithubControl = { person: { id: 1, login: "octocat", emails: [] }, denyNext: null, slowMs: 0 };
  const exchanges: Array<Record<string, string>> = [];
  const fake = control;
  const { server, url } = await listen(async (req, res) => {
    const request = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && request.pathname === "/login/oauth/authorize") {
      const back = new URL(request.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("state", request.searchParams.get("state") ?? "");
      if (fake.denyNext) {
        back.searchParams.set("error", fake.denyNext);
        back.searchParams.set("error_description", "The user has denied your application access.");
        fake.denyNext = null;
      } else if (request.searchParams.get("client_id") === clientId) {
        const code = randomUUID().replace(/-/g, "").slice(0, 20);
        codes.set(code, structuredClone(fake.person));
        back.searchParams.set("code", code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (req.method === "POST" && request.pathname === "/login/oauth/access_token") {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      exchanges.push(form);
      if (fake.slowMs) await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
      const person = codes.get(form.code ?? "");
      codes.delete(form.code ?? "");
      // GitHub answers 200 with an `error` for a bad code or client.
      if (!person || form.client_id !== clientId || form.client_secret !== secret) return sendJson(res, 200, { error: "bad_verification_code" });
      const token = `gho_${randomUUID().replace(/-/g, "")}`;
      tokens.set(token, person);
      return sendJson(res, 200, { access_token: token, token_type: "bearer", scope: "user:email" });
    }
    const person = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
    if (req.method === "GET" && request.pathname === "/api/v3/user") {
      if (!person) return sendJson(res, 401, { message: "Bad credentials" });
      return sendJson(res, 200, { id: person.id, login: person.login, name: person.name ?? null, email: person.emails.find((entry) => entry.primary)?.email ?? null, avatar_url: `https://avatars.example/${person.id}` });
    }
    if (req.method === "GET" && request.pathname === "/api/v3/user/emails") {
      if (!person) return sendJson(res, 401, { message: "Bad credentials" });
      return sendJson(res, 200, person.emails.map((entry) => ({ ...entry, visibility: entry.primary ? "public" : null })));
    }
    sendJson(res, 404, { message: "Not Found" });
  });
  return { url, server, control, exchanges, close: () => closeServer(server) };
}
