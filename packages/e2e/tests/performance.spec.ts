import { COMPILE_HINT } from '@backoffice/federation';
import type { Page } from '@playwright/test';
import { BUDGETS } from '../src/budgets.js';
import { expect, test } from '../src/fixtures.js';
import { isScript, loadFigures } from '../src/load-figures.js';
import { type LoggedRequest, NetworkLog, networkQuiet } from '../src/network-log.js';
import { commitsSince, countRendersOnLoad } from '../src/render-count.js';
import { MENU_NAVIGATIONS, probeReadyNow, probeReadyOnLoad, readyTime, SCREENS, screen } from '../src/screens.js';

/**
 * Byte, request and duplicate budgets of the production build (issue 9), asserted in Chromium; the
 * times are `npm run bench:web`'s business. Each test is a cold visit in a fresh browser context.
 */

const KB = 1024;
const TEXT = /^(?:text\/|application\/(?:javascript|json)|image\/svg\+xml)/;

function describeDuplicates(log: NetworkLog) {
  return log.duplicates().map((d) => `${d.url} ×${d.count}`);
}

/** Text of our own origin over 1 KB must arrive compressed. */
function uncompressed(requests: LoggedRequest[], origin: string) {
  return requests
    .filter((r) => r.url.startsWith(origin) && r.status === 200 && TEXT.test(r.mimeType ?? '') && r.bodyBytes > KB)
    .filter((r) => r.contentEncoding !== 'br' && r.contentEncoding !== 'gzip')
    .map((r) => `${r.url} (${r.bodyBytes} bytes, ${r.contentEncoding ?? 'identity'})`);
}

async function visit(page: Page, path: string, token: string | undefined, heading = screen('login')) {
  if (token) await page.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  const log = await NetworkLog.attach(page);
  await probeReadyOnLoad(page, heading);
  await page.goto(path);
  const ready = await readyTime(page);
  return { log, ready };
}

test.describe('web budgets', () => {
  for (const s of SCREENS) {
    test(`${s.path}: every file once and named by the page, text compressed, the menu's pages prefetched once`, async ({
      page,
      api,
      product,
    }) => {
      const token = s.as === 'anonymous' ? undefined : (await api.createUser({ is_superuser: true })).token;
      const { log, ready } = await visit(page, s.path, token, s);
      // The whole visit, idle prefetches of the menu's areas included.
      await networkQuiet(log, 2500);
      expect(describeDuplicates(log)).toEqual([]);
      // Every script the screen needed was named by the page itself: none found late by other code.
      const firstScreen = await loadFigures(log, ready.ms, 0, ready.wallMs);
      const late = log
        .fromNetwork(0, ready.wallMs)
        .filter((r) => isScript(r.url, r.type) && log.depthOf(r) > BUDGETS.firstScreenScriptDepth);
      expect(firstScreen.scriptDepth, late.map((r) => r.url).join(', ')).toBeLessThanOrEqual(
        BUDGETS.firstScreenScriptDepth,
      );
      expect(uncompressed(log.requests, product.url)).toEqual([]);
      // Not a vacuous pass: the scripts did come compressed.
      expect(log.requests.some((r) => r.contentEncoding === 'br' && /\.js$/.test(r.url))).toBe(true);
    });
  }

  test('a signed-in first screen’s own scripts ask V8 to compile them as they download, and only those', async ({
    request,
  }) => {
    const html = await (await request.get('/companies', { headers: { Accept: 'text/html' } })).text();
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] as string);
    const hinted: string[] = [];
    for (const src of scripts) {
      const code = await (await request.get(src)).text();
      if (code.startsWith(`${COMPILE_HINT}\n`)) hinted.push(src);
    }
    // Which file is which, by where it lives and its named chunks: the other chunks' names are ids that
    // differ between checkouts. What runs on every signed-in cold load: the shell's entry and the shared
    // modules it provides at once (`/static/js/`), the signed-in frame, and the area's entry and page
    // (everything the page names under `/remotes/`). Not the head scripts (a few hundred bytes), nor the
    // shell's files of the shared modules the area asks for: hinting every file of the shell measured no
    // better (docs/performance.md, 2026-11-29 23:13 UTC).
    const isHead = (src: string) => /^\/static\/js\/head\.[^/]+\.js$/.test(src);
    const runsAtOnce = (src: string) =>
      (/^\/static\/js\/[^/]+\.js$/.test(src) && !isHead(src)) ||
      /^\/static\/js\/async\/signed-in\.[^/]+\.js$/.test(src) ||
      src.startsWith('/remotes/');
    expect(hinted).toEqual(scripts.filter(runsAtOnce));
    // Not a vacuous pass: the page does name each kind of file.
    for (const kind of [
      /^\/static\/js\/index\./,
      /\/signed-in\./,
      /\/remoteEntry\.js$/,
      /__federation_expose_CompaniesPage/,
    ])
      expect(
        hinted.some((src) => kind.test(src)),
        String(kind),
      ).toBe(true);
    expect(scripts.some(isHead) && scripts.some((src) => /^\/static\/js\/async\//.test(src) && !runsAtOnce(src))).toBe(
      true,
    );
  });

  test('/login: JavaScript, files and round trips before the form is usable', async ({ page }) => {
    const { log, ready } = await visit(page, '/login', undefined, screen('login'));
    const figures = await loadFigures(log, ready.ms, 0, ready.wallMs);
    expect(figures.jsFiles).toBeLessThanOrEqual(BUDGETS.login.jsFiles.ceiling);
    expect(figures.depth).toBeLessThanOrEqual(BUDGETS.login.depth.ceiling);
    expect(figures.jsGzipBytes / KB).toBeLessThanOrEqual(BUDGETS.login.jsGzipKB.ceiling);
  });

  test('the dashboard: JavaScript before it shows', async ({ page, api }) => {
    const { token } = await api.createUser({ is_superuser: true });
    const { log, ready } = await visit(page, '/', token, screen('dashboard'));
    const figures = await loadFigures(log, ready.ms, 0, ready.wallMs);
    expect(figures.jsGzipBytes / KB).toBeLessThanOrEqual(BUDGETS.dashboard.jsGzipKB.ceiling);
  });

  for (const nav of MENU_NAVIGATIONS) {
    test(`menu → ${nav.to.path}: the page was loaded ahead, nothing fetched twice, its first render kept small`, async ({
      page,
      api,
    }) => {
      const { token } = await api.createUser({ is_superuser: true });
      await countRendersOnLoad(page);
      const { log } = await visit(page, '/', token, screen('dashboard'));
      const link = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: nav.link });
      // As a person would: the pointer reaches the entry, then clicks.
      await link.hover();
      await networkQuiet(log, 2500);
      const mark = log.mark();
      await probeReadyNow(page, nav.to, '__navReady');
      const clickedAt = await page.evaluate(() => performance.now());
      await link.click();
      const ready = await readyTime(page, '__navReady');
      const after = await loadFigures(log, ready.ms, mark, ready.wallMs);
      expect(after.jsGzipBytes / KB).toBeLessThanOrEqual(BUDGETS.navigation.jsGzipKB.ceiling);
      const untilReady = (await commitsSince(page, clickedAt)).filter((commit) => commit.at <= ready.ms);
      // Not a vacuous pass: the counter saw the page render.
      expect(untilReady.reduce((n, commit) => n + commit.components, 0)).toBeGreaterThan(0);
      expect(untilReady.reduce((n, commit) => n + commit.styled, 0)).toBeLessThanOrEqual(
        BUDGETS.navigationStyledElements[nav.to.path] ?? 0,
      );
      await networkQuiet(log, 1500);
      expect(describeDuplicates(log)).toEqual([]);
    });
  }
});
