import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import LongFilesFirst from "./tests/support/long-files-first";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/dom-waits.ts"],
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    pool: "forks",
    // A worker runs file after file in one process instead of a new one per file: that saves
    // starting a process and re-importing vitest, playwright and the helpers for each of 184 files.
    // Suites therefore leave nothing behind: the environment and the in-process configuration
    // are restored after each (tests/support/sealed-credentials.ts), globals are stubbed with
    // vi.stubGlobal and unstubbed, and a suite's people, workspaces and browser contexts are its own.
    isolate: false,
    sequence: { sequencer: LongFilesFirst },
    // Four workers on two cores: most of a test's time is a wait on a browser, a service or
    // PostgreSQL, so two workers left the cores idle a third of the time. Measured in one
    // sitting (docs/decisions/057): 2 workers 373 s, 3 348 s, 4 323 s, 6 359 s, at the same CPU.
    maxWorkers: 4,
    // A test's budget is for its work on the busiest machine CI may be, not a speed check
    // (speed is `npm run bench`'s). On a 2-core machine at load average 10 the whole suite took
    // 1,356 s against about 430 s, and a test that starts the service three times ran past 30 s
    // there. A hang still fails, after 90 s.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the service or a browser does next (a page telling the waiting
    // CLI, a row appearing); its 1 s default is a speed check on such a machine, and a dashboard
    // that hydrated and posted in 1.2 s failed CI once. Like the DOM waits in
    // tests/support/dom-waits.ts, every poll gets 15 s; a poll that names its own timeout keeps it.
    expect: { poll: { timeout: 15_000 } },
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
