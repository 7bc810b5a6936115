// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionsPage, type ConnectionsData } from "~/components/pages/ConnectionsPage";
import type { RoleView } from "~/lib/view-types";
import { account } from "./fixtures";

afterEach(() => cleanup());

function renderConnections(role: RoleView) {
  const data: ConnectionsData = {
    account: account({ role }) as ConnectionsData["account"],
    catalog: [
      { slug: "github", name: "GitHub", description: "Repositories", logo: null, flow: "broker" },
      { slug: "supabase", name: "Supabase", description: "Postgres", logo: null, flow: "first_party" },
    ],
    connections: [
      {
        id: "c0000000-0000-4000-8000-000000000001",
        provider: "github",
        externalId: "svc_conn_abc",
        displayName: "octo@example.com",
        profile: "broker_managed",
        createdByEmail: "ada@example.com",
        createdAt: "2026-02-01T09:00:00.000Z",
        apps: [{ id: "a1", name: "Billing worker" }],
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
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["octo@example.com", "ada@example.com", "Feb 1, 2026", "Billing worker", "Disconnect"]);
    expect(within(row).getByRole("button", { name: "Disconnect GitHub octo@example.com" })).toBeTruthy();
  });

  it("viewers read: no Connect, no Disconnect", async () => {
    renderConnections("viewer");
    await screen.findByRole("list", { name: "Integrations" });
    expect(screen.queryByRole("button", { name: /^Connect / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Disconnect/ })).toBeNull();
    expect(screen.getByText("Viewers can see the catalog; members connect accounts.")).toBeTruthy();
  });
});
