/**
 * The floors of the tree (docs/architecture.md), checked by dependency-cruiser in `npm test`:
 *   app/ -> rest/ -> server/routers, server/start -> server/<area> -> server/platform
 * Other areas, the routers, the start-up code, rest/ and app/ reach an area only through its
 * face (`server/<area>/index.ts`); platform/ modules are each public and import no area.
 * Inside the areas laid out in rooms (ADR 070), a sub-folder is reached from its area and never
 * reaches back: no import climbs out of a sub-folder into its area's other files.
 */
/** The areas laid out in rooms (ADR 070); the others join when their sub-folders stop climbing back up. */
const ROOMED_AREAS = "(identity|oauth-server|two-step)";
const AREAS = "(apps|balance|changes|connections|deployments|dev|identity|images|keys|members|oauth-server|scim|shell|storage|tenants|two-step|users|webhooks|workspace-domains)";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules (and through the faces, areas) form no circle.",
      from: { path: "^(server|rest|app)/" },
      to: { circular: true },
    },
    {
      name: "area-internals-from-another-area",
      severity: "error",
      comment: "An area, the routers and the start-up code import another area only through its face (index.ts).",
      from: { path: "^server/([^/]+)/" },
      to: { path: `^server/${AREAS}/`, pathNot: ["^server/$1/", `^server/${AREAS}/index\\.ts$`] },
    },
    {
      name: "area-internals-from-the-edge",
      severity: "error",
      comment: "rest/ and app/ import an area only through its face (index.ts).",
      from: { path: "^(rest|app)/" },
      to: { path: `^server/${AREAS}/`, pathNot: `^server/${AREAS}/index\\.ts$` },
    },
    {
      name: "no-climbing-out-of-a-sub-folder",
      severity: "error",
      comment: "A sub-folder of an area (server/<area>/<room>/) imports its own files, platform/ and other areas' faces, never its area's other files: dependencies inside an area point one way, down into the rooms (ADR 070).",
      from: { path: `^server/${ROOMED_AREAS}/([^/]+)/` },
      to: { path: "^server/$1/", pathNot: "^server/$1/$2/" },
    },
    {
      name: "platform-imports-no-area",
      severity: "error",
      comment: "platform/ is the floor under every area: it knows none of them.",
      from: { path: "^server/platform/" },
      to: { path: "^server/(?!platform/)" },
    },
    {
      name: "areas-import-no-composition",
      severity: "error",
      comment: "Areas sit under the routers and the start-up composition, never the other way round.",
      from: { path: `^server/${AREAS}/` },
      to: { path: "^server/(routers|start)/" },
    },
    {
      name: "routers-and-start-internals",
      severity: "error",
      comment: "rest/ and app/ reach the routers and the start-up code through their faces.",
      from: { path: "^(rest|app)/" },
      to: { path: "^server/(routers|start)/", pathNot: "^server/(routers|start)/index\\.ts$" },
    },
    {
      name: "server-imports-no-edge",
      severity: "error",
      comment: "The domain knows nothing of HTTP or pages.",
      from: { path: "^server/" },
      to: { path: "^(rest|app)/" },
    },
    {
      name: "edge-imports-no-orm",
      severity: "error",
      comment:
        "One road into the domain (ADR 069): rest/ reaches it through procedures (ctx.caller()) or area faces, which fork their own EntityManager; it imports no MikroORM. tests/unit/one-road-into-the-domain.test.ts checks the calls (em.fork, permission helpers).",
      from: { path: "^rest/" },
      to: { path: ["^node_modules/@mikro-orm/", "^server/platform/db/mikro-orm\\.ts$"] },
    },
    {
      name: "edge-imports-no-pages",
      severity: "error",
      from: { path: "^rest/" },
      to: { path: "^app/" },
    },
    {
      name: "no-stray-server-files",
      severity: "error",
      comment: "Every file of server/ sits on a floor: platform/, an area, routers/ or start/.",
      from: { path: "^server/[^/]+$" },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // MikroORM's packages are in the graph (not followed) only so edge-imports-no-orm can see them.
    includeOnly: "^(server|rest|app)/|^node_modules/@mikro-orm/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
