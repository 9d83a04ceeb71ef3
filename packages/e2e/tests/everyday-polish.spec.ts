import type { Locator, Page } from '@playwright/test';
import { loginForm, signupForm, uniqueEmail } from '../src/auth-pages.js';
import { seedCompanies, validCnpj } from '../src/companies.js';
import { startEmbedHost } from '../src/embed-host.js';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';

const DESKTOP = { width: 1366, height: 900 };
/** How long a filter browsed with the arrow keys rests before it applies (@backoffice/ui's FILTER_KEYS_DEBOUNCE_MS). */
const KEYS_PAUSE_MS = 600;

/** A run of text unique to one test, so its rows are the only ones a search shows. */
const uniqueTag = () => `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The left edge of each column header, in CSS pixels. */
const headerEdges = (page: Page) =>
  page
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));

/** Issue 28: the small defects a picky user found walking every screen. */

test.describe('loading indicators', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`the page spinner is a status named Carregando… with no axe violation (${theme})`, async ({
      page,
      api,
      signIn,
    }) => {
      const user = await api.createUser();
      // The frame shows its spinner until the current user has loaded (spec §2): hold that answer.
      await page.route('**/api/v1/users/me', () => {});
      await page.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
      await signIn(user.token as string, '/settings');
      await expect(page.getByRole('status')).toHaveText('Carregando…');
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('long data never breaks a list (issue 28)', () => {
  test.use({ viewport: DESKTOP });

  test('a 105-character Nome Fantasia: cut with …, whole on hover, no column lost', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    const tag = uniqueTag();
    const longName =
      `${tag} Comércio Atacadista de Produtos Alimentícios Regionais e Importados do Vale do Paraíba `.padEnd(105, 'x');
    const longLegal = `${tag} Razão Social Bastante Extensa de Uma Empresa Familiar Fundada Há Muitas Décadas Ltda EPP`;
    await seedCompanies(api, user.token as string, [{ trading_name: longName, legal_name: longLegal }]);
    await signIn(user.token as string, `/companies?search=${tag}`);
    const table = page.getByRole('table', { name: 'Empresas cadastradas' });
    await expect(table.getByRole('row')).toHaveCount(2);

    const box = await page.locator('main').boundingBox();
    const tableBox = await table.boundingBox();
    expect(tableBox && box && tableBox.x + tableBox.width).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    for (const header of ['CNPJ', 'Tipo', 'Ações']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeInViewport({ ratio: 1 });
    }
    await expect(table.getByRole('button', { name: `Ações para ${longName}` })).toBeInViewport({ ratio: 1 });
    // The whole name is in the cell (read by screen readers) and in its title (shown on hover).
    const cell = table.getByRole('cell', { name: longName, exact: true });
    await expect(cell).toBeVisible();
    await expect(cell.locator('[title]')).toHaveAttribute('title', longName);
    await expectNoSeriousA11yViolations(page);
  });

  test('columns stay put on sort, page and search', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    const tag = uniqueTag();
    await seedCompanies(
      api,
      user.token as string,
      Array.from({ length: 7 }, (_, i) => ({
        trading_name: `${tag} ${'Nome '.repeat(i * 3)}${i}`,
        legal_name: `${'Razão '.repeat(7 - i)}${tag} ${i}`,
      })),
    );
    await signIn(user.token as string, `/companies?search=${tag}`);
    const table = page.getByRole('table', { name: 'Empresas cadastradas' });
    await expect(table.getByRole('row')).toHaveCount(6);
    const edges = await headerEdges(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Razão Social' }).click();
    await expect(page).toHaveURL(/sort=legal_name/);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    expect(await headerEdges(page)).toEqual(edges);

    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page.getByText('Página 2')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    expect(await headerEdges(page)).toEqual(edges);

    await page.getByRole('searchbox').fill(`${tag} 6`);
    await expect(table.getByRole('row')).toHaveCount(2);
    expect(await headerEdges(page)).toEqual(edges);
  });
});

test.describe('Usuários at 1366 × 900 (issue 28)', () => {
  test.use({ viewport: DESKTOP });

  test('a full page of ten users shows its pagination without scrolling', async ({ page, api, signIn }) => {
    for (let i = 0; i < 11; i++) await api.createUser();
    await signIn(await api.superuserToken(), '/admin');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
    await expect(page.getByRole('button', { name: 'Próximo' })).toBeInViewport({ ratio: 1 });
  });
});

test.describe('one dialog frame (issue 28)', () => {
  test.use({ viewport: DESKTOP });

  test('the user dialogs are centred, as tall as their content and closable', async ({ page, api, signIn }) => {
    const admin = await api.superuserToken();
    await signIn(admin, '/admin');
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await expect(dialog).toBeVisible();
    const frame = await dialog.boundingBox();
    expect(frame?.height).toBeLessThan(DESKTOP.height - 40);
    // Centred: the space above equals the space below, within rounding.
    expect(Math.abs((frame?.y ?? 0) - (DESKTOP.height - (frame?.y ?? 0) - (frame?.height ?? 0)))).toBeLessThan(4);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('Escape on a half-filled form asks first; the focus is on Continuar editando', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await signIn(user.token as string, '/companies');
    await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Empresa' });
    await dialog.getByLabel('Nome Fantasia').fill('Padaria Meio Preenchida');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('button', { name: 'Continuar editando' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(dialog.getByLabel('Nome Fantasia')).toHaveValue('Padaria Meio Preenchida');
    // A click outside asks too.
    await page.mouse.click(5, 5);
    await ask.getByRole('button', { name: 'Descartar' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('a submit keeps the focus in the field while pressed (issue 28)', () => {
  test.use({ viewport: DESKTOP });

  /**
   * Presses `button` with the mouse and, before letting go, expects the focus still in `field`: the
   * field's blur validation would otherwise run mid-press and move the button from under the pointer
   * (an error line appears or goes), and the click would be lost. The users dialog does this already.
   */
  async function pressKeepingFocus(page: Page, button: Locator, field: Locator) {
    const box = await button.boundingBox();
    if (!box) throw new Error('the button is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect(field).toBeFocused();
    await page.mouse.up();
  }

  test('the company dialog: Salvar', async ({ page, api, signIn }) => {
    const token = (await api.createUser()).token as string;
    await signIn(token, '/companies');
    await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Empresa' });
    await dialog.getByLabel('Nome Fantasia').fill('Padaria Pressionada');
    await dialog.getByLabel('Razão Social').fill('Padaria Pressionada Ltda');
    const cnpj = dialog.getByLabel('CNPJ');
    await cnpj.pressSequentially(validCnpj());
    await pressKeepingFocus(page, dialog.getByRole('button', { name: 'Salvar' }), cnpj);
    await expect(page.getByText('Empresa criada com sucesso.')).toBeVisible();
  });

  test('sign-up: Sign Up', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.locator('html[data-live]')).toBeAttached();
    const signup = signupForm(page);
    await signup.fullName.fill('Pessoa Pressionada');
    await signup.email.fill(uniqueEmail('press'));
    await signup.password.fill('press-password-1');
    await signup.confirm.fill('press-password-1');
    await pressKeepingFocus(page, signup.submit, signup.confirm);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sign-in: Entrar', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/login');
    await expect(page.locator('html[data-live]')).toBeAttached();
    const login = loginForm(page);
    await login.email.fill(user.email);
    await login.password.fill(user.password);
    await pressKeepingFocus(page, login.submit, login.password);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('keyboard (issue 28)', () => {
  test.use({ viewport: DESKTOP });

  test('the first Tab reaches "Pular para o conteúdo"; Enter focuses the page', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await signIn(user.token as string, '/companies');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Empresas' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The next stop is inside the page, not the menu.
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
    await expect(page).toHaveURL(/\/companies$/);
  });

  test('the search box and the filters ring their focus 2 px wide, like a button', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await signIn(user.token as string, '/companies');
    const outlineOf = async (name: string, role: 'searchbox' | 'combobox' | 'button') => {
      const control = page.getByRole(role, { name, exact: true });
      await control.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(control).toBeFocused();
      return control.evaluate((el) => getComputedStyle(el).outlineWidth);
    };
    expect(await outlineOf('Adicionar Empresa', 'button')).toBe('2px');
    expect(await outlineOf('Buscar por nome, razão social ou CNPJ', 'searchbox')).toBe('2px');
    expect(await outlineOf('Tipo', 'combobox')).toBe('2px');
  });

  test('ArrowDown through Tipo asks for the list once, with the choice it rests on', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await seedCompanies(api, user.token as string, [{}]);
    await signIn(user.token as string, '/companies');
    await expect(page.getByRole('table')).toBeVisible();
    // The first page's requests, by their type (the next page is prefetched too: skip > 0).
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname !== '/api/v1/companies/' || Number(url.searchParams.get('skip') ?? 0) > 0) return;
      asked.push(url.searchParams.get('type') ?? '');
    });
    const tipo = page.getByRole('combobox', { name: 'Tipo' });
    await tipo.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(tipo).toHaveValue('filial');
    await expect(page).toHaveURL(/type=filial/);
    // The list follows the URL a render later (the page reached network idle long before: waiting for it
    // returns at once). Then a moment more, as long as the keys' pause, for a second request to show.
    await expect.poll(() => asked.filter((type) => type === 'filial')).toHaveLength(1);
    await page.waitForTimeout(KEYS_PAUSE_MS);
    expect(asked.filter((type) => type === 'matriz')).toEqual([]);
    expect(asked.filter((type) => type === 'filial')).toHaveLength(1);
  });
});

test.describe('API down on the dashboard (issue 28)', () => {
  test.use({ viewport: DESKTOP });

  test('the error panel is inside the frame; Tentar novamente brings the dashboard', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await page.route('**/api/v1/users/me', (route) => route.abort('connectionrefused'));
    await signIn(user.token as string, '/');
    const panel = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar seus dados' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link')).toHaveText([
      'Início',
      'Empresas',
      'Configurações',
    ]);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.unroute('**/api/v1/users/me');
    await panel.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Bem-vindo\(a\)/ })).toBeVisible();
  });
});

test.describe('an embed on an origin the server does not allow (issue 28)', () => {
  test('says what is wrong in the panel and in the console, not only "Verifique a conexão"', async ({
    page,
    api,
    product,
  }) => {
    // The worker's product has no CORS_ORIGINS and no partner key for this portal's origin.
    const host = await startEmbedHost();
    try {
      const user = await api.createUser();
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      const query = new URLSearchParams({ api: product.url, token: user.token as string });
      await page.goto(`${host.origin}/portal?${query}`);
      const embed = page.locator('backoffice-companies');
      const panel = embed.getByRole('alert').filter({ hasText: 'Não foi possível carregar as empresas.' });
      await expect(panel).toBeVisible();
      await expect(panel).toContainText(
        `O servidor ${product.url} não respondeu a esta página. Se ele está no ar, a origem ${host.origin} não está autorizada: inclua-a em CORS_ORIGINS ou use uma chave de parceiro com esta origem.`,
      );
      await expect
        .poll(() =>
          logged.some((text) => text.includes(`origin ${host.origin} is not allowed`) && text.includes('CORS_ORIGINS')),
        )
        .toBe(true);
    } finally {
      await host.close();
    }
  });
});

test.describe('companies on a phone (issue 28)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the placeholder is whole; the actions reach the edge like the search box', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await signIn(user.token as string, '/companies');
    const search = page.getByRole('searchbox', { name: 'Buscar por nome, razão social ou CNPJ' });
    await expect(search).toBeVisible();
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(input.placeholder).width;
      const box = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text, box };
    });
    expect(room.text).toBeLessThanOrEqual(room.box);

    const searchBox = await search.boundingBox();
    const add = await page.getByRole('button', { name: 'Adicionar Empresa' }).boundingBox();
    const exportButton = await page.getByRole('button', { name: 'Exportar CSV' }).boundingBox();
    const right = (box: typeof add) => (box ? box.x + box.width : 0);
    expect(Math.abs(right(add) - right(searchBox))).toBeLessThanOrEqual(1);
    expect(Math.abs((exportButton?.x ?? 0) - (searchBox?.x ?? 0))).toBeLessThanOrEqual(1);
    await expectNoSeriousA11yViolations(page);
  });
});
