/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // server/ and rest/ are bundled into build/index.js so `npm start` and `remix-serve`
  // share one copy of the domain; node_modules stay external (sharp, MikroORM, pg).
  watchPaths: ["server/**/*", "rest/**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
