// @vitest-environment jsdom
import { json, redirect } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AppsPage } from "~/components/pages/AppsPage";
import { creditsLabel, formatCredits } from "~/lib/format";
import type { AccountView, AppView } from "~/lib/view-types";
import { account } from "./fixtures";

afterEach(cleanup);

const apps: AppView[] = [
  { id: "c1c1c1c1-0000-4000-8000-000000000001", name: "CLI", kind: "cli", createdAt: "2026-01-15T10:00:00.000Z" },
  { id: "a1a1a1a1-0000-4000-8000-000000000002", name: "Billing worker", kind: "app", createdAt: "2026-01-16T10:00:00.000Z" },
];

function renderApps(header: Partial<AccountView>) {
  const Stub = createRemixStub([
    {
      path: "/apps",
      Component: AppsPage,
      loader: () => json({ account: { ...account(), ...header }, apps }),
      action: async ({ request }) => {
        const name = String((await request.formData()).get("name")).trim();
        if (!name) return json({ intent: "create", ok: false, fieldErrors: { name: "App name must be 1-100 characters" }, values: { name } }, { status: 400 });
        return redirect("/apps/new-app-id");
      },
    },
    { path: "/apps/:appId", Component: () => <h1>App page</h1> },
  ]);
  render(<Stub initialEntries={["/apps"]} />);
}

describe("apps and the header", () => {
  it("shows the workspace balance in the header; the Admin link only for administrators", async () => {
    renderApps({ balance: "100.000000", isAdmin: false });
    const banner = await screen.findByRole("banner");
    expect(within(banner).getByTestId("header-balance").textContent).toBe("100.00 credits");
    const nav = within(banner).getByRole("navigation", { name: "Main" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["Overview", "Apps", "Connections", "API Keys", "Credits", "Deployments", "Members", "Audit log", "Settings", "Profile"]);
    expect(within(banner).getByTestId("header-role").textContent).toBe("owner");

    cleanup();
    renderApps({ balance: "1234567.125000", isAdmin: true });
    const adminBanner = await screen.findByRole("banner");
    expect(within(adminBanner).getByTestId("header-balance").textContent).toBe("1,234,567.125 credits");
    expect(within(adminBanner).getByRole("link", { name: "Admin" }).getAttribute("href")).toBe("/admin/credits");
  });

  it("shows a viewer their role, the other workspaces to switch to, and no Settings", async () => {
    renderApps({
      ...account({ role: "viewer" }),
      workspaces: [
        { id: "5b0c3b5e-8f4e-4f7b-9a53-5d1c0d6b2a11", name: "Acme Robotics", role: "viewer" },
        { id: "9f9f9f9f-0000-4000-8000-000000000009", name: "Side Project", role: "owner" },
      ],
    });
    const banner = await screen.findByRole("banner");
    expect(within(banner).getByTestId("header-role").textContent).toBe("viewer");
    const nav = within(banner).getByRole("navigation", { name: "Main" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["Overview", "Apps", "Connections", "API Keys", "Credits", "Deployments", "Members", "Profile"]);
    const choice = within(banner).getByRole("menuitem", { name: /Side Project/ });
    const form = choice.closest("form")!;
    expect(form.getAttribute("action")).toBe("/workspace");
    expect((form.querySelector('input[name="tenantId"]') as HTMLInputElement).value).toBe("9f9f9f9f-0000-4000-8000-000000000009");
    expect(within(banner).queryByRole("menuitem", { name: "Create your own workspace" })).toBeNull();
  });

  it("lists apps with a kind badge and links to each", async () => {
    renderApps({});
    const row = (await screen.findByRole("link", { name: "Billing worker" })).closest("tr")!;
    expect(within(row).getByText("app")).toBeTruthy();
    expect(within(row).getByText("Jan 16, 2026")).toBeTruthy();
    expect(within(screen.getByRole("link", { name: "CLI" }).closest("tr")!).getByText("cli")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Billing worker" }).getAttribute("href")).toBe(`/apps/${apps[1]!.id}`);
  });

  it("shows the name rule inline, then opens the new app", async () => {
    renderApps({});
    const card = await screen.findByRole("region", { name: "Create an app" });
    fireEvent.change(within(card).getByRole("textbox", { name: "App name" }), { target: { value: "   " } });
    fireEvent.click(within(card).getByRole("button", { name: "Create app" }));
    expect((await within(card).findByRole("alert")).textContent).toBe("App name must be 1-100 characters");
    fireEvent.change(within(card).getByRole("textbox", { name: "App name" }), { target: { value: "Reports" } });
    fireEvent.click(within(card).getByRole("button", { name: "Create app" }));
    expect(await screen.findByRole("heading", { name: "App page" })).toBeTruthy();
  });
});

describe("credit display", () => {
  it.each([
    ["100.000000", "100.00"],
    ["0.000000", "0.00"],
    ["12.500000", "12.50"],
    ["0.005000", "0.005"],
    ["1234.123456", "1,234.123456"],
    ["-3.100000", "-3.10"],
    ["9007199254740993.000001", "9,007,199,254,740,993.000001"],
  ])("formats %s as %s", (input, shown) => {
    expect(formatCredits(input)).toBe(shown);
  });
  it("labels credits", () => expect(creditsLabel("5.000000")).toBe("5.00 credits"));
});
