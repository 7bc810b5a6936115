import WebSocket from "ws";
import { describe, expect, it } from "vitest";
import { appRequest } from "../support/app-host";
import { suiteEchoUpstream } from "../support/echo-upstream";
import { ownerWithTool } from "../support/deployed-tool";
import { suiteSetUp } from "../support/suite-resource";
import { sharedService } from "../support/shared-service";

/**
 * Issue 27, finding 2: a deployed tool's Set-Cookie never reaches beyond the tool's own host
 * (ADR 059). On docs/deploy.md's layout a tool at `x.apps.example.com` answering
 * `Set-Cookie: svc_session=<its owner's session>; Domain=example.com; Path=/api` would
 * otherwise make a visitor's later dashboard calls run as the owner.
 */
describe("a deployed tool's cookies", () => {
  const service = sharedService();
  const upstream = suiteEchoUpstream();
  const jar = suiteSetUp(() => ownerWithTool(service, { slugPrefix: "jar", tool: { name: "open", upstreamUrl: upstream.url, access: "public" } }));

  const planting = (...lines: string[]) => `/set-cookie?${lines.map((line) => `c=${encodeURIComponent(line)}`).join("&")}`;

  it("loses its Domain attribute, whatever its spelling, and keeps the rest of the cookie", async () => {
    const res = await appRequest(service.url, jar.tool.host, planting("x=1; Domain=localhost; Path=/", "y=2; path=/a; domain=.localhost; HttpOnly; Max-Age=60", "z=3;DOMAIN = localhost ;Secure", "w=4; Domain=localhost; Domain=other.localhost; SameSite=Lax", "plain=5"));
    expect(res.status).toBe(200);
    expect(res.headers["set-cookie"]).toEqual(["x=1; Path=/", "y=2; path=/a; HttpOnly; Max-Age=60", "z=3;Secure", "w=4; SameSite=Lax", "plain=5"]);
  });

  it("never sets the service's own cookies, in any spelling, nor a nameless one", async () => {
    const session = jar.user.cookie.slice("svc_session=".length);
    const res = await appRequest(
      service.url,
      jar.tool.host,
      planting(
        `svc_session=${session}; Domain=localhost; Path=/api`,
        `__Host-svc_session=${session}; Path=/; Secure`,
        ` SVC_Session =${session}; Path=/api`,
        "svc_oauth_pending=forged; Path=/api/oauth",
        "svc_oauth_0123456789abcdef0123456789abcdef=forged; Path=/",
        "svc_app_session=someone-elses; Path=/",
        "__Secure-svc_workspace=other; Secure",
        `=svc_session=${session}; Domain=localhost`,
        `svc_session; Domain=localhost`,
        "kept=1; Path=/",
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers["set-cookie"]).toEqual(["kept=1; Path=/"]);
  });

  it("keeps Clear-Site-Data to the tool's own origin: no \"cookies\", no \"*\"", async () => {
    const clearing = (value: string) => appRequest(service.url, jar.tool.host, `/set-cookie?h=${encodeURIComponent(`Clear-Site-Data: ${value}`)}`);
    expect((await clearing('"cache", "Cookies", "storage"')).headers["clear-site-data"]).toBe('"cache", "storage"');
    expect((await clearing('"*"')).headers["clear-site-data"]).toBeUndefined();
    expect((await clearing('"cookies"')).headers["clear-site-data"]).toBeUndefined();
  });

  it("passes no Domain through a WebSocket upgrade's answer either", async () => {
    const port = new URL(service.url).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws-cookies`, { headers: { host: jar.tool.host } });
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      socket.on("upgrade", (res) => resolve(res.headers));
      socket.on("error", reject);
    });
    socket.close();
    expect(headers["set-cookie"]).toEqual(["ws=1; Path=/", "tool_ws=2"]);
  });
});
