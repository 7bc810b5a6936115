// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ProfilePage } from "~/components/pages/ProfilePage";
import { account } from "./fixtures";

afterEach(cleanup);

/** "Recent account activity" with nothing recorded yet. */
const noActivity = { entries: [], nextCursor: null, recorded: true };

/** The profile page of a person with nothing yet, and what a test gives it besides. */
function renderProfile(data: Record<string, unknown>) {
  const Stub = createRemixStub([
    {
      path: "/profile",
      Component: ProfilePage,
      loader: () =>
        json({
          account: account({ displayName: "Ada" }),
          applications: [],
          sessions: [],
          twoStep: { available: true, enabled: false, recoveryRemaining: null, securityKeys: [] },
          activity: noActivity,
          ...data,
        }),
    },
  ]);
  render(<Stub initialEntries={["/profile"]} />);
}

describe("profile", () => {
  it("shows the display name in the header and a too-long name's error beside the field", async () => {
    let displayName = "Ada";
    const Stub = createRemixStub([
      {
        path: "/profile",
        Component: ProfilePage,
        loader: () => json({ account: account({ displayName }), applications: [], sessions: [], twoStep: { available: true, enabled: false, recoveryRemaining: null, securityKeys: [] }, activity: noActivity }),
        action: async ({ request }) => {
          const submitted = String((await request.formData()).get("displayName"));
          if (submitted.length > 120)
            return json({ intent: "profile", ok: false, fieldErrors: { displayName: "Display name must be 120 characters or less" } }, { status: 400 });
          displayName = submitted;
          return json({ intent: "profile", ok: true });
        },
      },
    ]);
    render(<Stub initialEntries={["/profile"]} />);
    const banner = await screen.findByRole("banner");
    expect(within(banner).getByText("Ada")).toBeTruthy();
    expect(within(banner).getByText("ada@example.com")).toBeTruthy();
    expect(within(within(banner).getByRole("navigation", { name: "Account" })).getByRole("button", { name: "Sign out" }).closest("form")?.getAttribute("action")).toBe("/logout");

    const field = screen.getByRole("textbox", { name: "Display name" });
    fireEvent.change(field, { target: { value: "x".repeat(121) } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Display name must be 120 characters or less");

    fireEvent.change(screen.getByRole("textbox", { name: "Display name" }), { target: { value: "Ada Lovelace" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await within(banner).findByText("Ada Lovelace")).toBeTruthy();
    expect(await screen.findByText("Profile saved")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("lists the authorized applications with their scopes and a Revoke", async () => {
    renderProfile({
      applications: [
        { grantId: "6f1d0c1e-1111-4222-8333-944444444444", clientId: "c1", clientName: "Notes app", scopes: ["openid", "email"], resources: [], authorizedAt: "2026-11-20T10:00:00.000Z", lastUsedAt: "2026-11-25T10:00:00.000Z" },
      ],
    });
    const card = await screen.findByRole("region", { name: "Authorized applications" });
    const row = within(card).getByRole("row", { name: /Notes app/ });
    expect(within(row).getByText("openid email")).toBeTruthy();
    expect(within(row).getByRole("button", { name: /Revoke/ })).toBeTruthy();
  });

  it("tells two grants of apps of the same name apart by client id and the minute each was authorized", async () => {
    const grant = { clientName: "svc CLI", scopes: ["openid"], resources: [], lastUsedAt: "2026-11-25T10:00:00.000Z" };
    renderProfile({
      applications: [
        { ...grant, grantId: "6f1d0c1e-1111-4222-8333-944444444441", clientId: "svc-cli", authorizedAt: "2026-11-20T10:00:00.000Z" },
        { ...grant, grantId: "6f1d0c1e-1111-4222-8333-944444444442", clientId: "3sN0f1rYp9", authorizedAt: "2026-11-20T10:07:00.000Z" },
      ],
    });
    const card = await screen.findByRole("region", { name: "Authorized applications" });
    const rows = within(card).getAllByRole("row", { name: /svc CLI/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("svc-cligrant 6f1d0c1eopenidNov 20, 2026, 10:00 UTC"),
      expect.stringContaining("3sN0f1rYp9grant 6f1d0c1eopenidNov 20, 2026, 10:07 UTC"),
    ]);
  });

  // Issue 28, 6: one client approved twice showed two rows with nothing to tell them apart.
  it("tells two grants of one client apart: the minute each was authorized and last used, and the grant", async () => {
    const grant = (grantId: string, authorizedAt: string, lastUsedAt: string) => ({ grantId, clientId: "svc-cli", clientName: "svc command-line client", scopes: ["openid", "email"], resources: [], authorizedAt, lastUsedAt });
    renderProfile({
      applications: [
        grant("6f1d0c1e-1111-4222-8333-944444444444", "2026-11-20T10:00:00.000Z", "2026-11-20T10:05:00.000Z"),
        grant("a0b1c2d3-1111-4222-8333-955555555555", "2026-11-20T16:42:00.000Z", "2026-11-21T08:00:00.000Z"),
      ],
    });
    const card = await screen.findByRole("region", { name: "Authorized applications" });
    const rows = within(card).getAllByRole("row", { name: /svc command-line client/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("grant 6f1d0c1eopenid emailNov 20, 2026, 10:00 UTCNov 20, 2026, 10:05 UTC"),
      expect.stringContaining("grant a0b1c2d3openid emailNov 20, 2026, 16:42 UTCNov 21, 2026, 08:00 UTC"),
    ]);
    expect(within(rows[0]!).getByRole("button", { name: /Revoke/ }).getAttribute("aria-label") ?? "").not.toBe(within(rows[1]!).getByRole("button", { name: /Revoke/ }).getAttribute("aria-label") ?? "");
  });

  it("says how many recovery codes are left when a security key is the only second step", async () => {
    renderProfile({ twoStep: { available: true, enabled: false, recoveryRemaining: 9, securityKeys: [{ id: "f1", name: "YubiKey", addedAt: "2026-11-20T10:00:00.000Z" }] } });
    const card = await screen.findByRole("region", { name: "Two-step sign-in" });
    expect(within(card).getByText(/Signing in asks for your security key\./).textContent).toBe("On Signing in asks for your security key. 9 of 10 recovery codes unused.");
  });
});

describe("profile: sign-in methods", () => {
  const password = { identityId: "11111111-1111-4111-8111-111111111111", provider: "email", label: "Email and password", email: "ada@example.com", linkedAt: "2026-11-20T10:00:00.000Z", lastUsedAt: "2026-11-25T10:00:00.000Z" };
  const github = { identityId: "22222222-2222-4222-8222-222222222222", provider: "github", label: "GitHub", email: "ada@users.github.example", linkedAt: "2026-11-21T10:00:00.000Z", lastUsedAt: null };
  const methods = (data: Record<string, unknown>) => ({ signInMethods: { methods: [password], linkable: [], linkingEnabled: true, notice: null, ...data } });

  it("lists each method with its address and an Unlink, and a Link button per provider offered", async () => {
    renderProfile(methods({ methods: [password, github], linkable: [{ provider: "google", label: "Google" }] }));
    const card = await screen.findByRole("region", { name: "Sign-in methods" });
    const row = within(card).getByRole("row", { name: /GitHub/ });
    expect(within(row).getByText("ada@users.github.example")).toBeTruthy();
    expect(within(row).getByText("Never")).toBeTruthy();
    expect(within(card).getAllByRole("button", { name: /^Unlink/ })).toHaveLength(2);
    const link = within(card).getByRole("button", { name: "Link Google" });
    const form = link.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect((form.querySelector("input[name=provider]") as HTMLInputElement).value).toBe("google");
  });

  it("offers no Unlink for the only method, and says why", async () => {
    renderProfile(methods({ linkable: [{ provider: "github", label: "GitHub" }] }));
    const card = await screen.findByRole("region", { name: "Sign-in methods" });
    expect(within(card).queryByRole("button", { name: /^Unlink/ })).toBeNull();
    expect(within(card).getByText("This is your only sign-in method, so it cannot be unlinked.")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Link GitHub" })).toBeTruthy();
  });

  it("with linking off: no Link or Unlink buttons, and a sentence", async () => {
    renderProfile(methods({ methods: [password, github], linkingEnabled: false }));
    const card = await screen.findByRole("region", { name: "Sign-in methods" });
    expect(within(card).queryByRole("button", { name: /^(Unlink|Link)/ })).toBeNull();
    expect(within(card).getByText("Linking and unlinking sign-in methods is turned off on this service.")).toBeTruthy();
  });

  it("shows how the last link ended as a sentence", async () => {
    renderProfile(methods({ notice: { ok: false, message: "This GitHub account is already linked to another account here. Sign in with it there and unlink it first." } }));
    expect((await screen.findByRole("alert")).textContent).toBe("This GitHub account is already linked to another account here. Sign in with it there and unlink it first.");
  });

  it("shows a refused unlink's sentence beside the row", async () => {
    const Stub = createRemixStub([
      {
        path: "/profile",
        Component: ProfilePage,
        loader: () =>
          json({ account: account({ displayName: "Ada" }), applications: [], sessions: [], twoStep: { available: true, enabled: false, recoveryRemaining: null, securityKeys: [] }, activity: noActivity, ...methods({ methods: [password, github] }) }),
        action: () => json({ intent: "unlinkIdentity", ok: false, formError: "This is your only way to sign in, so it cannot be unlinked. Link another sign-in method first." }, { status: 400 }),
      },
    ]);
    render(<Stub initialEntries={["/profile"]} />);
    const card = await screen.findByRole("region", { name: "Sign-in methods" });
    const row = within(card).getByRole("row", { name: /GitHub/ });
    fireEvent.click(within(row).getByRole("button", { name: "Unlink GitHub" }));
    fireEvent.click(within(row).getByRole("button", { name: "Unlink GitHub" }));
    expect((await within(row).findByRole("alert")).textContent).toBe("This is your only way to sign in, so it cannot be unlinked. Link another sign-in method first.");
  });
});
