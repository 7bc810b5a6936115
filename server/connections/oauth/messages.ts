/** SPEC 4.1 / 6: a popup's final message to its opener, plus the caller's `state` (issue 7 section 2). */
export type OAuthDoneMessage = {
  type: "svc:oauth:done";
  provider: string;
  connection_id: string;
  external_id: string;
  display_name: string;
  return_url: string | null;
  state: string | null;
};

export type OAuthErrorMessage = { type: "svc:oauth:error"; code: string; detail: string; state: string | null };
