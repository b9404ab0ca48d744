// The prompt is built from what the account stores (issue 11): AI preferences chosen in Settings (through
// the UI, Save Preferences) reach the system prompt the provider receives, also when they were changed on
// another device since, and also when they were saved offline and sent once back online. The fake
// provider records every request; the lines asserted are the server's own prompt texts
// (server/src/ai/prompts.ts), so a preference that stopped reaching the prompt fails here.
import type { APIRequestContext, Page } from '@playwright/test';
import type { FakeRequest } from '../test/kit/fake-ai-provider-replies';
import { accountMetadata, type Account } from './support/accounts';
import { createPlan, fakeRequestsFor, startOver, storeAiKey, uniqueTag } from './support/ai';
import { localItem } from './support/device';
import { test, expect } from './support/fixtures';
import { openFromSidebar } from './support/layout';
import { goOfflineWhenIdle } from './support/network';
import { gotoAs } from './support/session';
import { dismissToasts, expectToast } from './support/toasts';

const LINES = {
  motivational:
    'Tone: Motivational Coach. Be encouraging and assertive: show belief in the user, push for commitment, concrete numbers and deadlines.',
  calm: 'Tone: Calm Mentor. Be gentle and thoughtful: unhurried, reflective and reassuring; never pressure the user.',
  professional: 'Tone: professional. Be focused and concise: short, clear sentences, no filler and no emoji.',
  friendly: 'Tone: friendly. Be warm and conversational',
  paragraphs:
    'Output preference: paragraphs. Put the most care into the Expanded Plan: well-developed paragraphs that explain the approach, the milestones and the reasoning. The Action Steps are still required.',
  checklist:
    'Output preference: checklist. Put the most care into the Action Steps: each one a single concrete task the user can tick off, starting with a verb, with a number or a deadline where it helps. Keep the Expanded Plan tight.',
  named: (name: string) => `You are ${name}, the AI assistant in Sprout, a note-taking app.`,
};

interface Choice {
  name: string;
  tone: RegExp;
  format: 'Checklist' | 'Paragraphs';
}

/** Waits for Settings → AI to show the account's preferences. */
async function settingsReady(page: Page): Promise<void> {
  await expect(page.getByLabel('AI Assistant Name')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
}

/** On Settings → AI: sets the name, tone and output format through the form and presses Save Preferences. */
async function choosePreferences(page: Page, choice: Choice): Promise<void> {
  await page.getByLabel('AI Assistant Name').fill(choice.name);
  await page.getByRole('radio', { name: choice.tone }).click();
  await page.getByRole('radio', { name: new RegExp(`^${choice.format}`) }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expectToast(page, 'Preferences Saved');
  await expect(page.getByText('All changes saved')).toBeVisible();
}

/** Creates a plan from `idea` (tagged so the fake's record is found) and returns the system prompt it was sent with. */
async function planPrompt(page: Page, request: APIRequestContext, idea: string): Promise<string> {
  const tag = uniqueTag();
  await createPlan(page, `${idea} ${tag}`);
  return planSystemPrompt(request, tag);
}

/** The system prompt of the plan request the fake received for `tag`. */
async function planSystemPrompt(request: APIRequestContext, tag: string): Promise<string> {
  const sent = await fakeRequestsFor(request, tag);
  expect(sent.map((r) => r.flavour)).toEqual(['conversation', 'plan']);
  return systemPromptOf(sent[1] as FakeRequest);
}

function systemPromptOf(sent: FakeRequest): string {
  const { messages } = sent.body as { messages: { role: string; content: string }[] };
  expect(messages[0]?.role).toBe('system');
  return messages[0]?.content ?? '';
}

async function serverPreferences(request: APIRequestContext, account: Account): Promise<unknown> {
  return (await accountMetadata(request, account)).ai_preferences;
}

// Both in one page, each a step (the second reaches Settings and New Idea through the sidebar): a second
// page would boot the app again. The offline save comes second, over the preferences the first saved.
test('preferences chosen in Settings reach the prompt: after a change on another device, and when saved offline', async ({
  signedIn: page,
  context,
  account,
  request,
  newDevice,
}) => {
  // Two plans per step and a second browser: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const rowan = {
    tone: 'calm',
    conversationDepth: 'medium',
    promptingStyle: 'suggest',
    outputFormat: 'checklist',
    aiName: 'Rowan',
  };
  await storeAiKey(request, account);
  await gotoAs(page, '/settings?tab=ai');
  await settingsReady(page);

  await test.step('tone, name and output format chosen in Settings reach the prompt, also after a change on another device', async () => {
    await choosePreferences(page, { name: 'Juniper', tone: /^Motivational Coach/, format: 'Paragraphs' });

    await openFromSidebar(page, 'New Idea');
    const before = await planPrompt(page, request, 'Run a half marathon');
    expect(before).toContain(LINES.named('Juniper'));
    expect(before).toContain(LINES.motivational);
    expect(before).toContain(LINES.paragraphs);
    expect(before).not.toContain(LINES.friendly);
    expect(before).not.toContain(LINES.checklist);

    // Another device changes them; this one carries on without reloading, and its next plan has the new ones.
    const other = await newDevice({ account, signIn: 'form' });
    await openFromSidebar(other, 'Settings');
    await other.getByRole('tab', { name: 'AI' }).click();
    await settingsReady(other);
    await choosePreferences(other, { name: 'Rowan', tone: /^Calm Mentor/, format: 'Checklist' });
    await other.context().close();
    expect(await serverPreferences(request, account)).toEqual(rowan);

    await startOver(page);
    // A fresh start: everything cleared, the cursor in the title.
    await expect(page.getByLabel('Title')).toBeFocused();
    const after = await planPrompt(page, request, 'Learn to bake sourdough');
    expect(after).toContain(LINES.named('Rowan'));
    expect(after).toContain(LINES.calm);
    expect(after).toContain(LINES.checklist);
    expect(after).not.toContain('Juniper');
    expect(after).not.toContain(LINES.motivational);
    expect(after).not.toContain(LINES.paragraphs);
  });

  await test.step('preferences saved offline are queued, written once back online, and then shape the prompt', async () => {
    // From the last step's plan to Settings → AI: the idea cleared first, so New Idea opens afresh later.
    await startOver(page);
    await openFromSidebar(page, 'Settings');
    await page.getByRole('tab', { name: 'AI' }).click();
    await settingsReady(page);
    // The last step's toasts closed: the one choosePreferences waits for is this save's.
    await dismissToasts(page);

    await goOfflineWhenIdle(page);
    await choosePreferences(page, { name: 'Hazel', tone: /^Professional/, format: 'Paragraphs' });
    // Kept on this device only, for now: the account still has the ones the other device saved.
    expect(await serverPreferences(request, account)).toEqual(rowan);
    expect(await localItem(page, `ai_preferences:${account.userId}`)).not.toBeNull();

    await context.setOffline(false);
    await expect
      .poll(() => serverPreferences(request, account), { timeout: 10_000 })
      .toEqual({
        tone: 'professional',
        conversationDepth: 'medium',
        promptingStyle: 'suggest',
        outputFormat: 'paragraphs',
        aiName: 'Hazel',
      });
    await expect.poll(() => localItem(page, `ai_preferences:${account.userId}`)).toBeNull();

    await openFromSidebar(page, 'New Idea');
    const prompt = await planPrompt(page, request, 'Start a vegetable garden');
    expect(prompt).toContain(LINES.named('Hazel'));
    expect(prompt).toContain(LINES.professional);
    expect(prompt).toContain(LINES.paragraphs);
  });
});
