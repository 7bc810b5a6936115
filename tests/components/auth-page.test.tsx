// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
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
    const discovered: string[] = [];
    const Stub = createRemixStub([
      {
        path: "/login",
        Component: () => <AuthPage mode="signIn" />,
        action: async ({ request }) => {
          submitted.push(Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>));
          return json({ error: "Invalid login credentials" }, { status: 400 });
        },
      },
      // The page asks this route whether a typed address signs in through a company provider
      // (a pause after the address looks whole); answered as for a domain without one. Without
      // it the ask was the stub's 404, which replaced the page once a busy machine let it land.
      {
        path: "/login/sso",
        action: async ({ request }) => {
          const email = String((await request.formData()).get("email"));
          discovered.push(email);
          return json({ sso: false, email });
        },
      },
    ]);
    render(<Stub initialEntries={["/login?redirectTo=%2Fsettings"]} />);
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();

    submit("ada@example.com", "wrong password", "Sign in");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Invalid login credentials");
    // The discovery asks once the typing pauses: after it, the form still says it once.
    await waitFor(() => expect(discovered).toEqual(["ada@example.com"]));
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

  describe("one \"or\" between the form and the other ways in", () => {
    const github = [{ provider: "github", label: "GitHub" }];
    const page = (mode: "signIn" | "signUp") => {
      const path = mode === "signIn" ? "/login" : "/signup";
      const Stub = createRemixStub([{ path, Component: () => <AuthPage mode={mode} upstream={github} /> }]);
      render(<Stub initialEntries={[path]} />);
    };
    const dividers = () => screen.queryAllByText("or");
    afterEach(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });

    it("on /login with passkeys and GitHub: one divider, above both", async () => {
      // A browser with WebAuthn (jsdom has none): the passkey button shows.
      (window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
      page("signIn");
      const passkey = await screen.findByRole("button", { name: "Sign in with a passkey" });
      const continueWith = screen.getByRole("link", { name: "Continue with GitHub" });
      expect(dividers()).toHaveLength(1);
      expect(dividers()[0]!.compareDocumentPosition(passkey) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(passkey.compareDocumentPosition(continueWith) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it("on /login without passkeys, and on /signup: the upstream buttons' own divider", async () => {
      page("signIn");
      expect(await screen.findByRole("link", { name: "Continue with GitHub" })).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Sign in with a passkey" })).toBeNull();
      expect(dividers()).toHaveLength(1);
      cleanup();
      page("signUp");
      expect(await screen.findByRole("link", { name: "Continue with GitHub" })).toBeTruthy();
      expect(dividers()).toHaveLength(1);
    });
  });
});

