// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SettingsPage } from "~/components/pages/SettingsPage";
import type { TenantView } from "~/lib/view-types";
import { account, trpcFetch } from "./fixtures";

beforeEach(() => vi.stubGlobal("fetch", trpcFetch(() => ({ available: true })).fetch));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSettings(workspace: Partial<TenantView>, action = () => json({ intent: "rename", ok: true })) {
  const Stub = createRemixStub([
    {
      path: "/settings",
      Component: SettingsPage,
      loader: () => json({ account: account({ workspace }), urlPrefix: "app.example.com/" }),
      action,
    },
  ]);
  render(<Stub initialEntries={["/settings"]} />);
}

describe("workspace settings", () => {
  it("warns that the URL can be changed once and enables the change only for a new value", async () => {
    renderSettings({ slugChosen: false });
    const card = await screen.findByRole("region", { name: "Workspace URL" });
    expect(within(card).getByRole("note").textContent).toContain("You can change your workspace URL once; after that it is locked.");
    const field = within(card).getByRole("textbox", { name: "Workspace URL" }) as HTMLInputElement;
    const button = within(card).getByRole("button", { name: "Change URL" }) as HTMLButtonElement;
    expect(field.disabled).toBe(false);
    expect(field.value).toBe("acme-robotics");
    expect(button.disabled).toBe(true);
    fireEvent.change(field, { target: { value: "acme-labs" } });
    // Re-queried: the card may render the button anew as the live check moves on.
    // The check waits out its 300 ms debounce first: testing-library's 1 s default left a loaded
    // CI machine too little room, so the wait (not the assertion) is given 5 s.
    await waitFor(() => expect((within(card).getByRole("button", { name: "Change URL" }) as HTMLButtonElement).disabled).toBe(false), { timeout: 5_000 });
    expect(await within(card).findByText("acme-labs is available", {}, { timeout: 5_000 })).toBeTruthy();
    expect((within(card).getByRole("button", { name: "Change URL" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("locks the URL field once the slug has been chosen", async () => {
    renderSettings({ slugChosen: true, slug: "acme-labs" });
    const card = await screen.findByRole("region", { name: "Workspace URL" });
    expect(within(card).getByText("This URL is locked")).toBeTruthy();
    expect(within(card).queryByText(/You can change your workspace URL once/)).toBeNull();
    const field = within(card).getByRole("textbox", { name: "Workspace URL" }) as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect(field.value).toBe("acme-labs");
    expect(within(card).queryByRole("button", { name: "Change URL" })).toBeNull();
  });

  it("shows a rename error inline beside the name field", async () => {
    renderSettings({}, () =>
      json({ intent: "rename", ok: false, fieldErrors: { name: "Workspace name must be 1-100 characters" } }, { status: 400 }),
    );
    const card = await screen.findByRole("region", { name: "General" });
    fireEvent.click(within(card).getByRole("button", { name: "Save name" }));
    const alert = await within(card).findByRole("alert");
    expect(alert.textContent).toBe("Workspace name must be 1-100 characters");
    expect(within(card).getByRole("textbox", { name: "Workspace name" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the current logo with a remove button, previews a picked file and shows the server's refusal", async () => {
    // A subclass, not the real URL changed in place: test files share a worker (isolate: false).
    vi.stubGlobal("URL", class extends URL { static override createObjectURL = () => "blob:preview-1"; static override revokeObjectURL = () => {}; });
    renderSettings({ logoUrl: "http://127.0.0.1/storage/v1/object/public/avatars/tenant/t/logo.png" });
    const card = await screen.findByRole("region", { name: "Logo" });
    const image = within(card).getByRole("img", { name: "Workspace logo" });
    expect(image.getAttribute("src")).toBe("http://127.0.0.1/storage/v1/object/public/avatars/tenant/t/logo.png");
    expect(within(card).getByRole("button", { name: "Remove logo" })).toBeTruthy();

    const uploads: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      uploads.push(String(input));
      return new Response(JSON.stringify({ message: "Use JPEG, PNG, WebP, or GIF" }), { status: 400, headers: { "content-type": "application/json" } });
    });
    const file = new File(["not really a png"], "logo.png", { type: "image/png" });
    fireEvent.change(within(card).getByLabelText("Choose a new logo"), { target: { files: [file] } });
    expect(image.getAttribute("src")).toBe("blob:preview-1");
    expect(within(card).getByText("Preview")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Upload logo" }));
    expect((await within(card).findByRole("alert")).textContent).toBe("Use JPEG, PNG, WebP, or GIF");
    expect(uploads).toEqual(["/api/tenants/me/logo"]);
  });
});
