import { describe, expect, it } from "vitest";
import { forwardedRequestHeaders, NEVER_FROM_A_PROVIDER, NEVER_TO_A_PROVIDER, NEVER_TO_A_TOOL, returnedRawResponseHeaders, returnedResponseHeaders } from "../../server/platform/http/header-policy";
import { parseProxyPath } from "../../server/connections/provider-proxy/proxy-path";
import { ProxyError } from "../../server/connections/provider-proxy/proxy-error";

const inbound = [
  "Host", "svc.example",
  "Connection", "keep-alive, X-Hop",
  "X-Hop", "gone",
  "Keep-Alive", "timeout=5",
  "Transfer-Encoding", "chunked",
  "Expect", "100-continue",
  "Authorization", "Bearer svc_sk_caller",
  "Cookie", "svc_app_session=secret; pref=dark",
  "X-Forwarded-For", "6.6.6.6",
  "Forwarded", "for=6.6.6.6",
  "X-Real-IP", "6.6.6.6",
  "X-Forwarded-Prefix", "/admin",
  "x_forwarded_host", "evil.example",
  "X_Real_IP", "6.6.6.6",
  "x_svc_role", "owner",
  "X-SVC-User-Id", "attacker",
  "Accept", "application/json",
  "Content-Type", "text/plain",
];

describe("the header policy of both proxies", () => {
  it("gives a provider neither the caller's credentials nor anything hop-by-hop, forwarding or X-Svc-*", () => {
    expect(forwardedRequestHeaders(inbound, { dropped: NEVER_TO_A_PROVIDER })).toEqual(["Accept", "application/json", "Content-Type", "text/plain"]);
  });

  it("gives a tool the same, but its Authorization and its cookies without ours; an upgrade keeps Connection and Upgrade", () => {
    const cookie = (value: string) => value.split("; ").filter((part) => !part.startsWith("svc_app_session=")).join("; ") || null;
    expect(forwardedRequestHeaders(inbound, { dropped: NEVER_TO_A_TOOL, cookie })).toEqual([
      "Authorization", "Bearer svc_sk_caller",
      "Cookie", "pref=dark",
      "Accept", "application/json",
      "Content-Type", "text/plain",
    ]);
    const upgrading = ["Connection", "Upgrade", "Upgrade", "websocket", "Sec-WebSocket-Key", "k"];
    expect(forwardedRequestHeaders(upgrading, { dropped: NEVER_TO_A_TOOL, upgrade: true })).toEqual(upgrading);
  });

  it("returns neither hop-by-hop headers, nor the ones Connection names, nor a provider's Set-Cookie", () => {
    const answer = ["Content-Type", "application/json", "Connection", "keep-alive, X-Private", "X-Private", "p", "Keep-Alive", "timeout=5", "Set-Cookie", "a=b", "Content-Length", "2"];
    const expected = ["Content-Type", "application/json", "Content-Length", "2"];
    expect(returnedResponseHeaders(answer, NEVER_FROM_A_PROVIDER)).toEqual(expected);
    expect(returnedRawResponseHeaders(answer.map((text) => Buffer.from(text, "latin1")), NEVER_FROM_A_PROVIDER)).toEqual(expected);
    expect(returnedRawResponseHeaders(["Connection", "close", "Set-Cookie", "a=b"].map((text) => Buffer.from(text)))).toEqual(["Set-Cookie", "a=b"]);
  });
});

describe("the provider proxy's path", () => {
  it("passes plain paths as sent and refuses dot segments, encoded slashes and backslashes", () => {
    expect(parseProxyPath("/api/proxy/supabase/v1/projects?limit=10")).toEqual({ provider: "supabase", path: "/v1/projects", search: "?limit=10" });
    expect(parseProxyPath("/api/proxy/supabase/v1/a%20b.json")).toEqual({ provider: "supabase", path: "/v1/a%20b.json", search: "" });
    expect(parseProxyPath("/api/proxy/supabase")).toEqual({ provider: "supabase", path: "/", search: "" });
    for (const bad of ["/api/proxy/supabase/v1/../x", "/api/proxy/supabase/v1/%2e%2e/x", "/api/proxy/supabase/./x", "/api/proxy/supabase/a%2Fb", "/api/proxy/supabase/a\\b", "/api/proxy/supabase/a%5Cb", "/api/proxy/supabase/%zz", "/api/proxy/supabase//evil.example/x"]) {
      const refused = parseProxyPath(bad);
      expect([bad, refused instanceof ProxyError ? refused.status : refused]).toEqual([bad, 400]);
    }
  });
});
