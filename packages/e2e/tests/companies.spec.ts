import type { Page, Request, Route } from '@playwright/test';
import {
  isCompaniesList,
  maskCnpj,
  saveCompanyDialog,
  tableRows,
  validAlphanumericCnpj,
  validCnpj,
} from '../src/companies.js';
import { deferred } from '../src/deferred.js';
import { expect, expectNoSeriousA11yViolations, registryTest as test } from '../src/fixtures.js';

const SEARCH = 'Buscar por nome, razão social ou CNPJ';

/** Each test starts signed in as a fresh ordinary user, with an empty registry. */
test.describe('/companies', () => {
  const searchBox = (page: Page) => page.getByRole('searchbox', { name: SEARCH });
  // A row by its company's name, which links to the company's page (an inactive one also has a badge).
  const row = (page: Page, tradingName: string) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name: tradingName, exact: true }) });

  test('lists companies with formatted CNPJ and type badges, for an ordinary user', async ({
    page,
    seed,
    openAsUser,
  }) => {
    const [matriz, filial] = await seed([
      { trading_name: 'Padaria São João', legal_name: 'Souza & Filhos Ltda', type: 'matriz' },
      { trading_name: 'Oficina Central', legal_name: 'Central Reparos ME', type: 'filial' },
    ]);
    await openAsUser('/companies');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Empresas' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Adicionar Empresa' })).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute('placeholder', SEARCH);
    await expect(page.getByRole('combobox', { name: 'Tipo' })).toHaveValue('');
    // The spec's columns, after the selection column (its header is the 'select all on this page' checkbox).
    await expect(page.getByRole('columnheader')).toHaveText([
      '',
      'Nome Fantasia',
      'Razão Social',
      'CNPJ',
      'Tipo',
      'Ações',
    ]);
    await expect(page.getByRole('checkbox', { name: 'Selecionar todas desta página' })).toBeVisible();
    await expect(row(page, 'Padaria São João')).toBeVisible();
    // Newest first.
    await expect
      .poll(() => tableRows(page))
      .toEqual([
        ['Oficina Central', 'Central Reparos ME', maskCnpj(filial?.tax_id as string), 'FILIAL'],
        ['Padaria São João', 'Souza & Filhos Ltda', maskCnpj(matriz?.tax_id as string), 'MATRIZ'],
      ]);
    // matriz purple, filial blue.
    const colour = async (text: string) =>
      page
        .getByRole('table')
        .getByText(text, { exact: true })
        .evaluate((badge) => getComputedStyle(badge).color.match(/\d+/g)?.map(Number) ?? []);
    const [mr, mg, mb] = await colour('MATRIZ');
    const [fr, fg, fb] = await colour('FILIAL');
    expect(mr).toBeGreaterThan(mg as number);
    expect(mb).toBeGreaterThan(mg as number);
    expect(fb).toBeGreaterThan(fr as number);
    expect(fb).toBeGreaterThan(fg as number);

    await expectNoSeriousA11yViolations(page);
  });

  test('has no serious accessibility violation in light mode either, errors showing', async ({
    page,
    seed,
    openAsUser,
  }) => {
    await seed([{ trading_name: 'Clara', type: 'matriz' }, { trading_name: 'Escura' }]);
    await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    await openAsUser('/companies');
    await expect(page.locator('html')).toHaveClass(/light/);
    await expect(row(page, 'Clara')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Ações para Clara' }).click();
    await expect(page.getByRole('menuitem', { name: 'Excluir' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Empresa' });
    await dialog.getByLabel('CNPJ').fill('123');
    await dialog.getByLabel('CNPJ').press('Enter');
    await expect(dialog.getByText('CNPJ deve conter 14 dígitos')).toBeVisible();
    await expect(dialog.getByText('Nome Fantasia é obrigatório')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('says when there are no companies yet, or none match (with a way out)', async ({ page, seed, openAsUser }) => {
    await openAsUser('/companies');
    await expect(page.getByText('Nenhuma empresa cadastrada')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Limpar filtros' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Paginação' })).toHaveCount(0);

    await seed([{ trading_name: 'Padaria Central' }]);
    await page.goto('/companies?search=inexistente&type=matriz');
    await expect(page.getByText('Nenhuma empresa encontrada')).toBeVisible();
    await expect(page.getByText('Nenhuma empresa cadastrada')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(row(page, 'Padaria Central')).toBeVisible();
    await expect(searchBox(page)).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Tipo' })).toHaveValue('');
    expect(new URL(page.url()).search).toBe('');
  });

  test('searches by name, legal name, masked and unmasked CNPJ, ignoring accents and case; kept in the URL', async ({
    page,
    seed,
    openAsUser,
  }) => {
    const cnpj = validCnpj();
    await seed([
      { trading_name: 'Padaria São João', legal_name: 'Souza & Filhos Ltda', tax_id: cnpj },
      { trading_name: 'Oficina Central', legal_name: 'Reparos Ágeis ME' },
      { trading_name: 'Mercado Bom Preço', legal_name: 'Bom Preço Comércio SA' },
    ]);
    await openAsUser('/companies');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);

    const expectOnly = async (query: string, tradingName: string) => {
      const requested = page.waitForRequest((request) => isCompaniesList(request, { search: query.trim() }));
      await searchBox(page).fill(query);
      await requested;
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
      await expect(row(page, tradingName)).toBeVisible();
      expect(new URL(page.url()).searchParams.get('search')).toBe(query.trim());
    };
    await expectOnly('sao joao', 'Padaria São João'); // no accents
    await expectOnly('OFICINA', 'Oficina Central'); // case
    await expectOnly('ageis', 'Oficina Central'); // legal name, accent-free
    await expectOnly('Bom Preço Comércio', 'Mercado Bom Preço'); // legal name with accents
    await expectOnly(maskCnpj(cnpj), 'Padaria São João'); // masked CNPJ
    await expectOnly(cnpj, 'Padaria São João'); // unmasked CNPJ
    await expectOnly(cnpj.slice(0, 8), 'Padaria São João'); // the CNPJ's root

    // The URL restores the search on reload.
    await page.reload();
    await expect(searchBox(page)).toHaveValue(cnpj.slice(0, 8));
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    // Back and forward go through the searches.
    await page.goBack();
    await expect(searchBox(page)).toHaveValue(cnpj);
    await page.goBack();
    await expect(searchBox(page)).toHaveValue(maskCnpj(cnpj));
    await page.goForward();
    await expect(searchBox(page)).toHaveValue(cnpj);
    await expect(row(page, 'Padaria São João')).toBeVisible();
  });

  test('never shows an older search result after a newer one', async ({ page, seed, openAsUser }) => {
    await seed([{ trading_name: 'Alfa Comércio' }, { trading_name: 'Beta Serviços' }]);
    await openAsUser('/companies');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);

    // Hold the answer to the first search until the second one is on screen.
    const alfaHeld = deferred();
    const alfaRequested = deferred<Request>();
    const alfaRouted = deferred();
    await page.route(
      (url) => url.pathname === '/api/v1/companies/' && url.searchParams.get('search') === 'alfa',
      async (route: Route) => {
        alfaRequested.resolve(route.request());
        await alfaHeld.promise;
        // The page may have given up on it already (aborted): then there is nothing to answer.
        await route.continue().catch(() => undefined);
        alfaRouted.resolve();
      },
    );
    await searchBox(page).fill('alfa');
    const alfa = await alfaRequested.promise;
    await searchBox(page).fill('beta');
    await expect(row(page, 'Beta Serviços')).toBeVisible();
    await expect(row(page, 'Alfa Comércio')).toHaveCount(0);

    // Now the stale answer arrives (or its request was aborted); the newer result stays.
    alfaHeld.resolve();
    await alfaRouted.promise;
    await alfa.response();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(row(page, 'Beta Serviços')).toBeVisible();
    await expect(row(page, 'Alfa Comércio')).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue('beta');
  });

  test('filters by type and active state, resets the page, and restores the view on reload and back/forward', async ({
    page,
    seed,
    openAsUser,
  }) => {
    await seed([
      { trading_name: 'Matriz Inativa', type: 'matriz', is_active: false },
      ...Array.from({ length: 6 }, (_, i) => ({ trading_name: `Filial ${i + 1}`, type: 'filial' as const })),
      { trading_name: 'Matriz Ativa', type: 'matriz' },
    ]);
    await openAsUser('/companies?page=2');
    await expect(page.getByText('Página 2')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);

    const typed = page.waitForRequest((request) => isCompaniesList(request, { type: 'matriz', skip: '0' }));
    await page.getByRole('combobox', { name: 'Tipo' }).selectOption('matriz');
    await typed;
    await expect(page.getByText('Página 1')).toBeVisible();
    // The previous rows stay on screen until the filtered answer arrives (no flicker): poll.
    await expect
      .poll(() => tableRows(page))
      .toEqual([
        expect.arrayContaining(['Matriz Ativa', 'MATRIZ']),
        expect.arrayContaining(['Matriz Inativa', 'MATRIZ']),
      ]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ type: 'matriz' });

    await page.getByRole('combobox', { name: 'Situação' }).selectOption('false');
    await expect(row(page, 'Matriz Ativa')).toHaveCount(0);
    await expect(row(page, 'Matriz Inativa')).toBeVisible();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ type: 'matriz', is_active: 'false' });

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Tipo' })).toHaveValue('matriz');
    await expect(page.getByRole('combobox', { name: 'Situação' })).toHaveValue('false');
    await expect(row(page, 'Matriz Inativa')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);

    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Situação' })).toHaveValue('');
    await expect(row(page, 'Matriz Ativa')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Tipo' })).toHaveValue('');
    await expect(page.getByText('Página 2')).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('combobox', { name: 'Tipo' })).toHaveValue('matriz');
    await expect(page.getByText('Página 1')).toBeVisible();
  });

  test('reads invalid or empty URL values as absent', async ({ page, seed, openAsUser }) => {
    await seed([{ trading_name: 'Única', type: 'matriz' }]);
    const requested = page.waitForRequest((request) => isCompaniesList(request));
    await openAsUser('/companies?page=abc&type=holding&is_active=maybe&search=');
    const request = await requested;
    expect(Object.fromEntries(new URL(request.url()).searchParams)).toEqual({ skip: '0', limit: '5' });
    await expect(page.getByText('Página 1')).toBeVisible();
    await expect(row(page, 'Única')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Tipo' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Situação' })).toHaveValue('');
  });

  test('pages 5 at a time: previous only after page 1, next only on a full page, the next page prefetched', async ({
    page,
    seed,
    openAsUser,
  }) => {
    await seed(Array.from({ length: 12 }, (_, i) => ({ trading_name: `Empresa ${String(i + 1).padStart(2, '0')}` })));
    const prefetched = page.waitForRequest((request) => isCompaniesList(request, { skip: '5', limit: '5' }));
    await openAsUser('/companies');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(6);
    await expect(page.getByText('Página 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Próximo' })).toBeEnabled();
    // Page 2 is asked for before anyone clicks Próximo...
    await prefetched;
    await (await prefetched).response();

    // ...so it shows from the prefetch even if the API stopped answering for it.
    const held: Request[] = [];
    await page.route(
      (url) => url.pathname === '/api/v1/companies/' && url.searchParams.get('skip') === '5',
      (route) => {
        held.push(route.request());
      },
    );
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page.getByText('Página 2')).toBeVisible();
    expect((await tableRows(page)).map((cells) => cells[0])).toEqual([
      'Empresa 07',
      'Empresa 06',
      'Empresa 05',
      'Empresa 04',
      'Empresa 03',
    ]);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.unroute((url) => url.pathname === '/api/v1/companies/' && url.searchParams.get('skip') === '5');

    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page.getByText('Página 3')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Anterior' })).toBeEnabled();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await expect(page.getByText('Página 2')).toBeVisible();
    await expect(row(page, 'Empresa 07')).toBeVisible();
  });

  test('shows a skeleton while loading and an error state with a retry when the API fails', async ({
    page,
    seed,
    openAsUser,
  }) => {
    await seed([{ trading_name: 'Empresa Carregada' }]);
    const held = deferred();
    await page.route('**/api/v1/companies/?*', async (route) => {
      await held.promise;
      await route.fulfill({ status: 500, json: { detail: 'Internal Server Error' } });
    });
    await openAsUser('/companies');
    await expect(page.getByTestId('skeleton-row')).toHaveCount(5);
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    held.resolve();
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível carregar as empresas.' })).toBeVisible();
    await page.unroute('**/api/v1/companies/?*');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(row(page, 'Empresa Carregada')).toBeVisible();
  });

  test('creates a company: every rule message, the mask while typing, the body sent and the success notice', async ({
    page,
    product,
    openAsUser,
  }) => {
    await openAsUser('/companies');
    await expect(page.getByText('Nenhuma empresa cadastrada')).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Empresa' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Tipo')).toHaveValue('filial');
    await expect(dialog.getByRole('checkbox', { name: 'Empresa ativa' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    // Validation on blur, each field with its message.
    await dialog.getByLabel('Nome Fantasia').focus();
    await dialog.getByLabel('Razão Social').focus();
    await expect(dialog.getByText('Nome Fantasia é obrigatório')).toBeVisible();
    await dialog.getByLabel('CNPJ').focus();
    await expect(dialog.getByText('Razão Social é obrigatória')).toBeVisible();
    await dialog.getByLabel('Tipo').focus();
    await expect(dialog.getByText('CNPJ é obrigatório')).toBeVisible();

    const cnpj = validCnpj();
    const taxId = dialog.getByLabel('CNPJ');
    await taxId.pressSequentially(cnpj.slice(0, 10));
    await expect(taxId).toHaveValue(maskCnpj(`${cnpj.slice(0, 10)}0000`).slice(0, 13));
    await dialog.getByLabel('Tipo').focus();
    await expect(dialog.getByText('CNPJ deve conter 14 dígitos')).toBeVisible();
    const wrongDigit = String((Number(cnpj[13]) + 1) % 10);
    await taxId.press('End');
    await taxId.pressSequentially(cnpj.slice(10, 13) + wrongDigit);
    await expect(taxId).toHaveValue(maskCnpj(cnpj.slice(0, 13) + wrongDigit));
    await dialog.getByLabel('Tipo').focus();
    await expect(dialog.getByText('CNPJ inválido')).toBeVisible();
    await taxId.press('End');
    await taxId.press('Backspace');
    await taxId.press(cnpj[13] as string);
    await expect(taxId).toHaveValue(maskCnpj(cnpj));

    await dialog.getByLabel('Nome Fantasia').fill('Padaria São João');
    await dialog.getByLabel('Razão Social').fill('Souza & Filhos Ltda');
    await dialog.getByLabel('Tipo').selectOption('matriz');
    expect(await saveCompanyDialog(page, dialog, product.url)).toEqual({
      trading_name: 'Padaria São João',
      legal_name: 'Souza & Filhos Ltda',
      tax_id: cnpj,
      type: 'matriz',
      is_active: true,
    });
    await expect(page.getByText('Empresa criada com sucesso.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(() => tableRows(page))
      .toEqual([['Padaria São João', 'Souza & Filhos Ltda', maskCnpj(cnpj), 'MATRIZ']]);
  });

  test('creates an inactive company with an alphanumeric CNPJ typed in lower case, and finds it', async ({
    page,
    product,
    openAsUser,
  }) => {
    const cnpj = validAlphanumericCnpj();
    await openAsUser('/companies');
    await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Empresa' });
    await dialog.getByLabel('Nome Fantasia').fill('Loja Nova Era');
    await dialog.getByLabel('Razão Social').fill('Nova Era Comércio Ltda');
    await dialog.getByLabel('CNPJ').pressSequentially(cnpj.toLowerCase());
    await expect(dialog.getByLabel('CNPJ')).toHaveValue(maskCnpj(cnpj));
    await dialog.getByText('Empresa ativa').click();
    await expect(dialog.getByRole('checkbox', { name: 'Empresa ativa' })).not.toBeChecked();
    expect(await saveCompanyDialog(page, dialog, product.url)).toMatchObject({
      tax_id: cnpj,
      type: 'filial',
      is_active: false,
    });
    await expect(page.getByText('Empresa criada com sucesso.')).toBeVisible();
    await expect(row(page, 'Loja Nova Era')).toContainText(maskCnpj(cnpj));

    await searchBox(page).fill(maskCnpj(cnpj).toLowerCase());
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('true');
    await expect(page.getByText('Nenhuma empresa encontrada')).toBeVisible();
  });

  test('a duplicate CNPJ is marked on the CNPJ field itself, focused, and keeps the dialog', async ({
    page,
    seed,
    openAsUser,
  }) => {
    const [existing] = await seed([{ trading_name: 'Primeira' }]);
    await openAsUser('/companies');
    await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Empresa' });
    await dialog.getByLabel('Nome Fantasia').fill('Segunda');
    await dialog.getByLabel('Razão Social').fill('Segunda Ltda');
    await dialog.getByLabel('CNPJ').fill(existing?.tax_id as string);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const cnpj = dialog.getByLabel('CNPJ');
    await expect(cnpj).toHaveAccessibleErrorMessage('Já existe uma empresa com este CNPJ');
    await expect(cnpj).toBeFocused();
    await expect(page.locator('[data-scope=toast][data-part=root]')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Empresa criada com sucesso.')).toHaveCount(0);
  });

  test('edits sending only the changed fields, nothing when nothing changed', async ({
    page,
    seed,
    product,
    openAsUser,
  }) => {
    const [company] = await seed([
      { trading_name: 'Oficina Central', legal_name: 'Central Reparos ME', type: 'filial' },
    ]);
    const patches: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request);
    });
    await openAsUser('/companies');
    await page.getByRole('button', { name: 'Ações para Oficina Central' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Empresa' });
    await expect(dialog.getByLabel('CNPJ')).toHaveValue(maskCnpj(company?.tax_id as string));
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Nothing changed (the names re-typed identical): no request at all.
    await dialog.getByLabel('Nome Fantasia').fill('Oficina Central ');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toHaveCount(0);
    expect(patches).toEqual([]);

    await page.getByRole('button', { name: 'Ações para Oficina Central' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await dialog.getByLabel('Razão Social').fill('Central Reparos Ltda');
    await dialog.getByLabel('Tipo').selectOption('matriz');
    const patched = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url() === `${product.url}/api/v1/companies/${company?.id}`,
    );
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    expect((await patched).postDataJSON()).toEqual({ legal_name: 'Central Reparos Ltda', type: 'matriz' });
    await expect(page.getByText('Empresa atualizada com sucesso.')).toBeVisible();
    await expect
      .poll(() => tableRows(page))
      .toEqual([['Oficina Central', 'Central Reparos Ltda', maskCnpj(company?.tax_id as string), 'MATRIZ']]);

    // A blanked name is refused with its message.
    await page.getByRole('button', { name: 'Ações para Oficina Central' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await dialog.getByLabel('Nome Fantasia').fill('');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Nome Fantasia é obrigatório')).toBeVisible();
    expect(patches).toHaveLength(1);
  });

  test('deletes after the confirmation, and steps back a page when the last row of a page goes', async ({
    page,
    seed,
    openAsUser,
  }) => {
    await seed(Array.from({ length: 6 }, (_, i) => ({ trading_name: `Empresa ${i + 1}` })));
    await openAsUser('/companies?page=2');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Ações para Empresa 1' }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Tem certeza que deseja excluir Empresa "Empresa 1"? Esta ação não pode ser desfeita.',
    );
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row(page, 'Empresa 1')).toBeVisible();

    await page.getByRole('button', { name: 'Ações para Empresa 1' }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Empresa excluído(a) com sucesso.')).toBeVisible();
    await expect(page.getByText('Página 1')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(6);
    await expect(row(page, 'Empresa 1')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    // The deleted row's actions button is gone: the focus is on the list, not lost to <body>.
    await expect(page.getByRole('table', { name: 'Empresas cadastradas' })).toBeFocused();
  });

  test('works from the keyboard: actions menu, dialogs, Escape', async ({ page, seed, openAsUser }) => {
    await seed([{ trading_name: 'Teclado Ltda' }]);
    await openAsUser('/companies');
    const trigger = page.getByRole('button', { name: 'Ações para Teclado Ltda' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('menuitem', { name: 'Editar' });
    const remove = page.getByRole('menuitem', { name: 'Excluir' });
    await expect(page.getByRole('menu')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(edit).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('ArrowDown');
    await expect(remove).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('ArrowUp');
    await expect(edit).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Editar Empresa' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Nome Fantasia')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Focus goes back to the row's actions button.
    await expect(trigger).toBeFocused();

    await page.getByRole('button', { name: 'Adicionar Empresa' }).focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'Adicionar Empresa' });
    await expect(create.getByLabel('Nome Fantasia')).toBeFocused();
    await page.keyboard.type('Via Teclado');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Via Teclado Ltda');
    await page.keyboard.press('Tab');
    await page.keyboard.type(validCnpj());
    await page.keyboard.press('Enter');
    await expect(page.getByText('Empresa criada com sucesso.')).toBeVisible();
    await expect(row(page, 'Via Teclado')).toBeVisible();
  });
});
