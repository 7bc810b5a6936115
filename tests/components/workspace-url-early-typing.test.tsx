// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { TenantUrlCard } from "~/components/TenantUrlCard";
import { actBeforeEffects } from "./before-effects";
import { trpcFetch, workspace } from "./fixtures";

// The page arrives by a router update outside React's act(), as in a browser: React paints it
// first and runs its effects a task later. A keystroke landing in between must be kept.
let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  vi.unstubAllGlobals();
});

it("keeps what was typed into the workspace URL before the page's effects ran", async () => {
  vi.stubGlobal("fetch", trpcFetch(() => ({ available: true })).fetch);
  const Stub = createRemixStub([
    { path: "/settings", Component: () => <TenantUrlCard tenant={workspace} urlPrefix="app.example.com/" />, loader: () => json({}) },
  ]);
  const typed = await actBeforeEffects(
    Stub,
    "/settings",
    (container) => container.querySelector<HTMLInputElement>('input[name="slug"]'),
    (field) => fireEvent.change(field, { target: { value: "acme-labs" } }),
  );
  unmount = typed.unmount;
  expect(typed.element.isConnected).toBe(true);
  expect(typed.element.value).toBe("acme-labs");
  const button = typed.container.querySelector<HTMLButtonElement>('button[form="workspace-url-form"]');
  expect(button?.textContent).toBe("Change URL");
  expect(button?.disabled).toBe(false);
});
