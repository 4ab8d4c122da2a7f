/**
 * The house's import boundaries (docs/ARCHITECTURE.md), checked by `npm run lint:deps` in `npm test` and CI.
 * The arrows point down: pages -> features -> components / services / lib / store / i18n -> contract / shared;
 * server modules -> http / db / services -> contract / shared. A feature's face for the others is the files at
 * its root (api.ts, stores, helpers) and its components/ folder; its screen folders are its insides.
 */
const app = '^src/'
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'an import cycle that runs: split the shared part out. A cycle through a type-only import is erased by the ' +
        'compiler and allowed (a type naming its user, e.g. the request context naming the live access check)',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'floor-imports-nothing-above',
      comment: 'contract/ and shared/ are the floor both sides stand on: they import no app, console or server code',
      severity: 'error',
      from: { path: '^(contract|shared)/' },
      to: { path: '^(src|console|server)/' },
    },
    {
      name: 'server-stays-server',
      comment: 'the server imports no app or console code (shared rules live in shared/)',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|console)/' },
    },
    {
      name: 'app-stays-app',
      severity: 'error',
      from: { path: app },
      to: { path: '^(server|console)/' },
    },
    {
      name: 'console-stays-console',
      severity: 'error',
      from: { path: '^console/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'page-imports-no-other-page',
      comment: 'a route file is a thin shell: it imports features and shared parts, never another page folder',
      severity: 'error',
      from: { path: '^src/(pages[0-9]*/[^/]+)/' },
      to: { path: '^src/pages[0-9]*/', pathNot: '^src/$1/' },
    },
    {
      name: 'nothing-imports-pages',
      comment: 'only the route table (app.config.ts) names pages; code outside the page folders never imports one',
      severity: 'error',
      from: { path: app, pathNot: '^src/pages[0-9]*/' },
      to: { path: '^src/pages[0-9]*/' },
    },
    {
      name: 'shared-parts-import-no-feature',
      comment: 'components, services, lib, store and i18n serve every feature: they import none',
      severity: 'error',
      from: { path: '^src/(components|services|lib|store|i18n|custom-tab-bar)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'feature-imports-only-faces',
      comment: "another feature is reached through its face (root files, components/), never its screens' insides",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/[^/]+$', '^src/features/[^/]+/components/'],
      },
    },
    {
      name: 'console-feature-imports-only-faces',
      severity: 'error',
      from: { path: '^console/src/features/([^/]+)/' },
      to: {
        path: '^console/src/features/',
        pathNot: [
          '^console/src/features/$1/',
          '^console/src/features/[^/]+/[^/]+$',
          '^console/src/features/[^/]+/components/',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.cache|\\.data)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.scss'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
