// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OnboardingPage } from "~/components/pages/OnboardingPage";
import { account, trpcFetch } from "./fixtures";

const checks = trpcFetch((slug) => {
  if (slug === "admin") return { available: false, code: "SLUG_RESERVED", error: `"${slug}" is reserved. Please choose a different workspace URL.` };
  if (slug === "taken-co") return { available: false, code: "SLUG_TAKEN" };
  if (!/^[a-z0-9][a-z0-9-]{0,18}[a-z0-9]$/.test(slug))
    return { available: false, code: "INVALID_SLUG", error: "Slug must be 2-20 characters, lowercase alphanumeric and hyphens" };
  return { available: true };
});

beforeEach(() => {
  checks.calls.length = 0;
  vi.stubGlobal("fetch", checks.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderOnboarding(action = () => json({ intent: "create", ok: true })) {
  const Stub = createRemixStub([
    {
      path: "/onboarding",
      Component: OnboardingPage,
      loader: () => json({ account: account({ workspace: null }), urlPrefix: "app.example.com/" }),
      action,
    },
  ]);
  render(<Stub initialEntries={["/onboarding"]} />);
}

describe("onboarding", () => {
  it("suggests the slug from the name and shows the live check's answer beside the field", async () => {
    renderOnboarding();
    fireEvent.change(await screen.findByRole("textbox", { name: "Workspace name" }), { target: { value: "Acme Robotics, Inc." } });
    const slug = screen.getByRole("textbox", { name: "Workspace URL" }) as HTMLInputElement;
    expect(slug.value).toBe("acme-robotics-inc");
    expect(await screen.findByText("acme-robotics-inc is available")).toBeTruthy();

    fireEvent.change(slug, { target: { value: "admin" } });
    expect(await screen.findByText('"admin" is reserved. Please choose a different workspace URL.')).toBeTruthy();
    fireEvent.change(slug, { target: { value: "taken-co" } });
    expect(await screen.findByText("This workspace URL is already taken")).toBeTruthy();
    fireEvent.change(slug, { target: { value: "-x" } });
    expect(await screen.findByText(/Slug must be 2-20 characters/)).toBeTruthy();

    // Every check went through the typed client's endpoint; an edited slug no longer follows the name.
    expect(new Set(checks.calls)).toEqual(new Set(["/api/trpc/tenants.checkSlug"]));
    fireEvent.change(screen.getByRole("textbox", { name: "Workspace name" }), { target: { value: "Other" } });
    expect(slug.value).toBe("-x");
  });

  it("shows the action's field error inline and clears it once the slug changes", async () => {
    renderOnboarding(() =>
      json(
        { intent: "create", ok: false, fieldErrors: { slug: "This workspace URL is already taken" }, values: { name: "Acme", slug: "acme" } },
        { status: 409 },
      ),
    );
    fireEvent.change(await screen.findByRole("textbox", { name: "Workspace name" }), { target: { value: "Acme" } });
    fireEvent.click(screen.getByRole("button", { name: "Create workspace" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("This workspace URL is already taken");
    const slug = screen.getByRole("textbox", { name: "Workspace URL" });
    expect(slug.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(slug, { target: { value: "acme-2" } });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
