// Lint rules for the whole repository: TypeScript-aware, React hooks checked in the client, and the
// client's rooms and walls, the server's floors and the tools' rooms (docs/architecture.md) kept by import-x.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// --- The client's rooms and walls (docs/architecture.md; .dependency-cruiser.mjs says the same) -------
// Paths are relative to this file, whatever directory eslint runs from.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const CLIENT = './client/src';
const roomsOf = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const FEATURES = roomsOf(`${CLIENT}/features`);
const DATA_ROOMS = roomsOf(`${CLIENT}/data`);
const TOP_LEVEL = roomsOf(CLIENT);

/** The zones of import-x/no-restricted-paths; `tests` lets a test use a data room's testing/index.ts. */
function clientZones({ tests = false } = {}) {
  const zones = [
    ...FEATURES.map((feature) => ({
      target: `${CLIENT}/features/${feature}`,
      from: `${CLIENT}/features`,
      except: [`./${feature}`, ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
      message: "A feature imports another feature only through that feature's index.ts.",
    })),
    {
      target: `${CLIENT}/!(app)/**`,
      from: `${CLIENT}/app`,
      message: 'app/ composes everything: only main.tsx imports it.',
    },
    {
      target: [`${CLIENT}/components`, `${CLIENT}/lib`],
      from: [`${CLIENT}/features`, `${CLIENT}/data`, `${CLIENT}/app`],
      message: 'components/ and lib/ are shared by everything above them: they import no feature, data or app module.',
    },
    {
      target: `${CLIENT}/data`,
      from: [`${CLIENT}/features`, `${CLIENT}/app`],
      message: 'data/ serves the features: it imports no feature or app module.',
    },
    ...DATA_ROOMS.map((room) => ({
      target: [...TOP_LEVEL.filter((dir) => dir !== 'data').map((dir) => `${CLIENT}/${dir}`), `${CLIENT}/main.tsx`],
      from: `${CLIENT}/data/${room}`,
      except: tests ? ['./index.ts', './testing/index.ts'] : ['./index.ts'],
      message: `Outside data/${room}, import only its index.ts${tests ? ' (or, in tests, its testing/index.ts)' : ''}.`,
    })),
    // Another data room may also use a room's face for web workers, worker-safe.ts.
    ...DATA_ROOMS.map((room) => ({
      target: DATA_ROOMS.filter((other) => other !== room).map((other) => `${CLIENT}/data/${other}`),
      from: `${CLIENT}/data/${room}`,
      except: tests ? ['./index.ts', './worker-safe.ts', './testing/index.ts'] : ['./index.ts', './worker-safe.ts'],
      message: `Another data room imports data/${room} only through its index.ts or, for code run in a worker, its worker-safe.ts${tests ? ' (or, in tests, its testing/index.ts)' : ''}.`,
    })),
  ];
  zones.push({ target: './client', from: './server', message: 'The client never imports the server.' });
  return zones;
}

// --- The server's floors (docs/architecture.md; .dependency-cruiser.mjs says the same) -----------------
// db/, config, secrets <- identity/ <- http/ (the request kernel) <- surfaces <- app.ts <- main.ts.
const SERVER = './server/src';
/** Every folder of server/src that is not a floor below the surfaces is a surface: a new one is walled in at once. */
const SERVER_FLOORS = ['db', 'http', 'identity', 'startup'];
const SURFACES = roomsOf(SERVER).filter((dir) => !SERVER_FLOORS.includes(dir));
const BELOW_SURFACES = [
  `${SERVER}/http`,
  `${SERVER}/identity`,
  `${SERVER}/db`,
  `${SERVER}/config.ts`,
  `${SERVER}/secrets.ts`,
];

const serverZones = () => [
  ...SURFACES.map((surface) => ({
    target: `${SERVER}/${surface}`,
    from: SURFACES.filter((other) => other !== surface).map((other) => `${SERVER}/${other}`),
    message: 'A surface never imports another surface: move what both need down into http/ (the kernel) or identity/.',
  })),
  {
    target: BELOW_SURFACES,
    from: [...SURFACES.map((surface) => `${SERVER}/${surface}`), `${SERVER}/app.ts`, `${SERVER}/main.ts`],
    message:
      'The kernel (http/) and the floors below it serve the surfaces: they import no surface, app.ts or main.ts.',
  },
  {
    target: [`${SERVER}/identity`, `${SERVER}/db`, `${SERVER}/config.ts`, `${SERVER}/secrets.ts`],
    from: `${SERVER}/http`,
    message: 'identity/ and db/ sit below the request kernel: no HTTP there.',
  },
  {
    target: [`${SERVER}/db`, `${SERVER}/config.ts`],
    from: [`${SERVER}/identity`, `${SERVER}/secrets.ts`],
    message: 'db/ and config.ts are the bottom floor.',
  },
  {
    target: [`${SERVER}/!(main).ts`, `${SERVER}/*/**`],
    from: `${SERVER}/app.ts`,
    message: 'app.ts composes the server: only main.ts (and tests) import it.',
  },
];

// --- The tools' rooms (docs/architecture.md) -----------------------------------------------------------
// The bench, the evals, the build plugins and the npm scripts' entry points reach the app only through its
// faces: the server as `npm start` runs it (scripts/start.mjs), the test kit (test/kit/), core's shared
// types. An import of the server's or the client's source would break silently when their insides move.
const TOOL_ROOMS = ['./bench', './evals', './build', './scripts'];
const toolZones = () => [
  {
    target: TOOL_ROOMS,
    from: SERVER,
    message:
      "Tools reach the server through its entry point (scripts/start.mjs, bench/lib/sprout.ts) or test/kit/, never server/src's modules.",
  },
  {
    target: TOOL_ROOMS,
    from: CLIENT,
    message:
      "Tools reach the client through the built app in a browser, and its data's shape through core/, never client/src's modules.",
  },
];

const TEST_FILES = ['client/**/*.test.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.{js,mjs,ts}',
      'evals/**/*.ts',
      'build/**/*.{js,mjs,ts}',
      'e2e/**/*.ts',
      'test/**/*.ts',
      '*.{js,ts,mjs}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // core/ is shared by browser and server: keep it free of either environment's globals.
    files: ['core/**/*.ts'],
    languageOptions: { globals: {} },
  },
  {
    // Tools and test support print what a person running them reads (seeds, figures, progress).
    files: ['scripts/**', 'bench/**', 'evals/**', 'build/**', 'e2e/**', 'test/**', 'server/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: clientZones() }],
    },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: serverZones() }],
    },
  },
  {
    files: ['bench/**/*.{ts,tsx,mjs,js}', 'evals/**/*.ts', 'build/**/*.{ts,mjs,js}', 'scripts/**/*.{ts,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: toolZones() }] },
  },
  {
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: clientZones({ tests: true }) }] },
  },
);
