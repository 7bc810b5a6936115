/** Plain shapes the loaders hand to the pages; shared by routes, components and tests. */

export interface WorkspaceView {
  id: string;
  name: string;
  slug: string;
  slugChosen: boolean;
  logoUrl: string | null;
  referralCode: string;
  createdAt: string;
}

export interface ProfileView {
  id: string;
  email: string;
  displayName: string;
  avatarUrl: string;
}

/** What every signed-in page needs for its header. */
export interface AccountView {
  profile: ProfileView;
  workspace: WorkspaceView | null;
}

export type FieldErrors = Partial<Record<string, string>>;

/** An action's answer to one form (several forms may share a route, told apart by intent). */
export interface FormResult {
  intent: string;
  ok: boolean;
  fieldErrors?: FieldErrors;
  formError?: string;
  /** The values submitted, so an error is only shown while the field still holds them. */
  values?: Record<string, string>;
}
