// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent } from "@testing-library/react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, expect, it, vi } from "vitest";
import { WorkspaceUrlCard } from "~/components/WorkspaceUrlCard";
import { trpcFetch, workspace } from "./fixtures";

// The page arrives by a router update outside React's act(), as in a browser: React paints it
// first and runs its effects a task later. A keystroke landing in between must be kept.
let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  vi.unstubAllGlobals();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

it("keeps what was typed into the workspace URL before the page's effects ran", async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  vi.stubGlobal("fetch", trpcFetch(() => ({ available: true })).fetch);
  const Stub = createRemixStub([
    { path: "/settings", Component: () => <WorkspaceUrlCard workspace={workspace} urlPrefix="app.example.com/" />, loader: () => json({}) },
  ]);
  const container = document.createElement("div");
  document.body.append(container);

  // The first moment the field exists (a microtask after React wrote it), type into it.
  const typed = new Promise<HTMLInputElement>((resolve) => {
    const observer = new MutationObserver(() => {
      const field = container.querySelector<HTMLInputElement>('input[name="slug"]');
      if (!field) return;
      observer.disconnect();
      fireEvent.change(field, { target: { value: "acme-labs" } });
      resolve(field);
    });
    observer.observe(container, { childList: true, subtree: true });
  });
  root = createRoot(container);
  root.render(<Stub initialEntries={["/settings"]} />);
  const field = await typed;

  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(field.isConnected).toBe(true);
  expect(field.value).toBe("acme-labs");
  const button = container.querySelector<HTMLButtonElement>('button[form="workspace-url-form"]');
  expect(button?.textContent).toBe("Change URL");
  expect(button?.disabled).toBe(false);
});
