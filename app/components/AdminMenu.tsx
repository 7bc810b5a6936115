import { NavLink } from "@remix-run/react";
import type { NavItem } from "~/lib/navigation";
import { HeaderMenu } from "./HeaderMenu";

/** Service administration, apart from the workspace's pages: only service administrators get it. */
export function AdminMenu({ items }: { items: NavItem[] }) {
  return (
    <HeaderMenu id="admin-menu" className="admin-menu" label="Admin">
      <nav aria-label="Service administration">
        <ul className="menu-list">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="menu-item" prefetch="intent">{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </HeaderMenu>
  );
}
