// Prometheus metrics as an operator scrapes them: on their own listener (METRICS_PORT, loopback) or
// behind METRICS_TOKEN, parsed with a Prometheus text-format parser; requests by route pattern and
// status with latency buckets, database time and load, the change feed, syncs, AI turns and provider
// latency. The public port never serves them without the token, and without either setting there are none.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/kit/test-server';
import { api, signIn, startAiTestBed, streamTurn, type AiTestBed } from './ai-support';
import { labelSets, scrape, valueOf } from './metrics-support';

const TOKEN = 'metrics-token-0123456789';
let bed: AiTestBed;
let server: TestServer;
let metricsUrl: string;
let token: string;
let userId: string;

beforeAll(async () => {
  bed = await startAiTestBed({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
  server = bed.server;
  const address = server.app.metricsListener?.address;
  metricsUrl = `http://127.0.0.1:${address?.port}/metrics`;
  ({ token, userId } = await signIn(server));
});
afterAll(async () => bed?.close());

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/rest/v1${path}`, {
    ...init,
    headers: {
      apikey: server.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });

describe('the metrics listener', () => {
  it('listens on loopback by default, on a port of its own', () => {
    const address = server.app.metricsListener?.address;
    expect(address?.address).toBe('127.0.0.1');
    expect(address?.port).not.toBe(new URL(server.url).port);
  });

  it('counts a request under its route pattern and status, with its latency in buckets', async () => {
    const noteId = randomUUID();
    expect((await api(server, `/notes/${noteId}/history`, token)).status).toBe(404);
    const scraped = await scrape(metricsUrl);
    expect(scraped.get('sprout_http_request_duration_seconds')?.type).toBe('histogram');
    const series = { method: 'GET', route: '/api/notes/:id/history', status_code: '404' };
    expect(valueOf(scraped, 'sprout_http_request_duration_seconds_count', series)).toBe(1);
    expect(valueOf(scraped, 'sprout_http_request_duration_seconds_bucket', { ...series, le: '+Inf' })).toBe(1);
    expect(valueOf(scraped, 'sprout_http_request_duration_seconds_bucket', { ...series, le: '10' })).toBe(1);
    expect(valueOf(scraped, 'sprout_http_request_duration_seconds_sum', series)).toBeGreaterThan(0);
    // The pattern, never the URL: no series carries a note id.
    const routes = labelSets(scraped, 'sprout_http_request_duration_seconds').map((labels) => labels.route ?? '');
    expect(routes.some((route) => route.includes(noteId))).toBe(false);
  });

  it('puts paths that match no route under one label', async () => {
    await fetch(`${server.url}/api/no-such-${randomUUID()}`);
    const scraped = await scrape(metricsUrl);
    expect(valueOf(scraped, 'sprout_http_request_duration_seconds_count', { route: 'unmatched' })).toBe(1);
  });

  it('counts syncs, the database time and load, and the change feed', async () => {
    expect((await rest('/notes?select=id')).status).toBe(200);
    const write = await rest('/notes', {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ user_id: userId, title: 'counted', content: 'counted' }),
    });
    expect(write.status).toBe(201);
    const scraped = await scrape(metricsUrl);
    expect(valueOf(scraped, 'sprout_sync_requests_total', { op: 'read', status_code: '200' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(valueOf(scraped, 'sprout_sync_requests_total', { op: 'write', status_code: '201' })).toBe(1);
    expect(valueOf(scraped, 'sprout_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(scraped.get('sprout_db_queued')?.type).toBe('gauge');
    expect(valueOf(scraped, 'sprout_db_queued')).toBeGreaterThanOrEqual(0);
    expect(labelSets(scraped, 'sprout_db_connections').map((labels) => labels.state)).toEqual(['in_use', 'idle']);
    expect(valueOf(scraped, 'sprout_change_feed_up')).toBe(1);
    expect(valueOf(scraped, 'sprout_realtime_sockets')).toBe(0);
    // The process's own, from prom-client's defaults.
    expect(scraped.has('process_cpu_user_seconds_total')).toBe(true);
    expect(scraped.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts AI turns by kind and outcome, and the provider time to the first text', async () => {
    const { events } = await streamTurn(server, '/ai/chat', token, { messages: [{ role: 'user', content: 'hello' }] });
    expect(events.at(-1)?.event).toBe('done');
    const scraped = await scrape(metricsUrl);
    expect(valueOf(scraped, 'sprout_ai_turns_total', { kind: 'chat', outcome: 'done' })).toBe(1);
    const firstByte = { call: 'stream', phase: 'first_byte', outcome: 'ok' };
    const total = { ...firstByte, phase: 'total' };
    expect(valueOf(scraped, 'sprout_ai_provider_seconds_count', firstByte)).toBe(1);
    expect(valueOf(scraped, 'sprout_ai_provider_seconds_sum', total)).toBeGreaterThanOrEqual(
      valueOf(scraped, 'sprout_ai_provider_seconds_sum', firstByte),
    );
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
  });
});

describe('the public port', () => {
  it('does not serve /metrics', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('sprout_http_request_duration_seconds');
  });

  it('serves /api/metrics only with METRICS_TOKEN as a bearer token', async () => {
    expect((await fetch(`${server.url}/api/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/api/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('sprout_');
    const scraped = await scrape(`${server.url}/api/metrics`, { Authorization: `Bearer ${TOKEN}` });
    expect(scraped.get('sprout_http_request_duration_seconds')?.type).toBe('histogram');
  });
});

describe('without METRICS_PORT and METRICS_TOKEN', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => plain?.close());

  it('measures nothing and serves no metrics anywhere', async () => {
    expect(plain.app.metrics).toBeNull();
    expect(plain.app.metricsListener).toBeNull();
    expect((await fetch(`${plain.url}/api/metrics`)).status).toBe(404);
  });
});
