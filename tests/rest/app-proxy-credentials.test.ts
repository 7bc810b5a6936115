import { describe, expect, it } from "vitest";
import { appRequest, appSession, type AppResponse } from "../support/app-host";
import { headerPairs, suiteEchoUpstream } from "../support/echo-upstream";
import { deployTool } from "../support/deployed-tool";
import { suiteSetUp } from "../support/suite-resource";
import { appWithKey, signedInOwner } from "../support/actors";
import { sharedService } from "../support/shared-service";
import { toolTokensFor } from "../support/tool-tokens";

/**
 * Issue 27, low finding: a tool never receives one of our credentials (a session JWT, an
 * OAuth access token of our authorization server, an `svc_*_` key), however the request
 * spells the header that carries it, and none of the headers only the proxy may set.
 */
describe("our credentials and the proxy's headers never reach a tool", () => {
  const service = sharedService();
  const upstream = suiteEchoUpstream();
  /** A public tool and a members-only one of one workspace, and each credential of their owner's. */
  const leak = suiteSetUp(async () => {
    const owner = await signedInOwner(service, { slugPrefix: "leak" });
    const open = await deployTool(service, owner, { name: "open", upstreamUrl: upstream.url, access: "public" });
    const members = await deployTool(service, owner, { name: "tool", upstreamUrl: upstream.url, access: "members" });
    const appCookie = await appSession(service.url, members.host, owner.user.cookie);
    const oauth = await toolTokensFor(service, owner.user, open.resource);
    const tokens = [
      { label: "OAuth access token", token: await oauth.mint() },
      { label: "session JWT", token: oauth.sessionAccessToken },
      { label: "dashboard session cookie value", token: owner.user.cookie.slice("svc_session=".length) },
      { label: "app key", token: (await appWithKey(service, owner.user)).apiKey },
    ];
    return { publicHost: open.host, membersHost: members.host, appCookie, tokens };
  });

  const received = (res: AppResponse) => headerPairs(res.json().rawHeaders);
  /** The token's last 20 characters: unique to it, and present in any spelling that carries it. */
  const tail = (token: string) => token.slice(-20);
  const carries = (res: AppResponse, token: string) => received(res).filter(([, value]) => value.includes(tail(token)) || value.includes(Buffer.from(`u:${token}`).toString("base64").slice(-20)));

  const spellings = (t: string): [string, [string, string][]][] => [
    ["tab", [["Authorization", `Bearer\t${t}`]]],
    ["trailing comma", [["Authorization", `Bearer ${t},`]]],
    ["trailing junk", [["Authorization", `Bearer ${t} x`]]],
    ["lower case, many spaces", [["Authorization", `bearer    ${t}`]]],
    ["upper case", [["Authorization", `BEARER ${t}`]]],
    ["another scheme", [["Authorization", `Token ${t}`]]],
    ["bare", [["Authorization", t]]],
    ["quoted", [["Authorization", `Bearer "${t}"`]]],
    ["percent-encoded space", [["Authorization", `Bearer%20${t}`]]],
    ["second of a list", [["Authorization", `Bearer tool-own, Bearer ${t}`]]],
    ["Basic, as the password", [["Authorization", `Basic ${Buffer.from(`u:${t}`).toString("base64")}`]]],
    ["second of two headers", [["Authorization", "Bearer tool-own"], ["Authorization", `Bearer ${t}`]]],
    ["Proxy-Authorization", [["Proxy-Authorization", `Bearer ${t}`]]],
    ["a cookie of another name", [["Cookie", `pref=1; token=${t}`]]],
    ["our session cookie's name", [["Cookie", `svc_session=${t}`]]],
  ];

  it("strips a token of ours from Authorization however it is spelled, at a public tool and beside an app session", async () => {
    for (const { label, token } of leak.tokens) {
      for (const [spelling, headers] of spellings(token)) {
        for (const [where, host] of [["public", leak.publicHost], ["members", leak.membersHost]] as const) {
          // At the members-only tool the app session comes along, in the same Cookie header when the spelling has one.
          const withSession: [string, string][] = headers.some(([n]) => n === "Cookie") ? headers.map(([n, v]) => [n, `${leak.appCookie}; ${v}`]) : [["Cookie", leak.appCookie], ...headers];
          const rawHeaders = where === "members" ? withSession : headers;
          const res = await appRequest(service.url, host, "/", { rawHeaders });
          // A well-formed token of ours decides alone at a members-only tool (ADR 039): one for another tool is refused there, and the tool sees nothing.
          if (where === "members" && res.status === 401) expect([label, spelling, where, res.json().error]).toEqual([label, spelling, where, "invalid_token"]);
          else expect([label, spelling, where, res.status, carries(res, token)]).toEqual([label, spelling, where, 200, []]);
        }
      }
    }
  });

  it("still passes the tool its own Authorization and cookies", async () => {
    const res = await appRequest(service.url, leak.publicHost, "/", { rawHeaders: [["Authorization", "Bearer tool-own-api-key"], ["Cookie", "pref=dark; cart=3"]] });
    expect(received(res).filter(([n]) => n === "authorization" || n === "cookie")).toEqual([
      ["authorization", "Bearer tool-own-api-key"],
      ["cookie", "pref=dark; cart=3"],
    ]);
    const basic = await appRequest(service.url, leak.publicHost, "/", { rawHeaders: [["Authorization", "Basic dXNlcjpwYXNz"]] });
    expect(received(basic).filter(([n]) => n === "authorization")).toEqual([["authorization", "Basic dXNlcjpwYXNz"]]);
  });

  it("sets every forwarding header itself, and drops the caller's in any spelling", async () => {
    const forged: [string, string][] = [
      ["X-Forwarded-Port", "1"],
      ["X-Forwarded-Prefix", "/admin"],
      ["X-Forwarded-Ssl", "on"],
      ["X-Forwarded-Scheme", "https"],
      ["X-Forwarded-Server", "evil"],
      ["X-Forwarded-User", "admin"],
      ["X_Forwarded_Host", "evil.example"],
      ["x_forwarded_for", "6.6.6.6"],
      ["X_FORWARDED_PROTO", "https"],
      ["X_Real_IP", "6.6.6.6"],
      ["X_Svc_Role", "owner"],
      ["x-SVC-user-ID", "attacker"],
      ["X-Svc_User_Email", "evil@example.com"],
    ];
    const res = await appRequest(service.url, leak.publicHost, "/", { rawHeaders: forged });
    expect(res.status).toBe(200);
    const seen = received(res).filter(([n]) => /^x[-_](forwarded|real|svc)/.test(n));
    expect(seen).toEqual([
      ["x-forwarded-for", "127.0.0.1"],
      ["x-forwarded-proto", "http"],
      ["x-forwarded-host", leak.publicHost],
    ]);
  });
});
