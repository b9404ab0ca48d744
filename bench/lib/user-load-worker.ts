// A worker thread running one many-user load (lib/user-load.ts) off the bench's main thread, so the
// health probe on the main thread times the server's accept queue, not the load generator's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { runUsers, type UserLoadJob } from './user-load';

parentPort?.postMessage(await runUsers(workerData as UserLoadJob));
