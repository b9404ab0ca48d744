// Model output is rendered safely (issue 5, client item 6; ARCHITECTURE 9.10): an XSS corpus sent as
// the assistant's replies never runs script, opens a dialog, loads an image or leaves a javascript:
// link, in the chat bubbles, the streamed text or the creation flow's result.
import type { Page } from '@playwright/test';
import { messageLog, recordDialogs, scriptFake, startChat, storeAiKey, uniqueTag } from './support/ai';
import { test, expect } from './support/fixtures';
import { openFromSidebar, scrollSettled } from './support/layout';
import { gotoAs } from './support/session';

const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '[click me](javascript:window.__xss=1)',
  '<a href="jAvAsCrIpT:window.__xss=1">mixed case</a>',
  '[spaced]( javascript:window.__xss=1 )',
  '<svg onload="window.__xss=1"><circle r="4"/></svg>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<details open ontoggle="window.__xss=1">x</details>',
  '![pixel](https://tracker.invalid/p.png?leak=chat)',
  '<form><button formaction="javascript:window.__xss=1">go</button></form>',
  '[data link](data:text/html,<script>window.__xss=1</script>)',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<<img src=x onerror="window.__xss=1">',
];
const REPLY = `Here is some **bold** text.\n\n${PAYLOADS.join('\n\n')}\n\nThe end of the reply.`;

/**
 * Reports every write to window.__xss (what each payload would do) to `ran` as it happens, so a handler
 * that fires late is still caught by the check at the end of the test, without sleeping for it.
 */
async function watchXss(page: Page): Promise<string[]> {
  const ran: string[] = [];
  await page.exposeBinding('__reportXss', (_source, value: unknown) => {
    ran.push(String(value));
  });
  await page.addInitScript(() => {
    let value: unknown;
    Object.defineProperty(window, '__xss', {
      get: () => value,
      set: (next: unknown) => {
        value = next;
        void (window as unknown as { __reportXss: (v: unknown) => Promise<void> }).__reportXss(next);
      },
    });
  });
  return ran;
}

async function expectNothingRan(page: Page, dialogs: string[], ran: string[]): Promise<void> {
  // Let the page render and run its queued tasks (any inline handler included) before checking.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(ran).toEqual([]);
  expect(dialogs).toEqual([]);
  const main = page.getByRole('main');
  // Anywhere on the page: nothing the model sent became an element of these kinds (the app's own
  // icons are SVG and its inputs forms, so those are checked inside rendered model text only).
  for (const tag of ['script', 'img', 'iframe', 'details', 'math', 'style']) {
    expect(await main.locator(tag).count(), `<${tag}> in the page`).toBe(0);
  }
  for (const tag of ['svg', 'form', 'button']) {
    expect(await main.locator(`[data-slot="markdown"] ${tag}`).count(), `<${tag}> in model text`).toBe(0);
  }
  expect(await main.locator('[data-slot="markdown"]').count()).toBeGreaterThan(0);
  const hrefs = await main.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href.trim().toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
}

// Both places in one page (a second page would boot the app again); the watch on window.__xss and the
// dialogs covers both phases.
test('an XSS corpus never executes, in a chat reply or in a plan', async ({ signedIn: page, account, request }) => {
  test.setTimeout(120_000);
  const dialogs = recordDialogs(page);
  const ran = await watchXss(page);
  await storeAiKey(request, account);

  await test.step('an XSS corpus in a chat reply never executes', async () => {
    const tag = uniqueTag();
    await scriptFake(request, { kind: 'text', match: tag, text: REPLY, chunks: 12, chunkDelayMs: 30 });
    await gotoAs(page, '/chat');
    await startChat(page, `Tell me something ${tag}`);
    await expect(messageLog(page).getByText('The end of the reply.')).toBeVisible();
    await expect(messageLog(page).locator('strong', { hasText: 'bold' })).toBeVisible();
    await expectNothingRan(page, dialogs, ran);
    // An image becomes a link the user may open, nothing loads by itself.
    await expect(messageLog(page).getByRole('link', { name: '[Image: pixel]' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(ran, 'a payload that ran late').toEqual([]);
  });

  await test.step('an XSS corpus in the plan never executes in the conversation or the result', async () => {
    const tag = uniqueTag();
    const plan = [
      'Goal Summary',
      `Reach the goal. ${PAYLOADS[0]}`,
      '',
      'Expanded Plan',
      PAYLOADS.slice(1).join('\n\n'),
      '',
      'Action Steps:',
      `1. Do the first thing ${PAYLOADS[0]}`,
      `2. [Read this](javascript:window.__xss=1)`,
      '3. <script>window.__xss=1</script>Finish',
    ].join('\n');
    await scriptFake(request, { kind: 'text', match: tag, text: REPLY }, { kind: 'text', match: tag, text: plan });
    // From the chat to the idea form through the sidebar: the same page, so anything that ran in the chat
    // and fired late is still caught.
    await openFromSidebar(page, 'New Idea');
    await expect(page.getByRole('heading', { level: 1, name: 'New Idea' })).toBeVisible();
    await page.getByLabel('Title').fill('Safe plan');
    await page.getByLabel('Your idea').fill(`Plan something ${tag}`);
    await page.getByRole('button', { name: 'Start Conversation' }).click();
    await expect(messageLog(page).getByText('The end of the reply.')).toBeVisible();
    await page.getByRole('button', { name: 'Create Plan' }).click();
    await expect(page.getByText('Plan created successfully!')).toBeVisible();
    // The page scrolls to the plan smoothly: a tab clicked meanwhile can be missed (a CI run waited 2
    // minutes on 'Action Steps' that never opened), so the clicks below wait for the scroll to end.
    await scrollSettled(page);
    await expectNothingRan(page, dialogs, ran);
    // Steps show as text, as the model wrote them.
    await expect(page.getByRole('list', { name: 'Action steps' }).getByRole('listitem').nth(2)).toHaveText(
      '<script>window.__xss=1</script>Finish',
    );
    await page.getByRole('tab', { name: 'Expanded Idea' }).click();
    await expect(page.getByRole('tabpanel').getByText('Reach the goal.')).toBeVisible();
    await expectNothingRan(page, dialogs, ran);
    await page.getByRole('tab', { name: 'Action Steps' }).click();
    await page.getByRole('switch', { name: 'Enable Checklist' }).click();
    await expect(page.getByRole('list', { name: 'Action steps checklist' }).getByRole('textbox').first()).toHaveValue(
      `Do the first thing ${PAYLOADS[0]}`,
    );
    await expectNothingRan(page, dialogs, ran);
  });
});
