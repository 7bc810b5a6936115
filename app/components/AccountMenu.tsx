import { Form, Link } from "@remix-run/react";
import { accountPages } from "~/lib/navigation";
import type { AccountView } from "~/lib/view-types";
import { Avatar } from "./Avatar";
import { HeaderMenu } from "./HeaderMenu";

/** The person's own corner of the header: their photo and name open Profile, Security, API Keys and Sign out. */
export function AccountMenu({ account }: { account: AccountView }) {
  const { profile } = account;
  const userName = profile.displayName || profile.email;
  return (
    <HeaderMenu
      id="account-menu"
      className="account"
      buttonLabel={`Your account: ${userName}`}
      label={
        <>
          <Avatar src={profile.avatarUrl || null} name={userName} size="sm" />
          <span className="account-text">
            <span className="account-name" data-testid="header-user">{userName}</span>
            {profile.displayName ? <span className="account-email">{profile.email}</span> : null}
          </span>
        </>
      }
    >
      <nav aria-label="Account">
        <ul className="menu-list">
          {accountPages(account).map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="menu-item" prefetch="intent">{item.label}</Link>
            </li>
          ))}
          <li className="menu-separated">
            <Form method="post" action="/logout">
              <button type="submit" className="menu-item">Sign out</button>
            </Form>
          </li>
        </ul>
      </nav>
    </HeaderMenu>
  );
}
