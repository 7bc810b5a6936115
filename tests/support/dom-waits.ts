/**
 * Component tests (jsdom) wait for what React renders with testing-library's findBy/waitFor.
 * Their 1 s default is a wait, not an assertion: on a loaded 2-core CI machine a render can
 * take longer, so every wait gets 5 s. Files in the node environment skip this.
 */
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/dom");
  configure({ asyncUtilTimeout: 5_000 });
}
export {};
