import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { takeBlockedConnections } from './loopback-only';

describe('the unit tests’ network guard', () => {
  it('refuses a connection beyond this machine, and records it so the test fails', async () => {
    // 203.0.113.0/24 is TEST-NET-3: never a real host.
    await expect(fetch('http://203.0.113.7:8080/')).rejects.toThrow();
    const socket = net.connect({ host: 'example.com', port: 443 });
    await expect(new Promise((_, reject) => socket.on('error', reject))).rejects.toThrow(
      'Unit tests may only reach loopback addresses, not example.com:443',
    );
    expect(takeBlockedConnections()).toEqual(['203.0.113.7:8080', 'example.com:443']);
  });

  it('lets loopback through', async () => {
    const server = http.createServer((_, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
      expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('ok');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(takeBlockedConnections()).toEqual([]);
  });
});
