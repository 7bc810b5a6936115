// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent } from "@testing-library/react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, expect, it } from "vitest";
import { AppShell } from "~/components/AppShell";
import { account } from "./fixtures";

// The page arrives by a router update outside React's act(), as in a browser: React paints it
// first and runs its effects a task later. A click on a header menu landing in between must
// open it, not be undone by the effect that closes menus on a new location.
let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

it("opens the Admin menu for a click made before the page's effects ran", async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const Stub = createRemixStub([
    { path: "/apps", Component: () => <AppShell account={{ ...account(), isAdmin: true }}>page</AppShell>, loader: () => json({}) },
  ]);
  const container = document.createElement("div");
  document.body.append(container);

  // The first moment the Admin button exists (a microtask after React wrote it), click it.
  const clicked = new Promise<HTMLButtonElement>((resolve) => {
    const observer = new MutationObserver(() => {
      const button = [...container.querySelectorAll("button")].find((element) => element.textContent?.trim() === "Admin");
      if (!button) return;
      observer.disconnect();
      fireEvent.click(button);
      resolve(button);
    });
    observer.observe(container, { childList: true, subtree: true });
  });
  root = createRoot(container);
  root.render(<Stub initialEntries={["/apps"]} />);
  const button = await clicked;

  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(button.isConnected).toBe(true);
  expect(button.getAttribute("aria-expanded")).toBe("true");
});
