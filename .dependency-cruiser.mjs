// The import graph's rules (docs/architecture.md, "Walls"), checked
// by `npm run lint` on client/, core/, server/ and test/ (`npm run deps` prints the summary). They say the same
// as the import-x/no-restricted-paths zones in eslint.config.js; this reading also sees type-only imports.
import fs from 'node:fs';

const TEST_FILE = '\\.test\\.tsx?$';

// Every folder of server/src that is not a floor below the surfaces is a surface (as in eslint.config.js).
const SERVER_FLOORS = ['db', 'http', 'identity', 'startup'];
const SURFACES = fs
  .readdirSync(new URL('./server/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SERVER_FLOORS.includes(entry.name))
  .map((entry) => entry.name);
const SURFACE = `^server/src/(${SURFACES.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module may reach itself again through its imports (type-only imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      comment: 'core/ is the domain shared by client and server: it imports neither.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(client|server)/' },
    },
    {
      name: 'client-not-server',
      comment: 'The client never imports the server (the cross-stack tests that run both live in test/).',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'nothing-imports-app',
      comment: 'app/ composes everything; only the entry point (main.tsx) imports it.',
      severity: 'error',
      from: { path: '^client/src/', pathNot: ['^client/src/app/', '^client/src/main\\.tsx$'] },
      to: { path: '^client/src/app/' },
    },
    {
      name: 'shared-stays-down',
      comment: 'components/ and lib/ are shared by everything above them: they import no feature, data or app module.',
      severity: 'error',
      from: { path: '^client/src/(components|lib)/' },
      to: { path: '^client/src/(features|data|app)/' },
    },
    {
      name: 'data-stays-down',
      comment: 'data/ serves the features: it imports no feature or app module.',
      severity: 'error',
      from: { path: '^client/src/data/' },
      to: { path: '^client/src/(features|app)/' },
    },
    {
      name: 'feature-rooms',
      comment: "A feature imports another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/' },
      to: {
        path: '^client/src/features/',
        pathNot: ['^client/src/features/$1/', '^client/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'data-faces',
      comment: 'Outside a data room, only its index.ts is imported.',
      severity: 'error',
      from: { path: '^client/src/', pathNot: ['^client/src/data/[^/]+/', TEST_FILE] },
      to: { path: '^client/src/data/[^/]+/', pathNot: ['^client/src/data/[^/]+/index\\.ts$'] },
    },
    {
      name: 'data-faces-in-tests',
      comment: "Tests outside a data room may also use its test doubles' face, testing/index.ts.",
      severity: 'error',
      from: { path: `^client/.*${TEST_FILE}`, pathNot: ['^client/src/data/[^/]+/'] },
      to: {
        path: '^client/src/data/[^/]+/',
        pathNot: ['^client/src/data/[^/]+/index\\.ts$', '^client/src/data/[^/]+/testing/index\\.ts$'],
      },
    },
    {
      name: 'data-faces-between-rooms',
      comment: 'One data room uses another only through its index.ts, or its face for web workers, worker-safe.ts.',
      severity: 'error',
      from: { path: '^client/src/data/([^/]+)/', pathNot: TEST_FILE },
      to: {
        path: '^client/src/data/[^/]+/',
        pathNot: ['^client/src/data/$1/', '^client/src/data/[^/]+/(index|worker-safe)\\.ts$'],
      },
    },
    {
      name: 'data-test-faces-between-rooms',
      comment: "A data room's tests may also use another room's test doubles, through its testing/index.ts.",
      severity: 'error',
      from: { path: '^client/src/data/([^/]+)/.*\\.test\\.tsx?$' },
      to: {
        path: '^client/src/data/[^/]+/',
        pathNot: ['^client/src/data/$1/', '^client/src/data/[^/]+/(index|worker-safe|testing/index)\\.ts$'],
      },
    },
    {
      name: 'workers-stay-lean',
      comment:
        'A web worker (*.worker.ts) loads no React, no notes session and no sync engine: a worker-safe face holds what it needs.',
      severity: 'error',
      from: { path: '\\.worker\\.ts$' },
      to: {
        path: [
          '(^|/)node_modules/(react|react-dom|react-router|dexie-react-hooks|@supabase)/',
          '^client/src/data/notes/(index|notes-context|notes-session|sync-[^/]+|queries)\\.tsx?$',
          '^client/src/data/notes/sync/',
          '^client/src/(app|features|components)/',
        ],
        reachable: true,
      },
    },
    {
      name: 'server-surfaces-apart',
      comment:
        'A server surface never imports another: what both need moves down into http/ (the kernel) or identity/.',
      severity: 'error',
      from: { path: SURFACE },
      to: { path: SURFACE, pathNot: ['^server/src/$1/'] },
    },
    {
      name: 'server-kernel-below-surfaces',
      comment:
        'The request kernel (http/) and the floors below it serve the surfaces: they import no surface, app.ts or main.ts.',
      severity: 'error',
      from: { path: ['^server/src/(http|identity|db)/', '^server/src/(config|secrets)\\.ts$'] },
      to: { path: [SURFACE, '^server/src/(app|main)\\.ts$'] },
    },
    {
      name: 'server-identity-below-kernel',
      comment: 'identity/ and db/ sit below the request kernel: no HTTP there.',
      severity: 'error',
      from: { path: ['^server/src/(identity|db)/', '^server/src/(config|secrets)\\.ts$'] },
      to: { path: '^server/src/http/' },
    },
    {
      name: 'server-db-at-bottom',
      comment: 'db/ and config.ts are the bottom floor.',
      severity: 'error',
      from: { path: ['^server/src/db/', '^server/src/config\\.ts$'] },
      to: { path: '^server/src/', pathNot: ['^server/src/db/', '^server/src/config\\.ts$'] },
    },
    {
      name: 'nothing-imports-server-app',
      comment:
        'app.ts composes the server: only main.ts, the server tests and the test kit import it (the bench starts the server as npm start does).',
      severity: 'error',
      from: { pathNot: ['^server/src/main\\.ts$', '^server/test/', '^test/'] },
      to: { path: '^server/src/app\\.ts$' },
    },
    {
      name: 'nothing-imports-server-main',
      comment:
        'main.ts runs the server: only boot.ts, the entry point of `npm start`, imports it (after starting the PGlite worker).',
      severity: 'error',
      from: { pathNot: '^server/src/boot\\.ts$' },
      to: { path: '^server/src/main\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'client/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
