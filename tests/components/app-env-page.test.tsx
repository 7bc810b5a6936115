// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AppDetailPage } from "~/components/pages/AppDetailPage";
import type { EnvVarView } from "~/lib/view-types";
import { account } from "./fixtures";

afterEach(cleanup);

const ENV_KEY_MESSAGE = "Variable names must start with a letter or underscore and use only letters, digits and underscores (at most 128)";
const app = { id: "a1a1a1a1-0000-4000-8000-000000000002", name: "Billing worker", kind: "app" as const, createdAt: "2026-01-16T10:00:00.000Z" };

function renderApp() {
  const env: EnvVarView[] = [
    { key: "API_TOKEN", kind: "user", value: "s3cret-value", updatedAt: "2026-02-01T09:00:00.000Z" },
    { key: "GITHUB_TOKEN", kind: "integration", value: "gho_integration", updatedAt: "2026-02-01T09:00:00.000Z" },
  ];
  const submissions: Array<Record<string, string>> = [];
  const Stub = createRemixStub([
    {
      path: "/apps/:appId",
      Component: AppDetailPage,
      loader: () => json({ account: account(), app, env: env.map((row) => ({ ...row })) }),
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        submissions.push(form);
        if (form.intent === "add" && !/^[A-Za-z_]\w*$/.test(form.key!)) {
          return json({ intent: "add", ok: false, fieldErrors: { key: ENV_KEY_MESSAGE }, values: { key: form.key } }, { status: 400 });
        }
        if (form.intent === "add" && form.key === "GITHUB_TOKEN") {
          return json({ intent: "add", ok: false, fieldErrors: { key: "GITHUB_TOKEN is managed by an integration" } }, { status: 409 });
        }
        if (form.intent === "delete") env.splice(env.findIndex((row) => row.key === form.key), 1);
        else {
          const existing = env.find((row) => row.key === form.key);
          if (existing) existing.value = form.value!;
          else env.push({ key: form.key!, kind: "user", value: form.value!, updatedAt: "2026-02-02T09:00:00.000Z" });
        }
        return json({ intent: form.intent, ok: true, values: { key: form.key } });
      },
    },
  ]);
  render(<Stub initialEntries={[`/apps/${app.id}`]} />);
  return submissions;
}

const rowOf = async (key: string) => (await screen.findByText(key, { selector: "th" })).closest("tr")!;

describe("app environment variables", () => {
  it("masks every value until Reveal, per row, and hides it again", async () => {
    renderApp();
    expect(await screen.findByRole("heading", { name: "Billing worker" })).toBeTruthy();
    const row = await rowOf("API_TOKEN");
    expect(within(row).getByTestId("env-value-API_TOKEN").textContent).toBe("••••••");
    expect(document.body.textContent).not.toContain("s3cret-value");
    expect(document.body.textContent).not.toContain("gho_integration");

    fireEvent.click(within(row).getByRole("button", { name: "Reveal API_TOKEN" }));
    expect(within(row).getByTestId("env-value-API_TOKEN").textContent).toBe("s3cret-value");
    // Only that row is revealed.
    expect(screen.getByTestId("env-value-GITHUB_TOKEN").textContent).toBe("••••••");

    fireEvent.click(within(row).getByRole("button", { name: "Hide API_TOKEN" }));
    expect(within(row).getByTestId("env-value-API_TOKEN").textContent).toBe("••••••");
  });

  it("shows integration variables read-only with an integration badge", async () => {
    renderApp();
    const row = await rowOf("GITHUB_TOKEN");
    expect(within(row).getByText("integration")).toBeTruthy();
    expect(within(row).getByText("Managed by an integration")).toBeTruthy();
    expect(within(row).queryByRole("button", { name: /Edit|Delete/ })).toBeNull();
    expect(within(row).getByRole("button", { name: "Reveal GITHUB_TOKEN" })).toBeTruthy();
    const user = await rowOf("API_TOKEN");
    expect(within(user).getByText("user")).toBeTruthy();
  });

  it("adds a variable, showing the key rule inline first", async () => {
    const submissions = renderApp();
    const card = await screen.findByRole("region", { name: "Add a variable" });
    fireEvent.change(within(card).getByRole("textbox", { name: "Name" }), { target: { value: "1BAD" } });
    fireEvent.change(within(card).getByRole("textbox", { name: "Value" }), { target: { value: "x" } });
    fireEvent.click(within(card).getByRole("button", { name: "Add variable" }));
    expect((await within(card).findByRole("alert")).textContent).toBe(ENV_KEY_MESSAGE);
    expect(within(card).getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(within(card).getByRole("textbox", { name: "Name" }), { target: { value: "NEW_VAR" } });
    fireEvent.change(within(card).getByRole("textbox", { name: "Value" }), { target: { value: "hello" } });
    fireEvent.click(within(card).getByRole("button", { name: "Add variable" }));
    expect(await within(card).findByText("NEW_VAR saved")).toBeTruthy();
    const row = await rowOf("NEW_VAR");
    expect(within(row).getByTestId("env-value-NEW_VAR").textContent).toBe("••••••");
    expect(submissions.at(-1)).toEqual({ intent: "add", key: "NEW_VAR", value: "hello" });
  });

  it("edits a value in place and deletes a user variable after confirming", async () => {
    const submissions = renderApp();
    let row = await rowOf("API_TOKEN");
    fireEvent.click(within(row).getByRole("button", { name: "Edit API_TOKEN" }));
    fireEvent.change(within(row).getByRole("textbox", { name: "New value for API_TOKEN" }), { target: { value: "rotated" } });
    fireEvent.click(within(row).getByRole("button", { name: "Save" }));
    await within(row).findByRole("button", { name: "Reveal API_TOKEN" });
    fireEvent.click(within(row).getByRole("button", { name: "Reveal API_TOKEN" }));
    expect(await within(row).findByText("rotated")).toBeTruthy();
    expect(submissions).toEqual([{ intent: "update", key: "API_TOKEN", value: "rotated" }]);

    row = await rowOf("API_TOKEN");
    fireEvent.click(within(row).getByRole("button", { name: "Delete API_TOKEN" }));
    fireEvent.click(within(row).getByRole("button", { name: "Confirm delete" }));
    await expect.poll(() => screen.queryByText("API_TOKEN", { selector: "th" })).toBeNull();
    expect(submissions.at(-1)).toEqual({ intent: "delete", key: "API_TOKEN" });
  });
});
