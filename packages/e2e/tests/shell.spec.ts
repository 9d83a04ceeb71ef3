import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

test.describe('session guard', () => {
  test('sends an anonymous visitor of a protected route to /login', async ({ page }) => {
    await page.goto('/companies');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sends a signed-in user away from the account routes to /', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await signIn(user.token as string, '/login');
    await expect(page).toHaveURL(/\/$/);
    for (const path of ['/signup', '/recover-password', '/reset-password?token=x']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('on localhost clears the stored token and session storage at start', async ({ page, api, product }) => {
    const user = await api.createUser();
    const localhost = `http://localhost:${product.port}`;
    await page.goto(`${localhost}/login`);
    await page.evaluate((token) => {
      localStorage.setItem('access_token', token);
      sessionStorage.setItem('something', 'kept?');
    }, user.token as string);
    await page.goto(`${localhost}/`);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('access_token'), sessionStorage.length])).toEqual([null, 0]);
  });
});

test.describe('menu', () => {
  test('an ordinary user sees Início, Empresas and Configurações, not Usuários', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await signIn(user.token as string);
    const menu = nav(page);
    await expect(menu.getByRole('link')).toHaveText(['Início', 'Empresas', 'Configurações']);
    await expect(page.getByText(`Logged in as: ${user.email}`)).toBeVisible();
  });

  test('a super user also sees Usuários, and the active entry is marked', async ({ page, api, signIn }) => {
    const admin = await api.createUser({ is_superuser: true });
    await signIn(admin.token as string, '/settings');
    const menu = nav(page);
    await expect(menu.getByRole('link')).toHaveText(['Início', 'Empresas', 'Usuários', 'Configurações']);
    await expect(menu.getByRole('link', { name: 'Configurações' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Empresas' }).click();
    await expect(page).toHaveURL(/\/companies$/);
  });

  test('collapses to 70 px with tooltips after 300 ms, and expands to 240 px', async ({ page, api, signIn }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await api.createUser();
    await signIn(user.token as string);
    const sidebar = page.locator('aside').filter({ has: nav(page) });
    await expect(sidebar).toHaveCSS('width', '240px');
    await page.getByRole('button', { name: 'Recolher menu' }).click();
    await expect(sidebar).toHaveCSS('width', '70px');
    await nav(page).getByRole('link', { name: 'Empresas' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Empresas');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Expandir menu' }).click();
    await expect(sidebar).toHaveCSS('width', '240px');
  });

  test('is a drawer on a 390×844 screen', async ({ page, api, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await api.createUser();
    await signIn(user.token as string);
    await expect(nav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Empresas' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await drawer.getByRole('link', { name: 'Configurações' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the user menu opens the profile and logs out', async ({ page, api, signIn }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await api.createUser();
    await signIn(user.token as string);
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await expect(page.getByRole('menuitem', { name: 'Meu perfil' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('menuitem', { name: 'Meu perfil' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('the sidebar log out action logs out', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await signIn(user.token as string);
    await nav(page).locator('xpath=..').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('dashboard', () => {
  test('greets by name and shows the figures of the API for a super user', async ({ page, api, signIn }) => {
    const admin = await api.createUser({ is_superuser: true, full_name: 'Beatriz Lima' });
    const token = admin.token as string;
    const companies = await api.call<{ count: number }>('GET', 'companies/?limit=1', token);
    const users = await api.call<{ count: number }>('GET', 'users/?limit=1', token);
    // The registry's active totals (issue 27), not the active rows of one loaded page.
    const activeCompanies = (await api.call<{ count: number }>('GET', 'companies/?limit=1&is_active=true', token))
      .count;
    const activeUsers = (await api.call<{ count: number }>('GET', 'users/?limit=1&is_active=true', token)).count;
    await signIn(token);
    await expect(page.getByRole('heading', { name: 'Bem-vindo(a), Beatriz Lima!' })).toBeVisible();
    await expect(page.getByText('Aqui está um resumo do sistema').filter({ visible: true })).toBeVisible();
    const companiesCard = page.getByRole('region', { name: 'Empresas' });
    await expect(companiesCard.getByTestId('total')).toHaveText(String(companies.count));
    await expect(companiesCard.getByTestId('active')).toHaveText(`${activeCompanies} ativas`);
    const usersCard = page.getByRole('region', { name: 'Usuários' });
    await expect(usersCard.getByTestId('total')).toHaveText(String(users.count));
    await expect(usersCard.getByTestId('active')).toHaveText(`${activeUsers} ativos`);
    const profileCard = page.getByRole('region', { name: 'Seu Perfil' });
    await expect(profileCard.getByText(admin.email)).toBeVisible();
    await expect(profileCard.getByText('Administrador')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('counts companies created through the API', async ({ page, api, signIn }) => {
    const user = await api.createUser({ full_name: '' });
    const token = user.token as string;
    const before = await api.call<{ count: number }>('GET', 'companies/', token);
    const { cnpjOf } = await import('@backoffice/contracts');
    await api.createCompany(token, {
      trading_name: 'Dash',
      legal_name: 'Dash Ltda',
      tax_id: cnpjOf(String(Date.now()).slice(-8)),
    });
    await signIn(token);
    await expect(page.getByRole('heading', { name: 'Bem-vindo(a), Usuário!' })).toBeVisible();
    const companiesCard = page.getByRole('region', { name: 'Empresas' });
    await expect(companiesCard.getByTestId('total')).toHaveText(String(before.count + 1));
  });

  test('shows no user card to an ordinary user and never asks for the user list', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    const userListCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/users\/(\?|$)/.test(r.url())) userListCalls.push(r.url());
    });
    await signIn(user.token as string);
    await expect(page.getByRole('region', { name: 'Seu Perfil' }).getByText('Usuário', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Empresas' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Usuários' })).toHaveCount(0);
    expect(userListCalls).toEqual([]);
  });
});

test('the not-found screen, inside the frame when signed in, leads back home', async ({ page, api, signIn }) => {
  const user = await api.createUser();
  await signIn(user.token as string, '/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Página não disponível' })).toBeVisible();
  await expect(page.getByText('Essa página ainda não está disponível').filter({ visible: true })).toBeVisible();
  // Signed in, the menu and the way out stay around it (issue 28, item 10).
  await expect(nav(page).getByRole('link', { name: 'Empresas' })).toBeVisible();
  await expect(page.getByText(`Logged in as: ${user.email}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole('button', { name: 'Go back' })
    .or(page.getByRole('link', { name: 'Go back' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('failure isolation', () => {
  test('a remote that is down shows a retry panel, the rest keeps working, and it recovers without a reload', async ({
    page,
    api,
    signIn,
  }) => {
    const user = await api.createUser();
    await page.route('**/remotes/companies/**', (route) => route.abort('connectionrefused'));
    await signIn(user.token as string, '/companies');
    const retry = page.getByRole('button', { name: 'Tentar novamente' });
    await expect(retry).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The frame still works: another area opens, and back again.
    await nav(page).getByRole('link', { name: 'Configurações' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(retry).toBeHidden();
    await nav(page).getByRole('link', { name: 'Empresas' }).click();
    await expect(retry).toBeVisible();

    // The remote comes back: one click, no full page load.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.unroute('**/remotes/companies/**');
    await retry.click();
    await expect(page.getByRole('heading', { name: 'Gestão de Empresas' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('the signed-in frame failing to download is recovered by "Tentar novamente", without a reload', async ({
    page,
    api,
    signIn,
  }) => {
    const user = await api.createUser();
    // Down until the retry: the page names the chunk, and the app asks for it again if that failed first.
    let down = true;
    await page.route('**/static/js/async/signed-in.*.js', (route) =>
      down ? route.abort('connectionrefused') : route.continue(),
    );
    // The shell's entry arriving late, the page's copy has failed before the app asks (the app must not
    // wait on that failed script: shell/src/first-screen-scripts.ts).
    await page.route('**/static/js/index.*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await signIn(user.token as string, '/');
    const retry = page.getByRole('button', { name: 'Tentar novamente' });
    await expect(retry).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    down = false;
    await retry.click();
    await expect(page.getByText('Aqui está um resumo do sistema').filter({ visible: true })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Empresas' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('a remote whose code throws is contained the same way', async ({ page, api, signIn }) => {
    // Serve a remote entry that throws when evaluated (at its versioned path from the release store, or not).
    await page.route(/\/remotes\/admin\/(?:[^/]+\/)?remoteEntry\.js/, (route) =>
      route.fulfill({ contentType: 'application/javascript', body: 'throw new Error("broken remote");' }),
    );
    const admin = await api.createUser({ is_superuser: true });
    await signIn(admin.token as string, '/admin');
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Início' }).click();
    await expect(page.getByText('Aqui está um resumo do sistema').filter({ visible: true })).toBeVisible();
  });
});

test.describe('theme', () => {
  test('is dark by default and keeps the chosen mode across reloads', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await signIn(user.token as string);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/light/);
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});

test('shell and remotes share one React, one QueryClient and one API client', async ({ page, api, signIn }) => {
  const user = await api.createUser();
  const currentUserCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/users/me')) currentUserCalls.push(r.url());
  });
  await signIn(user.token as string, '/companies');
  // The remote rendered with hooks under the shell's providers: two Reacts or two QueryClients would fail here.
  await expect(page.getByRole('heading', { name: 'Gestão de Empresas' })).toBeVisible();
  const loaded = await page.evaluate(() => {
    type Entry = { loaded?: boolean; lib?: unknown; from?: string };
    const share = (
      window as unknown as {
        __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Entry>>>> };
      }
    ).__FEDERATION__?.__SHARE__;
    const result: Record<string, string[]> = {};
    for (const scopes of Object.values(share ?? {})) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, entry] of Object.entries(versions)) {
            if (!entry.loaded && !entry.lib) continue;
            result[name] = [...(result[name] ?? []), `${version}@${entry.from}`];
          }
        }
      }
    }
    return result;
  });
  for (const name of ['react', 'react-dom', '@tanstack/react-query', '@backoffice/api-client', '@backoffice/ui']) {
    expect(new Set(loaded[name] ?? []).size, `${name}: ${JSON.stringify(loaded[name])}`).toBe(1);
  }
  // The shell loaded the current user once; the remote reused the same cache instead of asking again.
  expect(currentUserCalls.length).toBe(1);
});
