// `npm run admin -- <command>`: the operator's tool (server/src/ops/admin-cli.ts, README, "Operating Sprout"),
// run from the compiled server bundle, which is built first when missing or older than its sources, as
// `npm start` does.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, serverIsStale, serverOutDir } from '../build/server-bundle.mjs';

if (serverIsStale()) await buildServer();
await import(pathToFileURL(path.join(serverOutDir, 'admin.js')).href);
