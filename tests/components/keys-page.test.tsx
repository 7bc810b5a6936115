// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KeysPage } from "~/components/pages/KeysPage";
import type { AppView, KeyView } from "~/lib/view-types";
import { account } from "./fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const apps: AppView[] = [
  { id: "c1c1c1c1-0000-4000-8000-000000000001", name: "CLI", kind: "cli", createdAt: "2026-01-15T10:00:00.000Z" },
  { id: "a1a1a1a1-0000-4000-8000-000000000002", name: "Billing worker", kind: "app", createdAt: "2026-01-16T10:00:00.000Z" },
];

const cliKey: KeyView = {
  id: "k0000000-0000-4000-8000-000000000001",
  name: null,
  prefix: "svc_sk_AbC123",
  appId: apps[0]!.id,
  appName: "CLI",
  purpose: "cli",
  issuedBy: "ada@example.com",
  createdAt: "2026-02-01T09:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};

const NEW_KEY = "svc_sk_NeWkEy0000000000000000000000000000000000000";

function renderKeys() {
  const keys: KeyView[] = [cliKey];
  const submissions: Array<Record<string, string>> = [];
  const Stub = createRemixStub([
    {
      path: "/keys",
      Component: KeysPage,
      loader: () => json({ account: account(), keys: [...keys], apps }),
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        submissions.push(form);
        if (form.intent === "create") {
          const id = "k0000000-0000-4000-8000-000000000002";
          const name = form.name || null;
          keys.unshift({ ...cliKey, id, name, prefix: NEW_KEY.slice(0, 13), appId: form.appId!, appName: "Billing worker", purpose: "app" });
          return json({ intent: "create", ok: true, created: { id, name, apiKey: NEW_KEY, prefix: NEW_KEY.slice(0, 13), appId: form.appId } });
        }
        keys[keys.findIndex((key) => key.id === form.keyId)]!.revokedAt = "2026-02-02T09:00:00.000Z";
        return json({ intent: "revoke", ok: true });
      },
    },
  ]);
  render(<Stub initialEntries={["/keys"]} />);
  return submissions;
}

describe("API keys panel", () => {
  it("lists keys by prefix with app, issuer, never-used and status", async () => {
    renderKeys();
    const row = (await screen.findByText("svc_sk_AbC123…")).closest("tr")!;
    // A key from before names existed says so instead of showing nothing.
    expect(within(row).getByText("Unnamed key")).toBeTruthy();
    expect(within(row).getByText("CLI", { selector: ".badge" })).toBeTruthy();
    expect(within(row).getByText("ada@example.com")).toBeTruthy();
    expect(within(row).getByText("never")).toBeTruthy();
    expect(within(row).getByText("active")).toBeTruthy();
    // Only ordinary apps are offered for a new key; CLI keys come from `svc login`.
    const select = screen.getByRole("combobox", { name: "App" });
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["Billing worker"]);
  });

  it("shows a newly created key once, with a copy button and a warning", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const submissions = renderKeys();
    fireEvent.change(await screen.findByRole("textbox", { name: "Name" }), { target: { value: "Nightly job" } });
    fireEvent.click(await screen.findByRole("button", { name: "Create key" }));

    const box = await screen.findByRole("region", { name: "New API key" });
    expect(within(box).getByTestId("new-api-key").textContent).toBe(NEW_KEY);
    expect(within(box).getByText(/only time it is shown/)).toBeTruthy();
    expect(within(box).getByText("Your new key for Nightly job (Billing worker)")).toBeTruthy();
    expect(submissions).toEqual([{ intent: "create", name: "Nightly job", appId: apps[1]!.id }]);

    fireEvent.click(within(box).getByRole("button", { name: "Copy" }));
    expect(await within(box).findByText("Copied to clipboard")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(NEW_KEY);

    // The list shows the new key by prefix only; the full key appears nowhere else.
    const newRow = (await screen.findByText(`${NEW_KEY.slice(0, 13)}…`)).closest("tr")!;
    expect(within(newRow).getByText("Nightly job")).toBeTruthy();
    expect(screen.getAllByText(NEW_KEY)).toHaveLength(1);

    fireEvent.click(within(box).getByRole("button", { name: "I have saved it" }));
    expect(screen.queryByRole("region", { name: "New API key" })).toBeNull();
    expect(screen.queryByText(NEW_KEY)).toBeNull();
  });

  it("revokes a key only after a second, separate confirmation", async () => {
    const submissions = renderKeys();
    const row = (await screen.findByText("svc_sk_AbC123…")).closest("tr")!;
    fireEvent.click(within(row).getByRole("button", { name: "Revoke key svc_sk_AbC123" }));
    expect(submissions).toEqual([]);
    const confirm = within(row).getByRole("group", { name: "Confirm: revoke key svc_sk_AbC123" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(within(row).queryByRole("group")).toBeNull();

    fireEvent.click(within(row).getByRole("button", { name: "Revoke key svc_sk_AbC123" }));
    fireEvent.click(within(row).getByRole("button", { name: "Confirm revoke" }));
    expect(await within(row).findByText("revoked")).toBeTruthy();
    expect(submissions).toEqual([{ intent: "revoke", keyId: cliKey.id }]);
    expect(within(row).queryByRole("button")).toBeNull();
  });
});
