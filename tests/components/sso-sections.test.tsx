// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DomainsSection } from "~/components/sso/DomainsSection";
import { ScimSection } from "~/components/sso/ScimSection";

afterEach(cleanup);

function renderSections(domains: () => Response, scim: () => Response) {
  const Stub = createRemixStub([
    { path: "/settings/sso", Component: () => (<><DomainsSection /><ScimSection /></>) },
    { path: "/settings/sso/domains", loader: domains },
    { path: "/settings/sso/scim", loader: scim },
  ]);
  render(<Stub initialEntries={["/settings/sso"]} />);
}

/** The Single sign-on page's sections on their own (ADR 087): they load themselves, and say a refusal as its sentence. */
describe("the Single sign-on page's sections", () => {
  it("a refused load (a member's 403) is the sentence, with no form to fill", async () => {
    renderSections(
      () => json({ ok: false, error: "Only the workspace owner can manage domains" }, { status: 403 }),
      () => json({ ok: false, error: "Only the workspace owner can manage members" }, { status: 403 }),
    );
    const domains = await screen.findByRole("region", { name: "Email domains" });
    expect((await within(domains).findByRole("alert")).textContent).toBe("Only the workspace owner can manage domains");
    expect(within(domains).queryByRole("button", { name: "Claim domain" })).toBeNull();
    const scim = screen.getByRole("region", { name: "SCIM provisioning" });
    expect((await within(scim).findByRole("alert")).textContent).toBe("Only the workspace owner can manage members");
    expect(within(scim).queryByRole("button", { name: "Create SCIM token" })).toBeNull();
  });

  it("an unverified domain shows the TXT record to create; a verified one does not", async () => {
    const domain = (name: string, verified: boolean) => ({
      id: `00000000-0000-4000-8000-00000000000${verified ? 1 : 2}`,
      domain: name,
      txtRecordName: `_svc-verification.${name}`,
      txtRecordValue: `svc-verification=token-of-${name}`,
      verifiedAt: verified ? "2026-11-29T04:00:00.000Z" : null,
      verifiedBy: verified ? "dns" : null,
      createdAt: "2026-11-29T03:00:00.000Z",
    });
    renderSections(
      () => json({ ok: true, data: [domain("done.example", true), domain("todo.example", false)] }),
      () => json({ ok: true, data: { baseUrl: "https://svc.example/scim/v2", tokens: [], groups: [] } }),
    );
    const rows = await screen.findAllByTestId("workspace-domain");
    expect(rows.map((row) => within(row).queryByTestId("txt-record-value")?.textContent ?? null)).toEqual([null, "svc-verification=token-of-todo.example"]);
    expect(within(rows[1]!).getByTestId("txt-record-name").textContent).toBe("_svc-verification.todo.example");
    expect(within(rows[0]!).queryByRole("button", { name: "Verify done.example" })).toBeNull();
    expect(within(rows[1]!).getByRole("button", { name: "Verify todo.example" })).toBeTruthy();
    expect((await screen.findByTestId("scim-base-url")).textContent).toBe("https://svc.example/scim/v2");
    expect(screen.getByText("No SCIM tokens yet.")).toBeTruthy();
  });
});
