// Load at a fixed concurrency, two ways with the same result shape: autocannon against an HTTP server,
// and an in-process loop of one async operation (the floor: the same statement with no HTTP around it).
import autocannon from 'autocannon';
import { quantile } from './row';

export interface LoadResult {
  /** Successful (2xx, or resolved) operations per second. */
  rps: number;
  p50: number;
  p99: number;
  timeouts: number;
  /** Connection errors and non-2xx answers. */
  errors: number;
}

export interface HttpLoad {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** autocannon's per-request timeout, seconds (its default, 10). */
  timeout?: number;
}

export async function httpLoad(load: HttpLoad): Promise<LoadResult> {
  const result = await autocannon({
    url: load.url,
    method: load.method ?? 'GET',
    headers: load.headers,
    body: load.body,
    connections: load.connections,
    duration: load.seconds,
    timeout: load.timeout ?? 10,
  });
  const ok = (result as unknown as Record<string, number>)['2xx'] ?? 0;
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    timeouts: result.timeouts,
    errors: result.errors + result.non2xx,
  };
}

/** `concurrency` loops calling `operation` back to back for `seconds`. */
export async function loopLoad(
  operation: () => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const began = performance.now();
  const end = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          await operation();
          latencies.push(performance.now() - start);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  return {
    rps: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    timeouts: 0,
    errors,
  };
}
