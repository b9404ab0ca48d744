// Entry point of `npm run admin` (scripts/admin.mjs runs its compiled bundle): the command line, standard
// streams and the exit code around runAdmin.
import { restrictUmask } from '../db/data-dir-permissions';
import { runAdmin } from './admin-cli';

// A backup file and a restored database are readable by this account only, as the server's own files are.
restrictUmask();

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const code = await runAdmin(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stdin: readStdin,
});
// Not waiting for stray handles (a closing pool's timers): the work is done and its output written.
process.exit(code);
