// The import graph's rules (docs/architecture.md, "Rooms and walls"), checked by `npm run lint` on
// client/ and core/ (`npm run deps` prints the summary). The client rules say the same as the
// import-x/no-restricted-paths zones in eslint.config.js; this reading also sees type-only imports.
const TEST_FILE = '\\.(test|node-test)\\.tsx?$';

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
      comment: 'The client never imports the server, except the node sync tests that start the real one.',
      severity: 'error',
      from: { path: '^client/', pathNot: ['\\.node-test\\.ts$', '^client/src/data/notes/testing/real-server\\.ts$'] },
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
      to: { path: '^client/src/features/', pathNot: ['^client/src/features/$1/', '^client/src/features/[^/]+/index\\.ts$'] },
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
      from: { path: TEST_FILE, pathNot: ['^client/src/data/[^/]+/'] },
      to: { path: '^client/src/data/[^/]+/', pathNot: ['^client/src/data/[^/]+/index\\.ts$', '^client/src/data/[^/]+/testing/index\\.ts$'] },
    },
    {
      name: 'data-faces-between-rooms',
      comment: "One data room uses another only through its index.ts.",
      severity: 'error',
      from: { path: '^client/src/data/([^/]+)/' },
      to: { path: '^client/src/data/[^/]+/', pathNot: ['^client/src/data/$1/', '^client/src/data/[^/]+/index\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^server/'] },
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
