// @vitest-environment jsdom
import { useSearchParams } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { useState } from "react";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DataTable } from "~/components/DataTable";
import { Field } from "~/components/Field";
import { Pager } from "~/components/Pager";
import { SaveFooter } from "~/components/SaveFooter";
import { announceActionStart } from "~/lib/fresh-success";

afterEach(cleanup);

/** Issue 10 section 3 in the shared components every page is built from. */
describe("one voice in the shared components", () => {
  it("Field: an error replaces the hint and the live status, so the problem is said once", () => {
    const { rerender } = render(<Field label="Password" name="password" hint="At least 8 characters." status={{ text: "Too short", tone: "danger" }} />);
    expect(screen.getByText("At least 8 characters.")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Too short");
    rerender(<Field label="Password" name="password" hint="At least 8 characters." status={{ text: "Too short", tone: "danger" }} error="Password should be at least 8 characters." />);
    expect(screen.queryByText("At least 8 characters.")).toBeNull();
    // The live region stays (so the next change is announced), empty.
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.getAllByText(/8 characters/)).toHaveLength(1);
    const input = screen.getByLabelText("Password");
    expect(input.getAttribute("aria-describedby")).toContain(screen.getByRole("alert").id);
    expect(input.getAttribute("aria-describedby")).not.toContain("hint");
  });

  it("DataTable: every cell but the row's title and hidden columns carries its column's name for the phone layout", async () => {
    render(
      <DataTable columns={["Key", "App", "Created", { hidden: "Actions" }]} rows={[{ id: "1" }]} empty={<p>Nothing</p>}>
        {(row) => (
          <tr key={row.id}>
            <th scope="row">k1</th>
            <td>Billing</td>
            <td>Nov 25</td>
            <td><button type="button">Revoke</button></td>
          </tr>
        )}
      </DataTable>,
    );
    const cells = screen.getAllByRole("row")[1]!.querySelectorAll("th, td");
    await waitFor(() => expect(Array.from(cells).map((cell) => (cell as HTMLElement).dataset.label ?? null)).toEqual([null, "App", "Created", null]));
  });

  it("DataTable: an empty list is the sentence and its action, not a table", () => {
    render(
      <DataTable columns={["Name"]} rows={[]} empty={<><p>No apps yet.</p><button type="button">Create an app</button></>}>
        {() => null}
      </DataTable>,
    );
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No apps yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create an app" })).toBeTruthy();
  });

  it("Pager: Older carries the next cursor, Newest appears once paged, nothing on a single page", async () => {
    const Stub = createRemixStub([{ path: "/credits", Component: () => <Pager nextCursor={useSearchParams()[0].get("n")} label="Pages" /> }]);
    render(<Stub initialEntries={["/credits?n=abc"]} />);
    const nav = await screen.findByRole("navigation", { name: "Pages" });
    expect(within(nav).getByRole("link", { name: "Older" }).getAttribute("href")).toBe("/credits?n=abc&cursor=abc");
    expect(within(nav).queryByRole("link", { name: "Newest" })).toBeNull();
    cleanup();
    const Paged = createRemixStub([{ path: "/credits", Component: () => <Pager nextCursor={null} label="Pages" /> }]);
    render(<Paged initialEntries={["/credits?cursor=abc"]} />);
    expect((await screen.findByRole("link", { name: "Newest" })).getAttribute("href")).toBe("/credits");
    cleanup();
    const Single = createRemixStub([{ path: "/credits", Component: () => <Pager nextCursor={null} label="Pages" /> }]);
    render(<Single initialEntries={["/credits"]} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("a success note clears when the next action on the page starts, and shows again for a new save", async () => {
    function Saver() {
      const [saves, setSaves] = useState(1);
      return (
        <>
          <SaveFooter formId="f" busy={false} saved result={saves} savedText="Profile saved" label="Save" />
          <button type="button" onClick={() => setSaves(saves + 1)}>Saved again</button>
        </>
      );
    }
    const Stub = createRemixStub([{ path: "/", Component: Saver }]);
    render(<Stub initialEntries={["/"]} />);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Profile saved"));
    act(() => announceActionStart()); // e.g. the photo upload begins
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(""));
    act(() => screen.getByRole("button", { name: "Saved again" }).click());
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Profile saved"));
  });
});
