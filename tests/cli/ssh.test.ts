import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IPty } from "@lydell/node-pty";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { startService, type RunningService } from "../support/service";
import { runSvc, startAgent, SVC_BIN, svcHome, type RunningAgent } from "../support/svc-shell";
import { startSvc } from "../support/svc-cli";
import { trpc } from "../support/trpc";
import { appWithKey, invitedPerson, signedInOwner } from "../support/actors";

const pty = createRequire(import.meta.url)("@lydell/node-pty") as typeof import("@lydell/node-pty");

/**
 * Issue 9 sections 3-5: `svc ssh` through the real broker to a real `svc agent` started by
 * the test, each `svc` a subprocess with its own HOME, the interactive one on a real
 * pseudo-terminal that the test resizes and types into.
 */
describe("svc ssh", () => {
  let service: RunningService;
  let upstream: EchoUpstream;
  let owner: TestUser;
  let ownerHome: string;
  let agent: RunningAgent;
  let agentToken: string;

  const issueToken = async (name: string) => (await api(service, `/api/deployments/${name}/agent-tokens`, { method: "POST", cookie: owner.cookie })).body;
  const events = async (name: string) => (await api(service, `/api/deployments/${name}/events`, { cookie: owner.cookie })).body.events;

  beforeAll(async () => {
    [service, upstream] = await Promise.all([startService({ label: "ssh" }), startEchoUpstream()]);
    owner = await signUp(service); // the first account: an administrator, so it may mint a CLI key
    await createTenant(service, owner, uniqueSlug("ssh"));
    const key = await api(service, "/api/dev/personal-key", { method: "POST", cookie: owner.cookie, json: {} });
    expect(key.status).toBe(200);
    ownerHome = svcHome({ apiBase: service.url, apiKey: key.body.apiKey });
    for (const name of ["tool", "idle"]) {
      expect((await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name, upstreamUrl: upstream.url } })).status).toBe(201);
    }
    const tool = (await api(service, "/api/deployments/tool", { cookie: owner.cookie })).body;
    expect((await trpc(service, owner, "apps.setEnv", { appId: tool.appId, key: "GREETING", value: "hello from the deployment" })).status).toBe(200);
    agentToken = (await issueToken("tool")).token;
    agent = await startAgent({ apiBase: service.url, deployment: "tool", token: agentToken });
  });
  afterAll(async () => {
    if (process.env.SHOW_SERVICE_LOG) console.log(service?.output(), agent?.stderr());
    await agent?.stop();
    await upstream?.close();
    await service?.stop();
  });

  it("runs a command after -- without a terminal: stdout and stderr apart, the exit status passed on, the deployment's variables set", async () => {
    const run = await runSvc(["ssh", "tool", "--", 'echo "out:$GREETING"; echo err >&2; test -t 0 || echo no-tty; exit 3'], { home: ownerHome });
    expect(run).toEqual({ status: 3, stdout: "out:hello from the deployment\nno-tty\n", stderr: "err\n" });
    const ok = await runSvc(["ssh", "tool", "--", "true"], { home: ownerHome });
    expect(ok).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("carries large output whole and in order (back-pressure, not loss)", async () => {
    const run = await runSvc(["ssh", "tool", "--", "seq 1 2000000"], { home: ownerHome });
    expect(run.status).toBe(0);
    expect(run.stdout.length).toBe(14_888_896);
    const lines = run.stdout.split("\n");
    expect([lines[0], lines[999_999], lines[1_999_999], lines[2_000_000]]).toEqual(["1", "1000000", "2000000", ""]);
  });

  it("streams stdin to the command and passes its end on", async () => {
    const run = await runSvc(["ssh", "tool", "--", "tr", "a-z", "A-Z"], { home: ownerHome, input: "piped through\nthe broker\n" });
    expect(run).toEqual({ status: 0, stdout: "PIPED THROUGH\nTHE BROKER\n", stderr: "" });
    // No command and no terminal: a shell without a pty reads the pipe, as ssh does.
    const script = await runSvc(["ssh", "tool"], { home: ownerHome, input: "test -t 0 || echo piped-shell\nexit 6\n" });
    expect(script).toEqual({ status: 6, stdout: "piped-shell\n", stderr: "" });
  });

  it("gives an interactive login shell on a real pseudo-terminal: TERM, a resize, Ctrl-C to the remote shell, the exit status, and the terminal restored", async () => {
    const home = ownerHome;
    const script = `stty -g > before.txt; "${process.execPath}" "${SVC_BIN}" ssh tool; echo "STATUS=$?"; stty -g > after.txt; sleep 0.2`;
    const term: IPty = pty.spawn("/bin/sh", ["-c", script], {
      name: "xterm-256color",
      cols: 80,
      rows: 24,
      cwd: home,
      env: { PATH: process.env.PATH ?? "", HOME: home, TERM: "xterm-256color" },
    });
    let screen = "";
    term.onData((data) => (screen += data));
    const exited = new Promise<number>((done) => term.onExit(({ exitCode }) => done(exitCode)));
    const waitFor = async (pattern: RegExp, what: string) => {
      for (let i = 0; i < 200; i++) {
        if (pattern.test(screen)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`never saw ${what}; screen:\n${screen}`);
    };
    try {
      term.write("echo READY-$((40+2))\r");
      await waitFor(/READY-42/, "the remote shell answering");
      term.resize(132, 40);
      // svc hears SIGWINCH on its own schedule, perhaps after the next line typed, as ssh
      // does: ask again until the remote side answers with the new size.
      await expect
        .poll(async () => {
          term.write('echo "T=$TERM C=$(tput cols) L=$(tput lines)"\r');
          await new Promise((r) => setTimeout(r, 250));
          return screen;
        })
        .toMatch(/T=xterm-256color C=132 L=40/);
      // Ctrl-C interrupts the remote command, not svc.
      term.write("sleep 30; echo not-interrupted\r");
      await new Promise((r) => setTimeout(r, 300));
      term.write("\x03");
      term.write("echo after-$((1+1))-ctrl-c\r");
      await waitFor(/after-2-ctrl-c/, "the shell after Ctrl-C");
      // Only the typed command line shows the word; its output never came.
      expect(screen).not.toMatch(/(?<!echo )not-interrupted/);
      term.write("exit 7\r");
      await waitFor(/STATUS=7/, "the remote exit status");
      expect(await exited).toBe(0);
    } finally {
      term.kill();
    }
    expect(readFileSync(join(home, "after.txt"), "utf8")).toBe(readFileSync(join(home, "before.txt"), "utf8"));
  });

  it("sends Ctrl-D to the remote shell, which ends the session with status 0", async () => {
    const term: IPty = pty.spawn(process.execPath, [SVC_BIN, "ssh", "tool"], { name: "xterm", cols: 80, rows: 24, env: { PATH: process.env.PATH ?? "", HOME: ownerHome, TERM: "xterm" } });
    let screen = "";
    term.onData((data) => (screen += data));
    const exited = new Promise<number>((done) => term.onExit(({ exitCode }) => done(exitCode)));
    term.write("echo UP-$((2*3))\r");
    await expect.poll(() => screen).toMatch(/UP-6/);
    term.write("\x04");
    expect(await exited).toBe(0);
  });

  it("survives a client killed mid-session: the service keeps serving and the session is closed in the log", async () => {
    const term: IPty = pty.spawn(process.execPath, [SVC_BIN, "ssh", "tool"], { name: "xterm", cols: 80, rows: 24, env: { PATH: process.env.PATH ?? "", HOME: ownerHome, TERM: "xterm" } });
    let screen = "";
    term.onData((data) => (screen += data));
    term.write("echo ALIVE-$((3*3))\r");
    await expect.poll(() => screen).toMatch(/ALIVE-9/);
    term.kill("SIGKILL");
    const closed = async () =>
      (await events("tool")).find((e: { type: string; data: { reason: string } }) => e.type === "deployment.shell.closed" && e.data.reason === "client disconnected")?.data;
    await expect.poll(closed).toMatchObject({ reason: "client disconnected", exitCode: null });
    expect(await runSvc(["ssh", "tool", "--", "echo still-here"], { home: ownerHome })).toEqual({ status: 0, stdout: "still-here\n", stderr: "" });
  });

  it("records every session as deployment.shell.opened and closed, with who and the exit code", async () => {
    // A session's close is written when the relay sees it end, which may trail the client's exit.
    const closedCount = (events: { type: string }[]) => events.filter((e) => e.type === "deployment.shell.closed").length;
    await expect.poll(async () => closedCount(await events("tool"))).toBe(9);
    const list = await events("tool");
    const closed = list.filter((e: { type: string }) => e.type === "deployment.shell.closed");
    const opened = list.filter((e: { type: string }) => e.type === "deployment.shell.opened");
    expect(opened.length).toBe(9);
    expect(closed.length).toBe(9); // (the events of "idle" are its own; the viewer's come later)
    expect(closed.map((e: { data: { exitCode: number } }) => String(e.data.exitCode)).sort()).toEqual(["0", "0", "0", "0", "0", "3", "6", "7", "null"]);
    for (const event of list) expect(event.actorEmail).toBe(owner.email);
    const three = closed.find((e: { data: { exitCode: number } }) => e.data.exitCode === 3);
    expect(opened.find((e: { data: { session: string } }) => e.data.session === three.data.session).data).toMatchObject({ tty: false });
  });

  it("refuses a viewer of the workspace, with exit 1 and nothing recorded", async () => {
    const person = await invitedPerson(service, owner, "member");
    const key = (await appWithKey(service, person, "Theirs")).apiKey;
    const home = svcHome({ apiBase: service.url, apiKey: key });
    expect((await runSvc(["ssh", "tool", "--", "exit 5"], { home })).status).toBe(5); // as a member: allowed
    // A member's open shell ends the moment they are made a viewer.
    const opened = () => events("tool").then((list) => list.filter((e: { type: string; actorEmail: string }) => e.type === "deployment.shell.opened" && e.actorEmail === person.email).length);
    const long = runSvc(["ssh", "tool", "--", "sleep 20; echo finished"], { home });
    await expect.poll(opened).toBe(2); // the long session is open before the demotion
    expect((await api(service, `/api/tenants/me/members/${person.userId}`, { method: "PATCH", cookie: owner.cookie, json: { role: "viewer" } })).status).toBe(200);
    expect(await long).toEqual({ status: 1, stdout: "", stderr: "Your access to this deployment was revoked\n" });
    // A session's end is recorded just after the client is told (a draining instance must tell
    // it first): count once both of this person's ends are there, with their reasons.
    const ends = async () =>
      (await events("tool"))
        .filter((e: { type: string; actorEmail: string }) => e.type === "deployment.shell.closed" && e.actorEmail === person.email)
        .map((e: { data: { reason: string } }) => e.data.reason)
        .sort();
    await expect.poll(ends).toEqual(["access revoked", "exit"]);
    const before = (await events("tool")).length;
    // The demotion also revoked the keys they minted (ADR 029), so the key opens nothing now.
    const run = await runSvc(["ssh", "tool", "--", "echo should-not-run"], { home });
    expect(run).toEqual({ status: 1, stdout: "", stderr: "Not logged in or the key was revoked: run svc login\n" });
    expect((await events("tool")).length).toBe(before);
    // A viewer who still holds a live key (one demoted before keys followed demotions, written
    // here straight into the table) is refused by the broker itself, and nothing is recorded.
    const other = await signUp(service);
    const invitedOther = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: owner.cookie, json: { email: other.email, role: "member" } });
    await fetch(`${service.url}/invite/${invitedOther.body.url.split("/").pop()}`, { method: "POST", headers: { cookie: other.cookie }, redirect: "manual" });
    const otherApp = (await trpc(service, other, "apps.create", { name: "Kept" })).data;
    const keptKey = (await trpc(service, other, "keys.create", { appId: otherApp.id })).data.apiKey;
    await service.db.query("update tenant_memberships set role = 'viewer' where user_id = $1", [other.userId]);
    const refused = await runSvc(["ssh", "tool", "--", "echo should-not-run"], { home: svcHome({ apiBase: service.url, apiKey: keptKey }) });
    expect(refused).toEqual({ status: 1, stdout: "", stderr: "Viewers cannot open a shell on a deployment\n" });
    expect((await events("tool")).length).toBe(before);
    // The viewer sees the sessions, not the command lines (one may carry a secret).
    const seen = (await api(service, "/api/deployments/tool/events", { cookie: person.cookie })).body.events;
    const commands = (list: { type: string; data: { command?: string | null } }[]) =>
      list.filter((e) => e.type === "deployment.shell.opened" && e.data.command).map((e) => e.data.command);
    expect(seen.length).toBe(before);
    expect(new Set(commands(seen))).toEqual(new Set(["(hidden)"]));
    expect(commands(await events("tool"))).toContain("exit 5");
  });

  it("ends every process a session started when the session ends (a background job does not outlive it)", async () => {
    const client = startSvc(["ssh", "tool", "--", "sleep 300 & echo $!; wait"], { home: ownerHome });
    const pid = Number((await client.waitFor(/^(\d+)\n/))[1]);
    expect(pid).toBeGreaterThan(0);
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive()).toBe(true);
    client.child.kill("SIGKILL"); // the client goes away: the broker closes the session at the agent
    await expect.poll(alive, { message: `sleep ${pid} still runs after its session ended` }).toBe(false);
  });

  it("says a deployment has no running agent, an unknown deployment is not found, and a missing login", async () => {
    expect(await runSvc(["ssh", "idle"], { home: ownerHome })).toEqual({ status: 1, stdout: "", stderr: "deployment idle has no running agent\n" });
    expect(await runSvc(["ssh", "nosuch", "--", "true"], { home: ownerHome })).toEqual({ status: 1, stdout: "", stderr: "Deployment not found\n" });
    expect(await runSvc(["ssh", "tool"], { home: svcHome(null) })).toEqual({ status: 1, stdout: "", stderr: "Not logged in or the key was revoked: run svc login\n" });
    const usage = await runSvc(["ssh"], { home: ownerHome });
    expect(usage.status).toBe(2);
  });

  it("svc agent: the token from a file or the environment, never missing; a newer agent replaces the older; deleting the deployment drops its agent", async () => {
    const missing = await runSvc(["agent", "--deployment", "idle", "--api-base", service.url], { home: svcHome(null) });
    expect(missing.status).toBe(2);
    expect(missing.stderr.split("\n")[0]).toBe("No agent token: set SVC_AGENT_TOKEN or pass --token-file <path> (issue one on the deployment's dashboard page)");
    const malformed = await runSvc(["agent", "--deployment", "idle", "--api-base", service.url], { home: svcHome(null), env: { SVC_AGENT_TOKEN: "svc_sk_nope" } });
    expect(malformed).toEqual({ status: 1, stdout: "", stderr: "The agent token is malformed: it starts with svc_at_ followed by 43 characters\n" });

    const token = (await issueToken("idle")).token;
    const dir = svcHome(null);
    writeFileSync(join(dir, "agent-token"), `${token}\n`, { mode: 0o600 });
    const first = await startAgent({ apiBase: service.url, deployment: "idle", token: "", args: ["--token-file", join(dir, "agent-token")] });
    const second = await startAgent({ apiBase: service.url, deployment: "idle", token });
    expect(await first.exited).toBe(1);
    expect(first.stderr()).toContain("Replaced by a newer agent for this deployment");
    // The shell does not see the agent's token.
    expect(await runSvc(["ssh", "idle", "--", 'echo "token:${SVC_AGENT_TOKEN:-none}"'], { home: ownerHome })).toEqual({ status: 0, stdout: "token:none\n", stderr: "" });

    expect((await api(service, "/api/deployments/idle", { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    expect(await second.exited).toBe(1);
    expect(await runSvc(["ssh", "idle", "--", "true"], { home: ownerHome })).toEqual({ status: 1, stdout: "", stderr: "Deployment not found\n" });
  });

  it("refuses a key of another workspace as if the deployment did not exist", async () => {
    const stranger = (await signedInOwner(service, { slugPrefix: "other" })).user;
    const key = (await appWithKey(service, stranger, "Elsewhere")).apiKey;
    expect(await runSvc(["ssh", "tool", "--", "echo leaked"], { home: svcHome({ apiBase: service.url, apiKey: key }) })).toEqual({
      status: 1,
      stdout: "",
      stderr: "Deployment not found\n",
    });
  });

  it("a revoked agent token disconnects the agent, which stops; shells are then refused, and the token cannot connect again", async () => {
    const list = (await api(service, "/api/deployments/tool/agent-tokens", { cookie: owner.cookie })).body.agentTokens;
    const id = list.find((t: { prefix: string }) => agentToken.startsWith(t.prefix)).id;
    expect((await api(service, `/api/deployments/tool/agent-tokens/${id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    expect(await agent.exited).toBe(1);
    expect(agent.stderr()).toContain("The agent token was revoked: issue a new one on the deployment's page");
    expect(await runSvc(["ssh", "tool", "--", "true"], { home: ownerHome })).toEqual({ status: 1, stdout: "", stderr: "deployment tool has no running agent\n" });
    await expect(startAgent({ apiBase: service.url, deployment: "tool", token: agentToken })).rejects.toThrow(
      /exited \(1\): The agent token is unknown or was revoked: issue a new one on the deployment's page/,
    );
  });
});
