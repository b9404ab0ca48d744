import { describe, expect, it } from 'vitest';
import { describeListenError } from './listen-error';

const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe('describeListenError', () => {
  it('turns a port in use into one line with the way out', () => {
    const text = describeListenError(failure('EADDRINUSE'), { host: '127.0.0.1', port: 3000 });
    expect(text).toBe(
      'Port 3000 on 127.0.0.1 is already in use, by another Sprout or another program. Stop it, or start Sprout on another port: PORT=3001 npm start',
    );
  });

  it('explains privileged ports and addresses this machine does not have', () => {
    expect(describeListenError(failure('EACCES'), { host: '0.0.0.0', port: 80 })).toMatch(
      /^Port 80 needs administrator rights/,
    );
    expect(describeListenError(failure('EADDRNOTAVAIL'), { host: '10.9.9.9', port: 3000 })).toMatch(
      /^HOST=10\.9\.9\.9 is not an address/,
    );
  });

  it('leaves other errors to the caller', () => {
    expect(describeListenError(new Error('boom'), { host: '127.0.0.1', port: 3000 })).toBeNull();
    expect(describeListenError(undefined, { host: '127.0.0.1', port: 3000 })).toBeNull();
  });
});
