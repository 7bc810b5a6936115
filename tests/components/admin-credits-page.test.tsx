// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AdminBalancePage } from "~/components/pages/AdminBalancePage";
import { account } from "./fixtures";

afterEach(cleanup);

const tenantId = "5b0c3b5e-8f4e-4f7b-9a53-5d1c0d6b2a11";

/** A ledger that behaves like the server's: idempotency keys write once, no overdraft. */
function renderAdmin({ rotateKeys = true } = {}) {
  let micros = 100_000_000n;
  let renders = 0;
  const applied = new Set<string>();
  const submissions: Array<Record<string, string>> = [];
  const show = (value: bigint) => `${value / 1_000_000n}.${(value % 1_000_000n).toString().padStart(6, "0")}`;
  const Stub = createRemixStub([
    {
      path: "/admin/credits",
      Component: AdminBalancePage,
      loader: () =>
        json({
          account: { ...account(), balance: show(micros), isAdmin: true },
          workspaces: [{ id: tenantId, name: "Acme Robotics", slug: "acme-robotics", balance: show(micros), idempotencyKey: `form-key-${rotateKeys ? ++renders : 1}` }],
        }),
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        submissions.push(form);
        if (!/^\d+(\.\d{1,6})?$/.test(form.amount!)) {
          return json({ intent: "adjust", ok: false, fieldErrors: { amount: "Amount must be a positive number of credits (up to 6 decimals)" } }, { status: 400 });
        }
        const delta = BigInt(form.amount!.split(".")[0]!) * 1_000_000n * (form.direction === "deduct" ? -1n : 1n);
        if (micros + delta < 0n) return json({ intent: "adjust", ok: false, fieldErrors: { amount: "Insufficient credits for this deduction" } }, { status: 400 });
        const duplicate = applied.has(form.idempotencyKey!);
        if (!duplicate) {
          applied.add(form.idempotencyKey!);
          micros += delta;
        }
        return json({ intent: "adjust", ok: true, tenantId, direction: form.direction, amount: form.amount, duplicate, balance: show(micros) });
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/credits"]} />);
  return { submissions };
}

describe("admin credits", () => {
  it("lists workspaces with balances and grants with a per-render idempotency key", async () => {
    const { submissions } = renderAdmin();
    const form = await screen.findByRole("form", { name: "Adjust credits for Acme Robotics" });
    expect(screen.getByTestId("balance-acme-robotics").textContent).toBe("100.00 credits");
    expect((form.querySelector('input[name="idempotencyKey"]') as HTMLInputElement).value).toBe("form-key-1");

    fireEvent.change(within(form).getByRole("textbox", { name: "Amount for Acme Robotics" }), { target: { value: "25" } });
    fireEvent.change(within(form).getByRole("textbox", { name: "Reference for Acme Robotics" }), { target: { value: "promo" } });
    fireEvent.click(within(form).getByRole("button", { name: "Grant" }));
    expect(await within(form).findByText("Granted 25.00 credits. New balance: 125.00 credits")).toBeTruthy();
    expect(submissions).toEqual([{ tenantId, idempotencyKey: "form-key-1", amount: "25", reference: "promo", direction: "grant" }]);
    // The page reloads its data: the new balance, in the table and the header, and a new key.
    await screen.findByText("125.00 credits", { selector: "td" });
    expect(within(screen.getByRole("banner")).getByTestId("header-balance").textContent).toBe("125.00 credits");
    expect((form.querySelector('input[name="idempotencyKey"]') as HTMLInputElement).value).toBe("form-key-2");
    expect(within(screen.getByRole("navigation", { name: "Service administration" })).getByRole("link", { name: "Credits" }).getAttribute("href")).toBe("/admin/credits");
  });

  it("reports a second submission with the same form key as already applied", async () => {
    // As when a double click sends the form twice before the page has reloaded its data.
    const { submissions } = renderAdmin({ rotateKeys: false });
    const form = await screen.findByRole("form", { name: "Adjust credits for Acme Robotics" });
    const amount = within(form).getByRole("textbox", { name: "Amount for Acme Robotics" });
    fireEvent.change(amount, { target: { value: "10" } });
    fireEvent.click(within(form).getByRole("button", { name: "Grant" }));
    await within(form).findByText("Granted 10.00 credits. New balance: 110.00 credits");
    fireEvent.change(amount, { target: { value: "10" } });
    fireEvent.click(within(form).getByRole("button", { name: "Grant" }));
    expect(await within(form).findByText("Already applied: nothing changed. Balance: 110.00 credits")).toBeTruthy();
    expect(submissions.map((form) => form.idempotencyKey)).toEqual(["form-key-1", "form-key-1"]);
  });

  it("shows a bad amount and an overdraft inline", async () => {
    renderAdmin();
    const form = await screen.findByRole("form", { name: "Adjust credits for Acme Robotics" });
    const amount = within(form).getByRole("textbox", { name: "Amount for Acme Robotics" });
    fireEvent.change(amount, { target: { value: "-5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Grant" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Amount must be a positive number of credits (up to 6 decimals)");
    expect(amount.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(amount, { target: { value: "500" } });
    fireEvent.click(within(form).getByRole("button", { name: "Deduct" }));
    expect(await within(form).findByText("Insufficient credits for this deduction")).toBeTruthy();
    expect(screen.getByTestId("balance-acme-robotics").textContent).toBe("100.00 credits");
  });
});
