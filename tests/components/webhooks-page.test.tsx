// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { WebhooksPage, type WebhooksData } from "~/components/pages/WebhooksPage";
import type { WebhookDeliveryView, WebhookEndpointView } from "~/lib/view-types";
import { account } from "./fixtures";

afterEach(cleanup);

const EVENT_TYPES = ["connection.created", "member.added", "member.removed"];
const enabled: WebhookEndpointView = {
  id: "e1e1e1e1-0000-4000-8000-000000000001",
  url: "https://hooks.example.com/svc",
  description: "Billing sync",
  eventTypes: [],
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  createdAt: "2026-02-01T09:00:00.000Z",
  previousSecretExpiresAt: null, updatedAt: "2026-02-01T09:00:00.000Z",
};
const gone: WebhookEndpointView = {
  ...enabled,
  id: "e1e1e1e1-0000-4000-8000-000000000002",
  url: "https://old.example.com/hook",
  description: "",
  eventTypes: ["member.added"],
  enabled: false,
  disabledAt: "2026-02-02T09:00:00.000Z",
  disabledReason: "Disabled: the endpoint answered 410 Gone",
};
const delivery: WebhookDeliveryView = {
  id: "41",
  eventId: "1207",
  eventType: "member.added",
  status: "delivered",
  nextAttemptAt: null,
  createdAt: "2026-02-01T10:00:00.000Z",
  attempts: [
    { attemptedAt: "2026-02-01T10:00:00.000Z", status: 500, latencyMs: 31, responseExcerpt: "upstream down", error: null },
    { attemptedAt: "2026-02-01T10:00:05.000Z", status: null, latencyMs: 15000, responseExcerpt: "", error: "no answer within 15 s" },
    { attemptedAt: "2026-02-01T10:05:05.000Z", status: 200, latencyMs: 12, responseExcerpt: "ok", error: null },
  ],
};
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4y1Rt2ajEk8=";

function renderPage(selectedId: string | null = null) {
  const submissions: Array<Record<string, unknown>> = [];
  const data = (): WebhooksData => ({ account: account() as WebhooksData["account"], endpoints: [enabled, gone], eventTypes: EVENT_TYPES, selectedId, deliveries: selectedId ? [delivery] : [] });
  const Stub = createRemixStub([
    {
      path: "/webhooks",
      Component: WebhooksPage,
      loader: () => json(data()),
      action: async ({ request }) => {
        const form = await request.formData();
        submissions.push({ ...Object.fromEntries(form), eventTypes: form.getAll("eventTypes") });
        if (form.get("intent") === "create") return json({ intent: "create", ok: true, created: { id: "e3", url: String(form.get("url")), secret: SECRET } });
        return json({ intent: String(form.get("intent")), ok: true });
      },
    },
  ]);
  render(<Stub initialEntries={[selectedId ? `/webhooks?endpoint=${selectedId}` : "/webhooks"]} />);
  return submissions;
}

describe("Webhooks page", () => {
  it("lists endpoints with their filter, and says why a disabled one was disabled", async () => {
    renderPage();
    const list = await screen.findByRole("list", { name: "Endpoints" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("All events")).toBeTruthy();
    expect(within(first!).getByText("Enabled")).toBeTruthy();
    expect(within(second!).getByText("member.added", { selector: "p" })).toBeTruthy();
    expect(within(second!).getByRole("status").textContent).toBe("Disabled: the endpoint answered 410 Gone. Nothing is sent until you enable it again.");
    expect(within(second!).getByRole("button", { name: "Enable https://old.example.com/hook" })).toBeTruthy();
  });

  it("adds an endpoint with the ticked events and shows its secret once", async () => {
    const submissions = renderPage();
    const create = await screen.findByRole("region", { name: "Add an endpoint" });
    fireEvent.change(within(create).getByRole("textbox", { name: "URL" }), { target: { value: "https://new.example.com/in" } });
    fireEvent.click(within(create).getByRole("checkbox", { name: "member.removed" }));
    fireEvent.click(within(create).getByRole("button", { name: "Add endpoint" }));
    const box = await screen.findByRole("region", { name: "New signing secret" });
    expect(within(box).getByTestId("new-webhook-secret").textContent).toBe(SECRET);
    expect(submissions).toEqual([{ intent: "create", url: "https://new.example.com/in", description: "", eventTypes: ["member.removed"] }]);
    fireEvent.click(within(box).getByRole("button", { name: "I have saved it" }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it("shows an endpoint's delivery log with every attempt, and resends", async () => {
    const submissions = renderPage(enabled.id);
    const log = await screen.findByRole("region", { name: "Delivery log" });
    const attempts = within(log).getByRole("table", { name: "Attempts for event 1207" });
    const rows = within(attempts).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").slice(1).map((cell) => cell.textContent))).toEqual([
      ["HTTP 500", "31 ms", "upstream down"],
      ["no answer within 15 s", "15000 ms", ""],
      ["HTTP 200", "12 ms", "ok"],
    ]);
    fireEvent.click(within(log).getByRole("button", { name: "Resend event 1207" }));
    await screen.findByRole("button", { name: "Resend event 1207" });
    expect(submissions).toEqual([{ intent: "resend", endpointId: enabled.id, deliveryId: "41", eventTypes: [] }]);
  });
});
