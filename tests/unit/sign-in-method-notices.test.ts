import { describe, expect, it } from "vitest";
import { linkNotice } from "../../app/lib/sign-in-methods.server";

/** Issue 31: how the profile page says the end of a link, from the query the callback came back with. */
describe("the profile's link notices", () => {
  const at = (query: string) => linkNotice(new URL(`http://svc.test/profile?${query}`));

  it("says a link that worked, and nothing without ?linked", () => {
    expect(at("linked=github")).toEqual({ ok: true, message: "GitHub is linked. You can now sign in with it." });
    expect(at("")).toBeNull();
    expect(at("linked=<script>")).toBeNull();
  });

  it("turns GoTrue's codes into sentences", () => {
    expect(at("linked=github&error=server_error&error_code=identity_already_exists&error_description=Identity+is+already+linked+to+another+user")?.message).toBe(
      "This GitHub account is already linked to another account here. Sign in with it there and unlink it first.",
    );
    expect(at("linked=github&error=server_error&error_code=identity_already_exists&error_description=Identity+is+already+linked")?.message).toBe("This GitHub account is already linked to your account.");
    expect(at("linked=google&error=access_denied")).toEqual({ ok: false, message: "Google did not allow the link. Nothing changed." });
    expect(at("linked=github&error=server_error&error_code=unexpected_failure")?.message).toBe("GitHub could not be reached or did not answer as expected. Try again in a moment.");
    expect(at("linked=github&error=server_error")?.message).toBe("The link with GitHub could not be finished. Try again.");
  });
});
