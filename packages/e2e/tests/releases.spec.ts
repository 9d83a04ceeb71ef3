import type { Browser, Page } from '@playwright/test';
import { test as base, expect } from '../src/fixtures.js';
import { PRODUCT_FIXTURE_TIMEOUT_MS, type Product, SUPERUSER, startProduct } from '../src/product.js';
import { buildRequiring, GREETINGS_DIST, GREETINGS_EDITION_2_DIST, remotesCommand } from '../src/remote-delivery.js';

/**
 * A team ships its area through the release store (issue 25), in production mode, where only `remotes`
 * commands change what users get: a second build is published without anyone seeing it, shown to one
 * named user, promoted to everyone — a page left open meanwhile keeps working on its own build — and
 * rolled back; a build the shell cannot run is refused. The area is the fixture remote `greetings`
 * (packages/e2e/fixtures/remote-greetings), whose two builds differ only in "Edição N" on its screens.
 * The tests run in order: each starts from what the one before left.
 */

interface Desk {
  /** The greetings team's deploy key (created by a super user), as its CI holds it in DEPLOY_KEY. */
  team: Record<string, string>;
  /** A super user's credentials on the command line. */
  admin: string[];
  /** The versions of the two builds, as `remotes publish` printed them. */
  first: string;
  second: string;
}

const test = base.extend<object, { desk: Desk }>({
  product: [
    async ({ smtp }, use) => {
      const product = await startProduct({
        NODE_ENV: 'production',
        SECRET_KEY: 'e2e-releases-9hF2kQ7xLmP4vZ8rT1wY6sB3nC5jD0aG',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_TLS: 'false',
      });
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: PRODUCT_FIXTURE_TIMEOUT_MS },
  ],
  desk: [
    async ({ product, api }, use) => {
      const admin = ['--user', SUPERUSER.email, '--password', SUPERUSER.password];
      // A new production install serves no area until its builds are published and promoted.
      const install = await remotesCommand(product, ['publish-all', '--promote', ...admin]);
      expect(install.stderr).toBe('');
      expect(install.stdout).toMatch(/^promoted shell@/m);
      const key = await api.call<{ key: string }>('POST', 'deploy-keys/', await api.superuserToken(), {
        name: 'CI saudações',
        remote: 'greetings',
      });
      const team = { DEPLOY_KEY: key.key };
      const first = await published(await remotesCommand(product, ['publish', GREETINGS_DIST], team));
      const promoted = await remotesCommand(product, ['promote', 'greetings', first], team);
      expect(promoted.stdout).toBe(`promoted greetings@${first}: everybody gets ${first}\n`);
      await use({ team, admin, first, second: '' });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

// Each test loads several pages in two browsers: three times the suite's usual minute.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function published(result: { code: number; stdout: string; stderr: string }): Promise<string> {
  expect(result.stderr).toBe('');
  const version = /^published greetings@(\S+)\n$/.exec(result.stdout)?.[1];
  expect(version, result.stdout).toBeDefined();
  return version as string;
}

// What is on screen: until the app takes over, the page's first paint holds the text once per menu width
// (one of them hidden) and the app's own copy renders unseen beside it.
const edition = (page: Page, n: number) => page.getByText(`Edição ${n} desta área.`).filter({ visible: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** A second person's browser, signed in, on `path`. */
async function openAs(browser: Browser, product: Product, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: product.url, locale: 'pt-BR' });
  await context.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

let ana: { email: string; token?: string };
let bia: { email: string; token?: string };

test('a team’s area, published and promoted with its deploy key, gets its screen and menu entry', async ({
  page,
  api,
  signIn,
  desk,
}) => {
  ana = await api.createUser({ full_name: 'Ana Souza' });
  bia = await api.createUser({ full_name: 'Bia Lima' });
  await signIn(ana.token as string, '/greetings');
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza!' })).toBeVisible();
  await expect(edition(page, 1)).toBeVisible();
  await expect(nav(page).getByRole('link')).toHaveText(['Início', 'Empresas', 'Saudações', 'Configurações']);
  // Only the release store serves it: every file the page loads of it is under its version.
  expect(await page.evaluate(() => document.getElementById('backoffice-config')?.textContent)).toContain(
    `/remotes/greetings/${desk.first}/remoteEntry.js`,
  );
});

test('a second build, published, changes nothing anyone gets', async ({ page, signIn, product, desk }) => {
  desk.second = await published(await remotesCommand(product, ['publish', GREETINGS_EDITION_2_DIST], desk.team));
  expect(desk.second).not.toBe(desk.first);
  await signIn(ana.token as string, '/greetings');
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza!' })).toBeVisible();
  await expect(edition(page, 1)).toBeVisible();
  const list = await remotesCommand(product, ['list', 'greetings'], desk.team);
  expect(list.stdout).toMatch(new RegExp(`${desk.second}\\s+nobody\\s+.* by deploy key "CI saudações"`));
  expect(list.stdout).toMatch(new RegExp(`${desk.first}\\s+everyone\\s`));
});

test('a canary for a named user: only they get the second build', async ({ page, signIn, browser, product, desk }) => {
  // A release manager (a super user) shows it to Ana only.
  const canary = await remotesCommand(product, [
    'canary',
    'greetings',
    desk.second,
    '--users',
    ana.email,
    ...desk.admin,
  ]);
  expect(canary.stdout).toBe(
    `canary greetings@${desk.second}: ${ana.email} get ${desk.second}; everybody else gets ${desk.first}\n`,
  );
  // A browser carries its user's audience from its first API request on (a returning user's has it
  // already): from then on, every load of Ana's gets the canary.
  await signIn(ana.token as string, '/greetings');
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza!' })).toBeVisible();
  await page.reload();
  await expect(edition(page, 2)).toBeVisible();
  await page.reload();
  await expect(edition(page, 2)).toBeVisible();

  const other = await openAs(browser, product, bia.token as string, '/greetings');
  await expect(other.getByRole('heading', { name: 'Olá, Bia Lima!' })).toBeVisible();
  await other.reload();
  await expect(edition(other, 1)).toBeVisible();
  await other.context().close();
});

test('promote: everyone gets it, and a page left open across the promotion keeps working on its build', async ({
  page,
  signIn,
  browser,
  product,
  desk,
}) => {
  // Bia's page is open on the first build before the promotion.
  await signIn(bia.token as string, '/greetings');
  await expect(edition(page, 1)).toBeVisible();

  const promoted = await remotesCommand(product, ['promote', 'greetings', desk.second], desk.team);
  expect(promoted.stdout).toBe(`promoted greetings@${desk.second}: everybody gets ${desk.second}\n`);

  // Her open page goes on within the area: the next screen's code, never loaded yet, comes from the
  // build the page started with, still served under its version.
  const chunks: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/remotes/greetings/')) chunks.push({ url: response.url(), status: response.status() });
  });
  await page.getByRole('link', { name: 'Cumprimentar a Bia' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Bia!' })).toBeVisible();
  await expect(edition(page, 1)).toBeVisible();
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) {
    expect(chunk.url).toContain(`/remotes/greetings/${desk.first}/`);
    expect(chunk.status).toBe(200);
  }
  await nav(page).getByRole('link', { name: 'Empresas' }).click();
  await expect(page.getByRole('heading', { name: 'Gestão de Empresas' })).toBeVisible();

  // Her next page load gets the promoted build; so does everyone else's.
  await page.goto('/greetings');
  await expect(edition(page, 2)).toBeVisible();
  const someoneElse = await openAs(browser, product, ana.token as string, '/greetings/Caio');
  await expect(someoneElse.getByRole('heading', { name: 'Olá, Caio!' })).toBeVisible();
  await expect(edition(someoneElse, 2)).toBeVisible();
  await someoneElse.context().close();
});

test('rollback: everyone gets the first build again', async ({ page, signIn, product, desk }) => {
  const rolledBack = await remotesCommand(product, ['rollback', 'greetings'], desk.team);
  expect(rolledBack.stdout).toBe(`rolled back greetings: everybody gets ${desk.first}\n`);
  await signIn(ana.token as string, '/greetings');
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza!' })).toBeVisible();
  await expect(edition(page, 1)).toBeVisible();

  const history = (await remotesCommand(product, ['list', 'greetings'], desk.team)).stdout;
  expect(history).toMatch(new RegExp(`rollback\\s+${desk.first}\\s+\\(was ${desk.second}\\)\\s+by deploy key`));
  expect(history).toMatch(new RegExp(`canary\\s+${desk.second}\\s+.*${ana.email}\\s+by ${SUPERUSER.email}`));
});

test('an incompatible build is refused, naming the library and both versions, and nothing changes', async ({
  page,
  signIn,
  product,
  desk,
}) => {
  const build = buildRequiring(GREETINGS_EDITION_2_DIST, 'react', '^20.0.0');
  try {
    const refused = await remotesCommand(product, ['publish', build.dir], desk.team);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^Error: 400: greetings@\S+ does not work with the shell \S+: it requires react \^20\.0\.0; the shell provides react 19\.\d+\.\d+\n$/,
    );
  } finally {
    build.remove();
  }
  const list = (await remotesCommand(product, ['list', 'greetings'], desk.team)).stdout;
  expect(list.match(/^1\.0\.0-[0-9a-f]{10}\s/gm)).toHaveLength(2);
  await signIn(bia.token as string, '/greetings');
  await expect(edition(page, 1)).toBeVisible();
});
