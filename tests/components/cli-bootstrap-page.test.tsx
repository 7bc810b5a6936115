// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CliBootstrapPage } from "~/components/pages/CliBootstrapPage";
import { parseBootstrapRequest } from "~/lib/loopback-callback";
import { account } from "./fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBootstrap(query: string) {
  const Stub = createRemixStub([
    {
      path: "/dev/cli-bootstrap",
      Component: CliBootstrapPage,
      loader: ({ request }) => json({ account: account(), bootstrap: parseBootstrapRequest(new URL(request.url).searchParams) }),
    },
  ]);
  render(<Stub initialEntries={[`/dev/cli-bootstrap?${query}`]} />);
}

const payload = {
  apiKey: "svc_sk_cliKey000000000000000000000000000000000000",
  tenantId: "5b0c3b5e-8f4e-4f7b-9a53-5d1c0d6b2a11",
  appId: "c1c1c1c1-0000-4000-8000-000000000001",
  email: "ada@example.com",
  issuedAt: "2026-02-01T09:00:00.000Z",
};

interface Call {
  url: string;
  init: RequestInit;
}

function stubFetch(listener: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    if (call.url === "/api/dev/personal-key") return Response.json(payload);
    return listener(call);
  });
  return calls;
}

describe("CLI login page", () => {
  it("refuses a callback that is not on this computer and offers no button", async () => {
    renderBootstrap(`cb=${encodeURIComponent("http://evil.example/done")}&mode=personal-key`);
    expect((await screen.findByRole("alert")).textContent).toContain("This link does not point at your computer");
    expect(screen.queryByRole("button", { name: "Issue API key" })).toBeNull();
  });

  it("refuses an unknown mode", async () => {
    renderBootstrap(`cb=${encodeURIComponent("http://127.0.0.1:4000/done")}&mode=session`);
    expect((await screen.findByRole("alert")).textContent).toContain("no key will be issued");
    expect(screen.queryByRole("button", { name: "Issue API key" })).toBeNull();
  });

  it("explains what happens, then issues the key and posts it only to the loopback listener", async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    renderBootstrap("cb=http://127.0.0.1:4000/done&mode=personal-key");
    const button = await screen.findByRole("button", { name: "Issue API key" });
    const page = document.body.textContent!;
    expect(page).toContain("ada@example.com");
    expect(page).toContain("Acme Robotics");
    expect(page).toContain("127.0.0.1:4000");
    expect(page).toContain("revoke the CLI keys you were issued before");

    fireEvent.click(button);
    expect(await screen.findByText("You're logged in — you can close this tab and return to your terminal.")).toBeTruthy();
    expect(calls.map((call) => [call.url, call.init.method])).toEqual([
      ["/api/dev/personal-key", "POST"],
      ["http://127.0.0.1:4000/done", "POST"],
    ]);
    expect(calls[0]!.init).toMatchObject({ headers: { "content-type": "application/json" }, body: "{}", credentials: "same-origin" });
    expect(calls[1]!.init).toMatchObject({ headers: { "content-type": "application/json" }, credentials: "omit", redirect: "error" });
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual(payload);
    // The key itself is never on the page.
    expect(document.body.textContent).not.toContain(payload.apiKey);
    expect(screen.queryByRole("button", { name: "Issue API key" })).toBeNull();
  });

  it("revokes the key and says what to do when the CLI's listener cannot be reached", async () => {
    const calls = stubFetch((call) => (call.url === "/api/dev/personal-key/revoke" ? new Response(null, { status: 204 }) : Promise.reject(new TypeError("Failed to fetch"))));
    renderBootstrap("cb=http://127.0.0.1:4000/done&mode=personal-key");
    fireEvent.click(await screen.findByRole("button", { name: "Issue API key" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not reach the svc CLI on your computer at 127.0.0.1:4000");
    expect(alert.textContent).toContain("The key issued here never reached your terminal, so it was revoked. Run svc login again");
    const revoke = calls.find((c) => c.url === "/api/dev/personal-key/revoke");
    expect(revoke?.init).toMatchObject({ method: "POST", credentials: "same-origin", body: JSON.stringify({ apiKey: payload.apiKey }) });
    expect(document.body.textContent).not.toContain(payload.apiKey);
  });

  it("says so when the undelivered key could not be revoked either", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    renderBootstrap("cb=http://127.0.0.1:4000/done&mode=personal-key");
    fireEvent.click(await screen.findByRole("button", { name: "Issue API key" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "The key issued here never reached your terminal and could not be revoked: revoke it on the API Keys page, then run svc login again",
    );
  });

  it("reports a listener's refusal and the server's own message", async () => {
    stubFetch(() => new Response("bad", { status: 400 }));
    renderBootstrap("cb=http://[::1]:4000/done&mode=personal-key");
    fireEvent.click(await screen.findByRole("button", { name: "Issue API key" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The svc CLI at [::1]:4000 refused the key (HTTP 400).");

    cleanup();
    vi.stubGlobal("fetch", async () => Response.json({ message: "Forbidden" }, { status: 403 }));
    renderBootstrap("cb=http://localhost:4000/done&mode=personal-key");
    fireEvent.click(await screen.findByRole("button", { name: "Issue API key" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Forbidden");
  });
});
