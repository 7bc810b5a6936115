// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { AppShell } from "~/components/AppShell";
import { actBeforeEffects } from "./before-effects";
import { account } from "./fixtures";

// The page arrives by a router update outside React's act(), as in a browser: React paints it
// first and runs its effects a task later. A click on a header menu landing in between must
// open it, not be undone by the effect that closes menus on a new location.
let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

it("opens the Admin menu for a click made before the page's effects ran", async () => {
  const Stub = createRemixStub([
    { path: "/apps", Component: () => <AppShell account={{ ...account(), isAdmin: true }}>page</AppShell>, loader: () => json({}) },
  ]);
  const clicked = await actBeforeEffects(
    Stub,
    "/apps",
    (container) => [...container.querySelectorAll("button")].find((element) => element.textContent?.trim() === "Admin"),
    (button) => fireEvent.click(button),
  );
  unmount = clicked.unmount;
  expect(clicked.element.isConnected).toBe(true);
  expect(clicked.element.getAttribute("aria-expanded")).toBe("true");
});
