import { useLoaderData } from "@remix-run/react";
import type { AccountActivityPage, AccountView, AuthorizedApplication, PasskeyView, SignedInSession } from "~/lib/view-types";
import { AccountActivityCard } from "../AccountActivityCard";
import { AuthorizedAppsCard } from "../AuthorizedAppsCard";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
import { ImageUpload } from "../ImageUpload";
import { PasskeysCard } from "../PasskeysCard";
import { ProfileDetailsCard } from "../ProfileDetailsCard";
import { SignedInSessionsCard } from "../SignedInSessionsCard";
import { SignInCard } from "../SignInCard";
import { SignInMethodsCard } from "../SignInMethodsCard";
import { TwoStepCard } from "../TwoStepCard";
import type { TwoStepView } from "~/lib/two-step-types";
import type { SignInMethodsView } from "~/lib/sign-in-methods-types";

export interface ProfileData {
  account: AccountView;
  applications: AuthorizedApplication[];
  sessions: SignedInSession[];
  /** Null when sign-in is by a hosted identity provider, which keeps its own passkeys. */
  passkeys: PasskeyView[] | null;
  twoStep: TwoStepView;
  activity: AccountActivityPage;
  /** Null when sign-in is by a hosted identity provider (its identities are its own); absent in older stubs. */
  signInMethods?: SignInMethodsView | null;
}

export function ProfilePage() {
  const { account, applications, sessions, passkeys, twoStep, activity, signInMethods } = useLoaderData<ProfileData>();
  const { profile } = account;
  return (
    <AppShell account={account}>
      <PageHeader title="Your profile" description="Your name and photo, shown in the header and to your team." />
      {account.twoStepRequired ? (
        <div className="callout callout-warning page-notice" role="alert">
          <p className="callout-text">Your workspace requires two-step sign-in. Set it up below to open the workspace again.</p>
        </div>
      ) : null}
      {account.ssoRequired ? (
        <div className="callout callout-warning page-notice" role="alert">
          <p className="callout-text">{account.ssoRequired}</p>
        </div>
      ) : null}
      <div className="sections">
        <ProfileDetailsCard profile={profile} />
        <Card layout="split" title="Photo" description="A square photo of at least 128 × 128 pixels looks best.">
          <ImageUpload
            label="Your avatar"
            endpoint="/api/user/avatar"
            resultKey="avatarUrl"
            currentUrl={profile.avatarUrl || null}
            fallbackName={profile.displayName || profile.email}
            shape="round"
            noun="photo"
            removeIntent="clearAvatar"
          />
        </Card>
        <h2 id="security" className="sections-title">Security</h2>
        <SignInCard email={profile.email} />
        {signInMethods ? <SignInMethodsCard signInMethods={signInMethods} /> : null}
        <TwoStepCard twoStep={twoStep} />
        {passkeys ? <PasskeysCard passkeys={passkeys} /> : null}
        <SignedInSessionsCard sessions={sessions} />
        <AccountActivityCard activity={activity} />
        <AuthorizedAppsCard applications={applications} />
      </div>
    </AppShell>
  );
}
