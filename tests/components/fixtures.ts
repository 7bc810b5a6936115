import type { AccountView, RoleView, TenantView } from "~/lib/view-types";

export const workspace: TenantView = {
  id: "5b0c3b5e-8f4e-4f7b-9a53-5d1c0d6b2a11",
  name: "Acme Robotics",
  slug: "acme-robotics",
  slugChosen: false,
  logoUrl: null,
  referralCode: "ACME1234",
  createdAt: "2026-01-15T10:00:00.000Z",
};

export function account(overrides: { workspace?: Partial<TenantView> | null; displayName?: string; role?: RoleView } = {}): AccountView {
  const current = overrides.workspace === null ? null : { ...workspace, ...overrides.workspace };
  const role = current ? (overrides.role ?? "owner") : null;
  return {
    profile: { id: "8d9a7c1e-2b3f-4c5d-8e9f-0a1b2c3d4e5f", email: "ada@example.com", displayName: overrides.displayName ?? "", avatarUrl: "" },
    workspace: current,
    role,
    workspaces: current && role ? [{ id: current.id, name: current.name, role }] : [],
  };
}

/** A fetch that answers the typed tRPC client's batched `tenants.checkSlug` like the server does. */
export function trpcFetch(answer: (slug: string) => unknown) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    calls.push(url.pathname);
    const batch = JSON.parse(url.searchParams.get("input") ?? "{}") as Record<string, { slug: string }>;
    const body = Object.values(batch).map(({ slug }) => ({ result: { data: answer(slug) } }));
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch, calls };
}
