import { describe, expect, it } from 'vitest';
import { isTimeZone } from '#core/zoned-time';
import { endpointProblem } from './schemas';

describe("a push subscription's endpoint", () => {
  it("is a push service's https URL", () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc:def', false)).toBeNull();
    expect(endpointProblem('https://web.push.apple.com/QGx', false)).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/gAAA', false)).toBeNull();
  });

  it('never aims the server at an address, localhost, plain http or credentials', () => {
    for (const endpoint of [
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'https://user:secret@push.example.com/x',
      'ftp://push.example.com/x',
      'push.example.com/x',
    ])
      expect(endpointProblem(endpoint, false), endpoint).not.toBeNull();
  });

  it('lets in http on loopback only when the tests say so', () => {
    expect(endpointProblem('http://127.0.0.1:4000/push/1', false)).not.toBeNull();
    expect(endpointProblem('http://127.0.0.1:4000/push/1', true)).toBeNull();
    expect(endpointProblem('http://localhost:4000/push/1', true)).toBeNull();
    expect(endpointProblem('http://10.0.0.1:4000/push/1', true)).not.toBeNull();
  });
});

describe("an action's time zone", () => {
  it('is one the runtime knows', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
