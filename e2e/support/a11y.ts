// What the accessibility specs share: the looks every screen is checked in (two viewports, two themes),
// the axe-core scan (WCAG 2.2 AA tags, serious and critical findings fail), and screenshots for review.
// Every run keeps a screenshot of each state in e2e/artifacts/screenshots/ (`npm run screenshots` runs
// just these specs).
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const SCREENSHOT_DIR = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

export const THEMES = ['light', 'dark'] as const;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails with every serious or critical axe finding on the page (or inside `include`). */
export async function expectNoSeriousViolations(page: Page, options: { include?: string; what?: string } = {}): Promise<void> {
  // A half-faded element (a toast or dialog still entering) has too little contrast to scan: wait for
  // finite animations to end (spinners and other endless ones keep running).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n  ')}`),
    options.what,
  ).toEqual([]);
}

/**
 * A picture of the viewport for review (full-page captures misplace the layout's fixed parts), after
 * enter animations and the typing effect have settled.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}
