// The idea form's connection controls (spec sections 2 and 8): the badge, the failure notice with
// 'Test Connection', the detailed variant's Show/Hide Details and Reconnect, and their toasts.
import { storeAiKey } from './support/ai';
import { test, expect } from './support/fixtures';
import { holdRequests } from './support/network';
import { gotoAs } from './support/session';
import { dismissToasts, expectToast } from './support/toasts';

// Reconnect's two outcomes in one page: the second starts where the first ends (connected, with a key).
test('the idea form: without a key, Details and Reconnect; Reconnect restores the connection and says Retrying Connection first', async ({
  signedIn: page,
  account,
  request,
}) => {
  test.setTimeout(120_000);
  await test.step('without a key: Connection Failed and the no-key card, Details and Reconnect; with a key Reconnect restores it', async () => {
    await gotoAs(page, '/new');
    await expect(page.getByRole('status', { name: 'AI connection: Connection Failed' })).toBeVisible();
    // Without any key the fallback cannot run either: the no-key card says so instead of promising it.
    await expect(page.getByText('No OpenRouter API key is set up yet.')).toBeVisible();
    await expect(page.getByText("AI connection issue detected. We'll use a local fallback for responses.")).toHaveCount(
      0,
    );

    // (The no-key card takes the failure notice's place, 'Test Connection' included: there is nothing to test.)
    await page.getByRole('button', { name: 'Show Details' }).click();
    await expect(page.getByText('Models available')).toBeVisible();
    await page.getByRole('button', { name: 'Hide Details' }).click();
    await expect(page.getByText('Models available')).toHaveCount(0);

    await storeAiKey(request, account);
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expectToast(page, 'Reconnection Successful', 'Your AI connection has been restored.');
    await expect(page.getByRole('status', { name: 'AI connection: Connected' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test Connection' })).toHaveCount(0);
  });

  await test.step('Reconnect says Retrying Connection first', async () => {
    // Connected with a key since the last step, and its toasts closed: the ones asserted here are new.
    await dismissToasts(page);
    await expect(page.getByRole('status', { name: 'AI connection: Connected' })).toBeVisible();
    const release = await holdRequests(page, '**/api/ai/status');
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expectToast(page, 'Retrying Connection');
    await expect(page.getByRole('status', { name: 'AI connection: Connecting' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Conversation' })).toBeDisabled();
    release();
    await expectToast(page, 'Reconnection Successful');
    await page.unroute('**/api/ai/status');
  });
});

test("a status check that cannot reach the server: 'API Connection Error'", async ({
  signedIn: page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource: net::ERR_FAILED/);
  await page.route('**/api/ai/status', (route) => route.abort('failed'));
  await gotoAs(page, '/chat');
  await expect(page.getByRole('status', { name: 'AI connection: Connection Failed' })).toBeVisible();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expectToast(page, 'API Connection Error');
});
