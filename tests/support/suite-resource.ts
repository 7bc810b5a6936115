import { afterAll, beforeAll } from "vitest";

/**
 * Something a suite starts once before its tests and closes after them (a service, a browser,
 * a fake upstream), declared where the suite declares its names:
 * `const browser = suiteResource(launchBrowser, (it) => it.close());`. The value it returns
 * stands for the started thing: reading a property before the suite's beforeAll has run
 * throws, after it reads the started thing's (methods bound to it). Suites so no longer
 * repeat the `let x; beforeAll(x = await start()); afterAll(x?.close())` triple. Hooks run in
 * the order they are declared, so a suite's own beforeAll, declared after, already sees it.
 */
export function suiteResource<T extends object>(start: () => Promise<T>, close: (started: T) => unknown, timeout = 90_000): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeout);
  afterAll(async () => {
    if (started) await close(started);
  });
  const current = (): T => {
    if (!started) throw new Error("a suite resource was read before its beforeAll ran (or after it failed)");
    return started;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = current();
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    // Fakes are steered by writing their fields (`provider.mode = "deny"`): writes go to the started thing.
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * What a suite's beforeAll sets up once for its tests (people, a workspace, a deployed tool),
 * read as fields of the returned value: `const acme = suiteSetUp(() => ownerWithTool(...));`
 * then `acme.user`, `acme.tool.host` in the tests. Nothing to close: the rows stay with the
 * suite's database. Replaces a list of `let` names each assigned in one beforeAll.
 */
export function suiteSetUp<T extends object>(build: () => Promise<T>, timeout = 90_000): T {
  return suiteResource(build, () => undefined, timeout);
}
