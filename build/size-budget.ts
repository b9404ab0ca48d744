// The first-load JS budget (issue 10): after `vite build`, sums the gzip size of the JS the browser
// fetches before /login (and / signed in) is interactive, prints the figures, and fails when one grows
// past its budget. Run by `npm run test:e2e` right after the build.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { firstLoadFiles, LOGIN_LATER, LOGIN_ROUTE, SIGNED_IN_START, type Manifest } from './first-load';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/client');

interface Budget {
  page: string;
  /** The lazily loaded route modules (and modules they load at once) that render the page. */
  routes: string[];
  maxKiB: number;
}

// The floor of issue 10 is a bare Vite + React 19 + data router + Tailwind page (95 KiB gzip); its
// goals are 125 KiB for /login and 170 KiB for / signed in. /login is one file (React, React DOM and the
// router are most of it; build/first-load-chunks.ts groups the rest; cn() is plain clsx) and loads its
// auth client only at the visitor's first interaction. / signed in is two files (first-load-chunks.ts
// groups the rest): the entry, and Dexie with the notes' data layer, the layout and the dashboard; zod,
// the sync engine, TanStack Query and the layout's dialogs, sheet, menu and tooltips load on first use,
// and the auth, REST and realtime clients once its notes are shown (lib/first-content.ts). Each budget
// keeps a few KiB of room over what the page loads now; `npm run build` prints the current sizes and the
// history is in docs/decisions.md ('The client's first load and start').
const BUDGETS: Budget[] = [
  { page: '/login', routes: [LOGIN_ROUTE], maxKiB: 120 },
  { page: '/ signed in', routes: [...SIGNED_IN_START], maxKiB: 193 },
];

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No build manifest at ${path.relative(root, manifestPath)}: run \`vite build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;

let failed = false;
for (const budget of BUDGETS) {
  const { js } = firstLoadFiles(manifest, budget.routes);
  const kib = js.reduce((sum, file) => sum + gzipSize(file), 0) / 1024;
  const over = kib > budget.maxKiB;
  failed ||= over;
  const line = `First-load JS of ${budget.page}: ${kib.toFixed(1)} KiB gzip in ${js.length} files (budget ${budget.maxKiB} KiB)`;
  if (over) {
    console.error(`${line}: OVER BUDGET`);
    const sizes = js.map((file) => ({ file, kib: gzipSize(file) / 1024 })).sort((a, b) => b.kib - a.kib);
    for (const { file, kib } of sizes.slice(0, 10)) console.error(`  ${kib.toFixed(1).padStart(6)} KiB  ${file}`);
  } else console.info(line);
}

// What /login loads later (its toaster, the auth client) must not bring the signed-in start's code: a
// module the signed-in group shares with them would put the group's chunk in their static imports
// (build/first-load-chunks.ts).
const login = new Set(firstLoadFiles(manifest, [LOGIN_ROUTE]).js);
const later = firstLoadFiles(manifest, [LOGIN_ROUTE, ...LOGIN_LATER]).js.filter((file) => !login.has(file));
const signedInOnly = firstLoadFiles(manifest, SIGNED_IN_START).js.filter((file) => !login.has(file));
const laterKiB = later.reduce((sum, file) => sum + gzipSize(file), 0) / 1024;
const pulled = later.filter((file) => signedInOnly.includes(file));
const laterLine = `JS /login loads later (toaster, auth client): ${laterKiB.toFixed(1)} KiB gzip in ${later.length} files`;
if (pulled.length > 0) {
  failed = true;
  console.error(`${laterLine}: it includes the signed-in start's ${pulled.join(', ')}`);
} else console.info(laterLine);
// The Markdown editor (issue 33) loads when an edit screen opens: its code is in neither first load, and
// its chunk (CodeMirror with the Markdown language, what it imports and no other chunk has) stays within
// 150 KiB gzip.
const EDITOR_SOURCE = 'src/features/notes/editor/markdown-editor.tsx';
const EDITOR_MAX_KIB = 150;
const editor = manifest[EDITOR_SOURCE];
if (!editor) {
  failed = true;
  console.error(`The build manifest has no entry '${EDITOR_SOURCE}'`);
} else {
  const firstLoads = new Set([...login, ...signedInOnly]);
  const own = [editor.file, ...(editor.imports ?? []).map((key) => manifest[key]!.file)].filter(
    (file) => !firstLoads.has(file),
  );
  const editorKiB = own.reduce((sum, file) => sum + gzipSize(file), 0) / 1024;
  const line = `The Markdown editor, loaded on an edit screen: ${editorKiB.toFixed(1)} KiB gzip in ${own.length} files (budget ${EDITOR_MAX_KIB} KiB)`;
  if (firstLoads.has(editor.file)) {
    failed = true;
    console.error(`${line}: it is in a first load`);
  } else if (editorKiB > EDITOR_MAX_KIB) {
    failed = true;
    console.error(`${line}: OVER BUDGET`);
  } else console.info(line);
}
process.exit(failed ? 1 : 0);
