// The test kit's promise (e2e/support/fixtures.ts): every account a test signs up is gone from the server
// when the test ends, whether the fixture made it, the test signed it up itself, or changed its password
// on the way. The first test makes them; the second finds each email free again.
import { randomUUID } from 'node:crypto';
import { anonKey, authHeaders } from './support/accounts';
import { test, expect } from './support/fixtures';

test.describe.configure({ mode: 'serial' });

const made: { email: string; password: string }[] = [];

test('a test signs up accounts through the fixture, by itself, and changes a password', async ({
  account,
  accounts,
  request,
}) => {
  made.push(account);

  const changed = await accounts.create();
  const newPassword = `pw-${randomUUID()}`;
  const update = await request.put('/auth/v1/user', {
    headers: authHeaders(changed),
    data: { password: newPassword, current_password: changed.password },
  });
  expect(update.ok(), await update.text()).toBe(true);
  accounts.passwordChanged(changed, newPassword);
  made.push({ email: changed.email, password: newPassword });

  const own = { email: `own-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` };
  const signUp = await request.post('/auth/v1/signup', { headers: { apikey: account.anonKey }, data: own });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  accounts.signedUp(own);
  made.push(own);
});

test('when it has ended, none of them is left on the server', async ({ accounts, request, baseURL }) => {
  expect(made).toHaveLength(3);
  const apikey = await anonKey(request, baseURL!);
  for (const { email, password } of made) {
    const signIn = await request.post('/auth/v1/token?grant_type=password', {
      headers: { apikey },
      data: { email, password },
    });
    expect(signIn.status(), email).toBe(400);
    // The email is free again: signing up with it makes a new account (deleted again when this test ends).
    const again = { email, password: `pw-${randomUUID()}` };
    const signUp = await request.post('/auth/v1/signup', { headers: { apikey }, data: again });
    expect(signUp.status(), await signUp.text()).toBe(200);
    accounts.signedUp(again);
  }
});
