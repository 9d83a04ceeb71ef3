import { expect, type Page, test } from '@playwright/test';

/**
 * The browser every test and the web benchmark run in (src/chromium.ts): no page of Chromium's own beside the
 * page under test, and Playwright's own switches kept. No product is started: this is about the browser.
 */

/** The `--disable-features` switches of the running browser's command line, each as its list of features. */
async function disabledFeatureSwitches(page: Page): Promise<string[][]> {
  await page.goto('chrome://version');
  const commandLine = (await page.locator('#command_line').textContent()) ?? '';
  return commandLine
    .split(/\s+/)
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
}

test('a new page opens none of the address bar’s own pages beside it', async ({ browser }) => {
  const cdp = await browser.newBrowserCDPSession();
  const context = await browser.newContext();
  try {
    await context.newPage();
    // Chromium 156 builds the address bar's pop-ups as web pages with each new window, before the page loads.
    const { targetInfos } = await cdp.send('Target.getTargets');
    const urls = targetInfos.map((target) => target.url);
    expect(urls.filter((url) => url.startsWith('chrome://omnibox-popup'))).toEqual([]);
  } finally {
    await context.close();
    await cdp.detach();
  }
});

test('the features Playwright turns off stay off: the last --disable-features holds every earlier one', async ({
  page,
}) => {
  const switches = await disabledFeatureSwitches(page);
  expect(switches.length).toBeGreaterThan(0);
  // Chromium keeps only the last switch of a name.
  const effective = new Set(switches.at(-1));
  for (const earlier of switches.slice(0, -1)) {
    expect(earlier.filter((feature) => !effective.has(feature))).toEqual([]);
  }
  expect([...effective]).toEqual(expect.arrayContaining(['PaintHolding', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
});
