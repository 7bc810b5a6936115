// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AuthPage } from "~/components/pages/AuthPage";

afterEach(cleanup);

function submit(email: string, password: string, button: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: button }));
}

describe("sign-in and sign-up pages", () => {
  it("shows the action's credential error as one inline alert on the form", async () => {
    const submitted: Array<Record<string, string>> = [];
    const Stub = createRemixStub([
      {
        path: "/login",
        Component: () => <AuthPage mode="signIn" />,
        action: async ({ request }) => {
          submitted.push(Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>));
          return json({ error: "Invalid login credentials" }, { status: 400 });
        },
      },
    ]);
    render(<Stub initialEntries={["/login?redirectTo=%2Fsettings"]} />);
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();

    submit("ada@example.com", "wrong password", "Sign in");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Invalid login credentials");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(submitted).toEqual([{ redirectTo: "/settings", email: "ada@example.com", password: "wrong password" }]);
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/signup?redirectTo=%2Fsettings");
  });

  it("puts a field's error beside that field and marks it invalid", async () => {
    const Stub = createRemixStub([
      {
        path: "/signup",
        Component: () => <AuthPage mode="signUp" />,
        action: () => json({ error: "Password should be at least 8 characters.", field: "password" }, { status: 400 }),
      },
    ]);
    render(<Stub initialEntries={["/signup"]} />);
    submit("ada@example.com", "short", "Create account");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Password should be at least 8 characters.");
    expect(alert.className).toBe("field-error");
    const password = screen.getByLabelText("Password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-describedby")).toContain(alert.id);
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
  });
});
