// When /login loads the auth client (issue 10): at once with a stored session, else on the first
// interaction, another tab's sign-in or any code asking for the client, and never before.
import { describe, expect, it } from 'vitest';
import { whenAuthNeeded } from './auth-needed';

const SESSION_KEY = 'sb-127-auth-token';

function sources(stored = false) {
  const target = new EventTarget() as unknown as Window;
  let requested: (() => void) | null = null;
  let state = 'waiting';
  const promise = whenAuthNeeded({
    hasStoredSession: () => stored,
    sessionKey: SESSION_KEY,
    onRequested: (listener) => {
      requested = listener;
      return () => (requested = null);
    },
    target,
  }).then(() => (state = 'needed'));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    target,
    promise,
    settle,
    state: () => state,
    request: () => requested?.(),
    hasRequestListener: () => requested !== null,
  };
}

describe('whenAuthNeeded', () => {
  it('is needed at once when a session is stored', async () => {
    const page = sources(true);
    await page.settle();
    expect(page.state()).toBe('needed');
  });

  it('waits without a session, until the first interaction', async () => {
    const page = sources();
    await page.settle();
    expect(page.state()).toBe('waiting');
    page.target.dispatchEvent(new Event('focusin'));
    await page.settle();
    expect(page.state()).toBe('needed');
    expect(page.hasRequestListener()).toBe(false);
  });

  it.each(['pointerdown', 'touchstart', 'keydown'])('counts %s as an interaction', async (type) => {
    const page = sources();
    page.target.dispatchEvent(new Event(type));
    await page.settle();
    expect(page.state()).toBe('needed');
  });

  it("starts when another tab writes the session, not on other keys' changes", async () => {
    const page = sources();
    page.target.dispatchEvent(Object.assign(new Event('storage'), { key: 'theme' }));
    await page.settle();
    expect(page.state()).toBe('waiting');
    page.target.dispatchEvent(Object.assign(new Event('storage'), { key: SESSION_KEY }));
    await page.settle();
    expect(page.state()).toBe('needed');
  });

  it('starts when any code asks for the auth client', async () => {
    const page = sources();
    page.request();
    await page.settle();
    expect(page.state()).toBe('needed');
  });
});
