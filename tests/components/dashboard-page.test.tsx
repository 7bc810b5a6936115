// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DashboardPage, dashboardNotice, type DashboardData } from "~/components/pages/DashboardPage";
import { account, workspace } from "./fixtures";

afterEach(cleanup);

/** The route's loader reads `?notice=` through `dashboardNotice` exactly like this. */
function renderDashboard(search: string) {
  const Stub = createRemixStub([
    {
      path: "/dashboard",
      Component: DashboardPage,
      loader: ({ request }) =>
        json<DashboardData>({
          account: { ...account(), workspace },
          urlPrefix: "app.example.com/",
          notice: dashboardNotice(new URL(request.url).searchParams.get("notice")),
        }),
    },
  ]);
  render(<Stub initialEntries={[`/dashboard${search}`]} />);
}

describe("dashboard notice", () => {
  it("tells a member sent away from an administrators' page why they are here", async () => {
    renderDashboard("?notice=admin-only");
    await screen.findByRole("heading", { name: "Welcome" });
    const statuses = screen.getAllByRole("status");
    expect(statuses.map((s) => s.textContent)).toEqual(["That page is for administrators of the service."]);
  });

  it("tells someone the CLI's browser login turned away to run svc login --device", async () => {
    renderDashboard("?notice=cli-admin-only");
    await screen.findByRole("heading", { name: "Welcome" });
    const statuses = screen.getAllByRole("status");
    expect(statuses.map((s) => s.textContent)).toEqual([
      "Only administrators of the service can log in the CLI from the browser. Run svc login --device in your terminal instead: every member of a workspace can.",
    ]);
  });

  it.each(["", "?notice=", "?notice=unknown", "?notice=toString", "?notice=ADMIN-ONLY"])("shows no notice for %j", async (search) => {
    renderDashboard(search);
    await screen.findByRole("heading", { name: "Welcome" });
    expect(screen.queryAllByRole("status")).toEqual([]);
    expect(screen.queryByText("That page is for administrators of the service.")).toBeNull();
  });

  it("knows only its own notices", () => {
    expect(dashboardNotice("admin-only")).toBe("admin-only");
    for (const value of [null, "", "constructor", "__proto__", "admin-only "]) expect(dashboardNotice(value)).toBeNull();
  });
});
