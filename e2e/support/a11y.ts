// What the accessibility specs share: the viewports every screen is checked at, the axe-core scan
// (WCAG 2.2 AA tags, serious and critical findings fail), switching the theme in place, and screenshots
// for review: `npm run screenshots` runs just these specs and keeps a screenshot of each state in
// e2e/artifacts/screenshots/.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const SCREENSHOT_DIR = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');

export const DESKTOP = { name: 'desktop', width: 1280, height: 800 } as const;
export const MOBILE = { name: 'mobile', width: 390, height: 844 } as const;
export const VIEWPORTS = [DESKTOP, MOBILE] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The WCAG rules whose outcome a theme can change: a theme swaps colours only (one class on <html>; the
 * DOM, names, roles and layout stay the same), so once a screen has passed every rule in one theme, the
 * other theme needs these alone, at a fraction of a full scan's time.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// The axe-core build @axe-core/playwright ships with. AxeBuilder re-injects it into every frame and
// finishes each scan in a new blank tab; the app has no frames, so one injection per page load and a
// plain axe.run() give the same findings for a fraction of the time.
const AXE_SOURCE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Resolves once the screen is still: finite animations and transitions have ended (spinners and other
 * endless ones keep running), no reply is still typing in, and the bottom tab bar's indicator (moved by
 * script, not by a CSS animation) has stopped.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ) && !document.querySelector('[data-testid="stream-cursor"]'),
  );
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const indicator = document.querySelector('[data-testid="bottom-tab-indicator"]');
          if (!indicator) return true;
          const before = JSON.stringify(indicator.getBoundingClientRect());
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return JSON.stringify(indicator.getBoundingClientRect()) === before;
        }),
      { intervals: [50] },
    )
    .toBe(true);
}

/** Fails with every serious or critical axe finding on the page (or inside `include`, outside `exclude`). */
export async function expectNoSeriousViolations(
  page: Page,
  options: { include?: string; exclude?: string; what?: string; rules?: readonly string[] } = {},
): Promise<void> {
  const scan = async () => {
    // A half-faded element (a toast or dialog still entering) has too little contrast to scan.
    await waitForSettled(page);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(
      async ({ include, exclude, runOnly }) => {
        const axe = (
          window as unknown as {
            axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
          }
        ).axe;
        const context =
          include || exclude
            ? { include: include ? [[include]] : [['html']], exclude: exclude ? [[exclude]] : [] }
            : document;
        const results = await axe.run(context, { runOnly });
        return results.violations;
      },
      {
        include: options.include,
        exclude: options.exclude,
        runOnly: options.rules ? { type: 'rule', values: [...options.rules] } : { type: 'tag', values: WCAG_TAGS },
      },
    );
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  let serious = await scan();
  // A toast whose time runs out during the scan starts fading out mid-way and reads as low contrast:
  // scan the settled screen once more. A real finding is there both times.
  if (serious.length > 0) serious = await scan();
  expect(
    serious.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n  ')}`,
    ),
    options.what,
  ).toEqual([]);
}

/**
 * A picture of the viewport for review (full-page captures misplace the layout's fixed parts), once the
 * screen is still. Taken when SPROUT_SCREENSHOTS is set (`npm run screenshots`): in `npm test` they cost
 * time nobody looks at; a failing test keeps its own.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  await waitForSettled(page);
  if (!process.env.SPROUT_SCREENSHOTS) return;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/**
 * Switches the app to `theme` in place, through its own theme toggle (the state, <html>'s class and the
 * stored choice change together, as for a user), and makes the system preference agree. The toggle is
 * clicked by event, so it also works behind an open dialog and leaves focus and hover where they were.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  const html = page.locator('html');
  if ((await html.evaluate((el) => el.classList.contains('dark'))) === (theme === 'dark')) return;
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme`, includeHidden: true });
  if ((await toggle.count()) === 0) throw new Error('this screen has no theme toggle: open it in the theme instead');
  await toggle.first().dispatchEvent('click');
  await expect(html).toHaveClass(theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/);
}

/**
 * Scans and photographs the current screen in each theme, switching in place; ends in the last theme.
 * The first theme gets every WCAG rule, the second the rules a theme can change (COLOUR_RULES), outside
 * `secondThemeExclude` when given (a part whose colours in that theme were scanned already).
 */
export async function checkInBothThemes(
  page: Page,
  name: (theme: Theme) => string,
  options: {
    include?: string;
    what?: string;
    scan?: boolean;
    secondThemeExclude?: string;
    shoot?: (page: Page, name: string) => Promise<void>;
  } = {},
): Promise<void> {
  const current: Theme = (await page.locator('html').evaluate((el) => el.classList.contains('dark')))
    ? 'dark'
    : 'light';
  // Start with the theme the page is in, so each state costs one switch.
  for (const [index, theme] of (current === 'dark' ? (['dark', 'light'] as const) : THEMES).entries()) {
    await switchTheme(page, theme);
    // A scan inside the part left out has nothing left in its second pass.
    const emptied = index === 1 && options.include !== undefined && options.include === options.secondThemeExclude;
    if (options.scan !== false && !emptied) {
      const what = options.what && `${options.what} (${theme})`;
      await expectNoSeriousViolations(page, {
        include: options.include,
        exclude: index === 0 ? undefined : options.secondThemeExclude,
        what,
        rules: index === 0 ? undefined : COLOUR_RULES,
      });
    }
    await (options.shoot ?? shoot)(page, name(theme));
  }
}

/**
 * Resizes the page in place to `viewport` and waits for the new layout to be still. The layout switches
 * by CSS alone (sidebar at desktop width, top bar and bottom tab bar below 768 px), so nothing reloads;
 * the bottom tab bar's indicator that appears is waited for by waitForSettled.
 */
export async function resizeTo(page: Page, viewport: Viewport): Promise<void> {
  const size = page.viewportSize();
  if (size?.width === viewport.width && size.height === viewport.height) return;
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await expect
    .poll(() => page.evaluate(() => [window.innerWidth, window.innerHeight]))
    .toEqual([viewport.width, viewport.height]);
  await waitForSettled(page);
}

/**
 * Scans and photographs the current state at each of VIEWPORTS, in both themes (checkInBothThemes, named
 * `${state}-${viewport}-${theme}`), resizing the page in place: the app boots and the test's flow runs
 * once for both sizes, where a fresh context per size booted the app again and repeated every step.
 * Starts with the size the page has, so each state costs one resize; ends in the last one. `arrange` runs
 * after each resize, for what depends on the size (a scroll position, a focus that the resize moved). A
 * fresh load at mobile width stays covered by the specs that open the app at that size (shell-layout,
 * the mobile notes-capture and palette tests).
 *
 * The colour rules are most of a scan's time (color-contrast alone, about 2 ms an element), so they run
 * three times a state, not four: at the first size in both themes over the whole page, and at the second
 * in its first theme over the whole page but in its second theme outside `main`. What the width changes
 * is the layout around the screen (sidebar, top and tab bars) and which of the screen's parts show, not a
 * part's colours; and since each state starts at the size the last one ended at, the next state of a
 * flow scans the screen's narrow-only parts in the other theme.
 */
export async function checkAtEachViewport(
  page: Page,
  state: string,
  options: Parameters<typeof checkInBothThemes>[2] & {
    arrange?: (page: Page, viewport: Viewport) => Promise<void>;
  } = {},
): Promise<void> {
  const { arrange, ...themeOptions } = options;
  const width = page.viewportSize()?.width;
  const order = width === MOBILE.width ? [MOBILE, DESKTOP] : [DESKTOP, MOBILE];
  for (const [index, viewport] of order.entries()) {
    await resizeTo(page, viewport);
    await arrange?.(page, viewport);
    const what = themeOptions.what && `${themeOptions.what} at ${viewport.name}`;
    await checkInBothThemes(page, (theme) => `${state}-${viewport.name}-${theme}`, {
      ...themeOptions,
      what,
      secondThemeExclude: index === 1 ? 'main' : undefined,
    });
  }
}

/**
 * Moves to another screen through the app's own navigation, as a user does (no reload, so the app does
 * not boot again): the sidebar's link at desktop width, the bottom tab bar's below it (the other one is
 * hidden). The dashboard is "Dashboard" in the sidebar and "Notes" in the tab bar.
 */
export async function openFromNav(
  page: Page,
  label: 'Dashboard' | 'Checklists' | 'Settings' | 'AI Chat',
): Promise<void> {
  const mobile = (page.viewportSize()?.width ?? DESKTOP.width) < 768;
  const nav = page.getByRole('navigation', { name: mobile ? 'Tabs' : 'Main' });
  await nav.getByRole('link', { name: mobile && label === 'Dashboard' ? 'Notes' : label, exact: true }).click();
}
