// Many users at once, each like a real client: signs in with its password, then one request at a time
// on its own keep-alive connection, cycling list / insert / update / list of its notes. A request with
// no answer within the timeout counts as unanswered (issue 14 item 5), not as an error.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { NoteWritable } from '#core/note';
import { quantile } from './row';

export interface LoadUser {
  email: string;
  password: string;
}

export interface UserLoadJob {
  url: string;
  anonKey: string;
  users: LoadUser[];
  durationMs: number;
  timeoutMs: number;
}

export interface UserLoadResult {
  /** 2xx answers per second over the step (sign-ins included). */
  rps: number;
  /** Latency of the list / insert / update requests. */
  p50: number;
  p99: number;
  /** Latency of the sign-ins (an Argon2id verification each, all 200 at the start of the step). */
  signInP50: number;
  signInP99: number;
  /** Requests still unanswered after timeoutMs. */
  unanswered: number;
  /** Non-2xx answers and connection errors. */
  errors: number;
  requests: number;
}

interface Answer {
  status: number;
  body: string;
}

type Outcome = { kind: 'answer'; answer: Answer } | { kind: 'error' } | { kind: 'unanswered' };

function send(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({
            kind: 'answer',
            answer: { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') },
          });
        });
        response.on('error', () => {
          clearTimeout(timer);
          resolve({ kind: 'error' });
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ kind: 'unanswered' });
    }, timeoutMs);
    request.on('error', () => {
      clearTimeout(timer);
      resolve({ kind: 'error' });
    });
    request.end(body);
  });
}

/** Runs every user until `durationMs` has passed; requests started before then may finish up to `timeoutMs` later. */
export async function runUsers(job: UserLoadJob): Promise<UserLoadResult> {
  const latencies: number[] = [];
  const signIns: number[] = [];
  let unanswered = 0;
  let errors = 0;
  const began = performance.now();
  const deadline = began + job.durationMs;
  const base = new URL(job.url);

  await Promise.all(
    job.users.map(async (user, u) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const timed = async (
        method: string,
        path: string,
        headers: Record<string, string>,
        body?: unknown,
        into = latencies,
      ): Promise<Answer | null> => {
        const start = performance.now();
        const outcome = await send(
          agent,
          new URL(path, base),
          method,
          headers,
          body === undefined ? undefined : JSON.stringify(body),
          job.timeoutMs,
        );
        if (outcome.kind === 'unanswered') unanswered += 1;
        else if (outcome.kind === 'error' || outcome.answer.status < 200 || outcome.answer.status >= 300) errors += 1;
        else {
          into.push(performance.now() - start);
          return outcome.answer;
        }
        return null;
      };
      try {
        const json = { apikey: job.anonKey, 'content-type': 'application/json' };
        const signIn = await timed(
          'POST',
          '/auth/v1/token?grant_type=password',
          json,
          { email: user.email, password: user.password },
          signIns,
        );
        if (!signIn) return;
        const session = JSON.parse(signIn.body) as { access_token: string; user: { id: string } };
        const auth = { apikey: job.anonKey, authorization: `Bearer ${session.access_token}` };
        const mine: string[] = [];
        for (let n = u; performance.now() < deadline; n++) {
          const step = n % 4;
          if (step === 1 || (step === 2 && mine.length === 0)) {
            const now = new Date().toISOString();
            const note = {
              id: randomUUID(),
              user_id: session.user.id,
              title: `Note ${n}`,
              content: 'Written during the 200-user load, a short paragraph long.',
              created_at: now,
              updated_at: now,
              last_mutation_id: randomUUID(),
            } satisfies Partial<NoteWritable>;
            if (
              await timed(
                'POST',
                '/rest/v1/notes',
                { ...auth, 'content-type': 'application/json', prefer: 'return=representation' },
                note,
              )
            )
              mine.push(note.id);
          } else if (step === 2) {
            const id = mine[n % mine.length]!;
            await timed(
              'PATCH',
              `/rest/v1/notes?id=eq.${id}`,
              { ...auth, 'content-type': 'application/json', prefer: 'return=representation' },
              {
                title: `Edited ${n}`,
                updated_at: new Date().toISOString(),
                last_mutation_id: randomUUID(),
              } satisfies Partial<NoteWritable>,
            );
          } else {
            await timed('GET', '/rest/v1/notes?select=*&deleted_at=is.null&order=updated_at.desc&limit=50', auth);
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const seconds = job.durationMs / 1000;
  const answered = latencies.length + signIns.length;
  return {
    rps: answered / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    signInP50: quantile(signIns, 0.5),
    signInP99: quantile(signIns, 0.99),
    unanswered,
    errors,
    requests: answered + unanswered + errors,
  };
}

/** Opens a fresh TCP connection for /api/health every `everyMs` until `until`; the waits, in ms (an unanswered probe counts as `timeoutMs`). */
export async function probeHealth(url: string, until: number, everyMs = 250, timeoutMs = 60_000): Promise<number[]> {
  const waits: number[] = [];
  const target = new URL('/api/health', url);
  while (performance.now() < until) {
    const start = performance.now();
    const outcome = await send(new http.Agent({ keepAlive: false }), target, 'GET', {}, undefined, timeoutMs);
    waits.push(outcome.kind === 'unanswered' ? timeoutMs : performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return waits;
}
