import { gzipSync } from 'node:zlib';
import type { Page, Request, Route } from '@playwright/test';
import { BUDGETS } from '../src/budgets.js';
import { seedCompanies, validCnpj } from '../src/companies.js';
import { expect, test } from '../src/fixtures.js';
import { logInThroughForm, logOut } from '../src/users-area.js';

/**
 * Issue 26, "data does not wait for code": the page's head script asks for the current user and the first
 * screen's data with the stored token before the app's code has run, and the app takes those answers over
 * — each request is made once on a cold load, a 401 still ends the session, and an answer is never used
 * for another session.
 */

/** Every API GET the page makes, as `/api/v1/…?…`. */
function apiRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/v1/')) asked.push(url.pathname + url.search);
  });
  return asked;
}

const count = (asked: string[], path: string) => asked.filter((url) => url === path).length;

/** The early answers the app has not taken (the head script's store; undefined when it asked for nothing). */
const untaken = (page: Page) =>
  page.evaluate(() => {
    const early = (window as { __BACKOFFICE_EARLY__?: { answers: object } }).__BACKOFFICE_EARLY__;
    return early && Object.keys(early.answers).map((url) => new URL(url).pathname + new URL(url).search);
  });

/** Each of `paths` was asked for once on the page, with the current user, and the app took every early answer. */
async function expectEachAskedOnce(page: Page, asked: string[], paths: string[]) {
  for (const path of ['/api/v1/users/me', ...paths]) expect(count(asked, path), path).toBe(1);
  expect(await untaken(page)).toEqual([]);
}

/**
 * Holds every file of a remote (its entry, its page) until each of `paths` was asked for — so those did not
 * wait for the screen's code — then lets them through. Await `released` once the page has been opened.
 */
async function holdRemoteUntilAsked(page: Page, remote: string, asked: string[], paths: string[]) {
  const held: Route[] = [];
  let holding = true;
  await page.route(`**/remotes/${remote}/**`, (route) => (holding ? void held.push(route) : route.continue()));
  const released = (async () => {
    await expect.poll(() => paths.filter((path) => count(asked, path) === 0)).toEqual([]);
    holding = false;
    for (const route of held.splice(0)) await route.continue();
  })();
  return { released };
}

test('a cold /companies asks for the user and the list’s first page once, before the app’s code', async ({
  page,
  api,
  signIn,
}) => {
  const asked = apiRequests(page);
  const user = await api.createUser();
  const name = `Cedo ${Date.now()}`;
  await seedCompanies(api, user.token as string, [{ trading_name: name }]);
  // The URL as a person may type it: the search padded, an order, page 1 spelled out.
  await signIn(user.token as string, `/companies?page=1&search=%20${encodeURIComponent(name)}%20&sort=-trading_name`);
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  const list = `/api/v1/companies/?skip=0&limit=5&search=${new URLSearchParams({ s: name }).toString().slice(2)}&sort=-trading_name`;
  // The head script asked for both, and the app took both answers over.
  await expectEachAskedOnce(page, asked, [list]);
});

test('a cold company page asks for the company and its history once, with the user', async ({ page, api, signIn }) => {
  const asked = apiRequests(page);
  const user = await api.createUser();
  const name = `Ficha ${Date.now()}`;
  const { id } = await api.createCompany(user.token as string, {
    trading_name: name,
    legal_name: `${name} Ltda`,
    tax_id: validCnpj(),
    type: 'matriz',
    is_active: true,
  });
  const record = [`/api/v1/companies/${id}`, `/api/v1/companies/${id}/history`];
  // The head script asked for both (the company page's declared firstData) before the page's code came,
  // and the app took both over.
  const { released } = await holdRemoteUntilAsked(page, 'companies', asked, record);
  await signIn(user.token as string, `/companies/${id}`);
  await released;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectEachAskedOnce(page, asked, record);
});

test('a cold dashboard greets as soon as the user is known, then fills its cards, each request once', async ({
  page,
  api,
  signIn,
}) => {
  const asked = apiRequests(page);
  const held: Route[] = [];
  // The companies' counts are held back: the greeting must not wait for them.
  await page.route(/\/api\/v1\/companies\/\?skip=0&limit=1/, (route) => {
    held.push(route);
  });
  await signIn(await api.superuserToken());
  await expect(page.getByRole('heading', { level: 1, name: /^Bem-vindo\(a\), / })).toBeVisible();
  const companiesCard = page.getByRole('region', { name: 'Empresas' });
  await expect(companiesCard.getByRole('status', { name: 'Carregando…' })).toBeVisible();
  await expect.poll(() => held.length).toBe(2);
  for (const route of held) await route.continue();
  await expect(companiesCard.getByTestId('total')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Usuários' }).getByTestId('total')).toBeVisible();
  await expectEachAskedOnce(page, asked, [
    '/api/v1/companies/?skip=0&limit=1',
    '/api/v1/companies/?skip=0&limit=1&is_active=true',
    '/api/v1/users/?skip=0&limit=1',
    '/api/v1/users/?skip=0&limit=1&is_active=true',
  ]);
});

test('a cold users list asks for its first page once, once the user is known to be a super user', async ({
  page,
  api,
  signIn,
}) => {
  const asked = apiRequests(page);
  await signIn(await api.superuserToken(), '/admin?page=1');
  // The first data row, whoever it is (the worker's product holds the users other specs made).
  await expect(page.getByRole('table', { name: 'Usuários' }).getByRole('row').nth(1)).toBeVisible();
  await expectEachAskedOnce(page, asked, ['/api/v1/users/?skip=0&limit=10']);
});

test('a cold activity list asks for its newest events once, with the URL’s filters', async ({ page, api, signIn }) => {
  const asked = apiRequests(page);
  // A user of this test's own: the list narrowed to its events (its creation).
  const user = await api.createUser();
  const events = `/api/v1/audit-events?entity_type=user&entity_id=${user.id}`;
  // Asked for once the visitor is known to be a super user, before the activity page's code came.
  const { released } = await holdRemoteUntilAsked(page, 'admin', asked, [events]);
  await signIn(await api.superuserToken(), `/admin/activity?entity_type=user&entity_id=${user.id}`);
  await released;
  await expect(page.getByRole('link', { name: user.email }).first()).toBeVisible();
  await expectEachAskedOnce(page, asked, [events]);
});

test('a super user’s next cold users list leaves with the user, not after its answer', async ({
  page,
  api,
  signIn,
}) => {
  const firstRow = page.getByRole('table', { name: 'Usuários' }).getByRole('row').nth(1);
  await signIn(await api.superuserToken(), '/admin?page=1');
  await expect(firstRow).toBeVisible();
  // The next load, with the answer about the user held: what the last visit kept sends the list anyway.
  const asked = apiRequests(page);
  const held: Route[] = [];
  await page.route('**/api/v1/users/me', (route) => void held.push(route));
  await page.reload();
  await expect.poll(() => count(asked, '/api/v1/users/?skip=0&limit=10')).toBe(1);
  expect(held).toHaveLength(1);
  for (const route of held.splice(0)) await route.continue();
  await page.unroute('**/api/v1/users/me');
  await expect(firstRow).toBeVisible();
  await expectEachAskedOnce(page, asked, ['/api/v1/users/?skip=0&limit=10']);
});

test('an ordinary user’s dashboard never asks for the user list, early or late', async ({ page, api, signIn }) => {
  const asked = apiRequests(page);
  const user = await api.createUser();
  await signIn(user.token as string);
  await expect(page.getByRole('region', { name: 'Empresas' }).getByTestId('total')).toBeVisible();
  expect(asked.filter((url) => url.startsWith('/api/v1/users/?'))).toEqual([]);
  expect(count(asked, '/api/v1/users/me')).toBe(1);
  expect(count(asked, '/api/v1/companies/?skip=0&limit=1')).toBe(1);
});

test('a refused token still ends the session: to /login, the token forgotten', async ({ page, signIn }) => {
  const asked = apiRequests(page);
  await signIn('not-a-valid-token', '/companies');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(count(asked, '/api/v1/users/me')).toBe(1);
});

test('after a sign-out, another account sees its own data, not the first one’s early answers', async ({
  page,
  api,
}) => {
  const first = await api.createUser();
  const second = await api.createUser();
  await logInThroughForm(page, first.email, first.password);
  // A cold load with the first account's token: the head script asks for its data.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Seu Perfil' }).getByText(first.email)).toBeVisible();
  await logOut(page);
  expect(await untaken(page)).toBeUndefined();
  const asked = apiRequests(page);
  await logInThroughForm(page, second.email, second.password);
  await expect(page.getByRole('region', { name: 'Seu Perfil' }).getByText(second.email)).toBeVisible();
  // The second account's user was asked for with its own token, by the app.
  expect(count(asked, '/api/v1/users/me')).toBe(1);
});

test('the head script is the signed-in page’s first script, and tiny', async ({ page, api, signIn }) => {
  const user = await api.createUser();
  await signIn(user.token as string, '/companies');
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  const first = await page.evaluate(() => document.querySelector('script[src]')?.getAttribute('src'));
  expect(first).toMatch(/^\/static\/js\/head\.[0-9a-f]{10}\.js$/);
  const code = await (await page.request.get(first as string)).body();
  expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(BUDGETS.headScriptGzipBytes);
  // A public page does not get it: nothing to ask for there (its one head script is the first paint's, not deferred).
  await page.goto('/login');
  expect(await page.locator('script[defer][src*="/static/js/head."]').count()).toBe(0);
});
