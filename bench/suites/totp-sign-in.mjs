// A TOTP-verified sign-in beside a password sign-in (issue 20, Proof): what the second step
// costs a person. Sequential latency, one request at a time: a password sign-in alone
// (POST /auth/v1/token), then the same followed by GoTrue's challenge and verify with the
// code an authenticator app would show. Each code is accepted once per factor and 30-second
// step, so every sign-in uses its own person (BENCH_TOTP_PEOPLE, default 40), enrolled first.
import { Secret, TOTP } from "otpauth";

const PEOPLE = Number(process.env.BENCH_TOTP_PEOPLE ?? 40);
const PASSWORD = "correct horse battery staple";

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summary(times) {
  const sorted = Float64Array.from(times).sort();
  const round = (n) => Math.round(n * 100) / 100;
  return { signIns: times.length, latencyMs: { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? NaN) } };
}

async function call(url, path, { token, body } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The code of the current step, or of the step after the last one used (each step works once). */
function app(secret) {
  let last = -1;
  return () => {
    const step = Math.max(TOTP.counter(), last + 1);
    last = step;
    return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
  };
}

async function enrolledPerson(url, index) {
  const email = `bench-totp-${Date.now()}-${index}@example.com`;
  const session = await call(url, "/auth/v1/signup", { body: { email, password: PASSWORD } });
  const factor = await call(url, "/auth/v1/factors", { token: session.access_token, body: { factor_type: "totp", friendly_name: "bench" } });
  const code = app(factor.totp.secret);
  const challenge = await call(url, `/auth/v1/factors/${factor.id}/challenge`, { token: session.access_token });
  await call(url, `/auth/v1/factors/${factor.id}/verify`, { token: session.access_token, body: { challenge_id: challenge.id, code: code() } });
  return { email, factorId: factor.id, code };
}

const passwordSignIn = (url, email) => call(url, "/auth/v1/token?grant_type=password", { body: { email, password: PASSWORD } });

export default {
  name: "totp-sign-in",
  title: "A password sign-in, and one followed by a TOTP challenge and verify",
  async run(ctx) {
    const url = ctx.targets["npm-start"];
    const people = [];
    for (let i = 0; i < PEOPLE; i++) people.push(await enrolledPerson(url, i));
    await passwordSignIn(url, people[0].email); // warm-up

    const passwordTimes = [];
    for (const person of people) {
      const started = performance.now();
      await passwordSignIn(url, person.email);
      passwordTimes.push(performance.now() - started);
    }
    const totpTimes = [];
    for (const person of people) {
      const started = performance.now();
      const session = await passwordSignIn(url, person.email);
      const challenge = await call(url, `/auth/v1/factors/${person.factorId}/challenge`, { token: session.access_token });
      const raised = await call(url, `/auth/v1/factors/${person.factorId}/verify`, { token: session.access_token, body: { challenge_id: challenge.id, code: person.code() } });
      totpTimes.push(performance.now() - started);
      if (!raised.access_token) throw new Error("verify answered no session");
    }
    const password = summary(passwordTimes);
    const totp = summary(totpTimes);
    const ratio = Math.round((totp.latencyMs.p50 / password.latencyMs.p50) * 100) / 100;
    const lines = [
      "",
      `${this.title}: ${PEOPLE} people, one sign-in each, sequential`,
      "",
      `  password            p50 ${password.latencyMs.p50} ms  p90 ${password.latencyMs.p90} ms  p99 ${password.latencyMs.p99} ms`,
      `  password + TOTP     p50 ${totp.latencyMs.p50} ms  p90 ${totp.latencyMs.p90} ms  p99 ${totp.latencyMs.p99} ms`,
      "",
      `${"TOTP sign-in p50 / password sign-in p50".padEnd(46)} ${String(ratio).padStart(7)}  (no goal: the price of three requests instead of one)`,
    ];
    return {
      text: lines.join("\n"),
      clean: true,
      scenarios: [
        { name: "password sign-in", result: password },
        { name: "password + TOTP sign-in", result: totp },
      ],
      ratios: [],
    };
  },
};
