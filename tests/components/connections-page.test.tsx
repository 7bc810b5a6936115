// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionsPage, type ConnectionsData } from "~/components/pages/ConnectionsPage";
import type { RoleView } from "~/lib/view-types";
import { account } from "./fixtures";

afterEach(() => cleanup());

function renderConnections(role: RoleView, options: { isAdmin?: boolean } = {}) {
  const data: ConnectionsData = {
    // As loadAccount hands it: the permission table answered for the role.
    account: { ...account({ role }), allowed: { "connections.manage": role !== "viewer" }, isAdmin: options.isAdmin ?? false } as ConnectionsData["account"],
    catalog: [
      { slug: "github", name: "GitHub", description: "Repositories", logo: null, flow: "broker", configured: true, notConfiguredReason: null, enabled: true },
      // Only an administrator's listing has disabled rows; the page never offers them.
      { slug: "notion", name: "Notion", description: "Docs", logo: null, flow: "broker", configured: true, notConfiguredReason: null, enabled: false },
      { slug: "slack", name: "Slack", description: "Channels", logo: null, flow: "broker", configured: false, notConfiguredReason: "BROKER_API_KEY is not set", enabled: true },
      { slug: "supabase", name: "Supabase", description: "Postgres", logo: null, flow: "first_party", configured: true, notConfiguredReason: null, enabled: true },
    ],
    apps: [
      { id: "a1", name: "Billing worker" },
      { id: "a2", name: "Reporter" },
    ],
    connections: [
      {
        id: "c0000000-0000-4000-8000-000000000001",
        provider: "github",
        externalId: "svc_conn_abc",
        displayName: "octo@example.com",
        profile: "broker_managed",
        status: "active",
        statusReason: null,
        statusChangedAt: "2026-02-01T09:00:00.000Z",
        createdByEmail: "ada@example.com",
        createdAt: "2026-02-01T09:00:00.000Z",
        apps: [{ id: "a1", name: "Billing worker" }],
      },
      {
        id: "c0000000-0000-4000-8000-000000000002",
        provider: "supabase",
        externalId: "svc_conn_def",
        displayName: "Acme Org",
        profile: "first_party",
        status: "needs_reauth",
        statusReason: "The provider refused the refresh (invalid_grant: the grant was revoked)",
        statusChangedAt: "2026-02-03T09:00:00.000Z",
        createdByEmail: "ada@example.com",
        createdAt: "2026-02-02T09:00:00.000Z",
        apps: [{ id: "a2", name: "Reporter" }],
      },
    ],
  };
  const Stub = createRemixStub([{ path: "/connections", Component: ConnectionsPage, loader: () => json(data) }]);
  render(<Stub initialEntries={["/connections"]} />);
}

describe("/connections", () => {
  it("lists the catalog as cards and each connection with provider, account, who, when and which apps; members get Connect and Disconnect", async () => {
    renderConnections("member");
    const cards = await screen.findByRole("list", { name: "Integrations" });
    expect(within(cards).getAllByRole("heading").map((h) => h.textContent)).toEqual(["GitHub", "Supabase"]);
    expect(screen.getByRole("button", { name: "Connect GitHub" })).toBeTruthy();
    const row = screen.getByRole("row", { name: /GitHub/ });
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["octo@example.com", "active", "ada@example.com", "Feb 1, 2026", "Billing workerUnbind", "RenameSave nameReporterBindDisconnect"]);
    expect(within(row).getByRole("button", { name: "Disconnect GitHub octo@example.com" })).toBeTruthy();
    // An active connection needs no reconnect.
    expect(within(row).queryByRole("button", { name: /^Reconnect/ })).toBeNull();
  });

  it("shows each connection's state and why it stopped working; a connection that is not active has Reconnect for members, not for viewers (issue 19)", async () => {
    renderConnections("member");
    const row = await screen.findByRole("row", { name: /Supabase/ });
    expect(within(row).getAllByRole("cell")[1]!.textContent).toBe("needs reconnect The provider refused the refresh (invalid_grant: the grant was revoked)");
    expect(within(row).getByRole("button", { name: "Reconnect Supabase Acme Org" })).toBeTruthy();
    cleanup();
    renderConnections("viewer");
    const seen = await screen.findByRole("row", { name: /Supabase/ });
    expect(within(seen).getAllByRole("cell")[1]!.textContent).toBe("needs reconnect The provider refused the refresh (invalid_grant: the grant was revoked)");
    expect(within(seen).queryByRole("button", { name: /^Reconnect/ })).toBeNull();
    expect(within(seen).queryByRole("form", { name: /^Rename/ })).toBeNull();
  });

  it("members rename a connection: two accounts of one provider are told apart by their names", async () => {
    renderConnections("member");
    const row = await screen.findByRole("row", { name: /Supabase/ });
    const form = within(row).getByRole("form", { name: "Rename Supabase Acme Org" });
    expect((within(form).getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("Acme Org");
    expect(within(form).getByRole("button", { name: "Save name" })).toBeTruthy();
  });

  it("members bind a connection to another app and unbind it from one (issue 17); rows not configured are not offered", async () => {
    renderConnections("member");
    const row = await screen.findByRole("row", { name: /GitHub/ });
    expect(within(row).getByRole("button", { name: "Unbind GitHub octo@example.com from Billing worker" })).toBeTruthy();
    const bind = within(row).getByRole("form", { name: "Bind GitHub octo@example.com to an app" });
    // Only apps not bound to it yet are offered.
    expect(within(bind).getAllByRole("option").map((o) => o.textContent)).toEqual(["Reporter"]);
    expect(within(bind).getByRole("button", { name: "Bind" })).toBeTruthy();
    const cards = screen.getByRole("list", { name: "Integrations" });
    expect(within(cards).queryByRole("heading", { name: "Slack" })).toBeNull();
    expect(screen.queryByTestId("not-configured")).toBeNull(); // members are not told about the operator's work
  });

  it("administrators see which rows are not configured and why; a disabled row is not offered to them either", async () => {
    renderConnections("owner", { isAdmin: true });
    const cards = await screen.findByRole("list", { name: "Integrations" });
    expect(within(cards).getAllByRole("heading").map((h) => h.textContent)).toEqual(["GitHub", "Supabase"]);
    const note = await screen.findByTestId("not-configured");
    expect(within(note).getByRole("listitem").textContent).toBe("Slack not configured BROKER_API_KEY is not set");
  });

  it("viewers see the bindings but no form to change them", async () => {
    renderConnections("viewer");
    const row = await screen.findByRole("row", { name: /GitHub/ });
    expect(within(row).getByRole("link", { name: "Billing worker" })).toBeTruthy();
    expect(within(row).queryByRole("button", { name: /Unbind|Bind/ })).toBeNull();
    expect(within(row).queryByRole("form")).toBeNull();
  });

  it("viewers read: no Connect, no Disconnect", async () => {
    renderConnections("viewer");
    await screen.findByRole("list", { name: "Integrations" });
    expect(screen.queryByRole("button", { name: /^Connect / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Disconnect/ })).toBeNull();
    expect(screen.getByText("Viewers can see the catalog; members connect accounts.")).toBeTruthy();
  });
});
