import type { IncomingHttpHeaders } from "node:http";
import { closeServer, listen, readBody } from "../fakes/http-fake";

/**
 * A workspace's own system receiving webhooks: a real HTTP server on 127.0.0.1 that records
 * every request by path and answers each path from a script of statuses (the last one repeats).
 * A path scripted with "hold" keeps the request open until `releaseHeld()`, then drops it;
 * `{ heldThen: status }` keeps it open until then and answers that status.
 */
export type ScriptedAnswer = number | "hold" | { heldThen: number };

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  script(path: string, answers: ScriptedAnswer[]): void;
  /** Resolves once `count` requests reached `path` (no fixed sleeps: the tests wait on this). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  releaseHeld(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  const counts = new Map<string, number>();
  const waiters: Array<() => void> = [];
  const held: Array<() => void> = [];
  const { server, url } = await listen(async (req, res) => {
    const path = req.url ?? "/";
    const body = await readBody(req);
    received.push({ path, headers: req.headers, body });
    const n = counts.get(path) ?? 0;
    counts.set(path, n + 1);
    for (const wake of waiters.splice(0)) wake();
    const script = scripts.get(path) ?? [200];
    let answer = script[Math.min(n, script.length - 1)]!;
    if (answer === "hold" || typeof answer === "object") {
      await new Promise<void>((resolve) => held.push(resolve));
      if (answer === "hold") return void res.destroy();
      answer = answer.heldThen;
    }
    res.writeHead(answer, { "content-type": "text/plain" });
    res.end(answer >= 300 ? `answer ${answer} to attempt ${n + 1}` : "ok");
  });
  const of = (path: string) => received.filter((hook) => hook.path === path);
  return {
    url,
    received,
    script: (path, answers) => scripts.set(path, answers),
    async waitFor(path, count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (of(path).length < count) {
        if (Date.now() > deadline) throw new Error(`${path}: ${of(path).length} of ${count} webhooks arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return of(path);
    },
    releaseHeld: () => held.splice(0).forEach((release) => release()),
    async close() {
      held.splice(0).forEach((release) => release());
      await closeServer(server);
    },
  };
}
