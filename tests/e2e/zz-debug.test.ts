import { it } from "vitest";
import { startGithubFake, type GithubFake } from "../fakes/github-oauth";
import { uniqueEmail } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";
const github: GithubFake = suiteResource(() => startGithubFake("gh-client", "gh-secret"), (fake) => fake.close());
const service = suiteService(() => ({ label: "dbg", env: { EXTERNAL_GITHUB_ENABLED: "true", EXTERNAL_GITHUB_CLIENT_ID: "gh-client", EXTERNAL_GITHUB_SECRET: "gh-secret", EXTERNAL_GITHUB_URL: github.url } }));
it("dbg", async () => {
  github.control.person = { id: 77, login: "x", emails: [{ email: uniqueEmail("d"), primary: true, verified: true }] };
  const page = await (await fetch(`${service.url}/login`)).text();
  console.log("HAS BUTTON", page.includes("Continue with GitHub"));
  let r = await fetch(`${service.url}/login/upstream/github`, { method: "POST", body: new URLSearchParams({ redirectTo: "/profile" }), redirect: "manual" });
  console.log(r.status, r.headers.get("location"), r.headers.get("set-cookie"), r.status >= 400 ? await r.text() : "");
  const cookie = (r.headers.get("set-cookie") ?? "").split(";")[0];
  let url = r.headers.get("location")!;
  for (let i = 0; i < 5 && url; i++) {
    r = await fetch(new URL(url, service.url), { redirect: "manual", headers: { cookie } });
    console.log(r.status, url, "->", r.headers.get("location"), r.headers.getSetCookie?.());
    if (r.status >= 400) console.log((await r.text()).slice(0, 500));
    url = r.headers.get("location")!;
  }
}, 60000);
