import { cnpjOf } from '@backoffice/contracts';
import type { Page } from '@playwright/test';
import { maskCnpj, validCnpj } from '../src/companies.js';
import { expect, expectNoSeriousA11yViolations, registryTest as test } from '../src/fixtures.js';

/**
 * Issue 27 in the browser: the company page with its history and restore, bulk actions from the list's
 * selection, the CSV import with errors. Each test starts signed in as a fresh user with an empty registry.
 */
let rootSeq = 0;
/** CNPJs of one root (its first 8 characters): a matriz (order 0001) and its filiais. */
function sameRoot(orders: number[]): string[] {
  rootSeq += 1;
  const root = `${String(Date.now() % 1e5).padStart(5, '0')}${String(rootSeq % 1e3).padStart(3, '0')}`;
  return orders.map((order) => cnpjOf(root, order));
}

const nameLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

test.describe('registry at volume', () => {
  test('a company page: fields, its filiais, the history after an edit, a reload, then deleted and restored', async ({
    page,
    api,
    seed,
    openAsUser,
  }) => {
    const [matrizCnpj, filialCnpj] = sameRoot([1, 2]);
    const [matriz] = await seed([
      { trading_name: 'Padaria Central', legal_name: 'Padaria Central Ltda', type: 'matriz', tax_id: matrizCnpj },
      { trading_name: 'Padaria Central Filial', type: 'filial', tax_id: filialCnpj },
    ]);
    await openAsUser('/companies');
    await nameLink(page, 'Padaria Central').click();
    await expect(page).toHaveURL(new RegExp(`/companies/${matriz?.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Padaria Central' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Dados da empresa' });
    await expect(details.getByText(maskCnpj(matrizCnpj as string))).toBeVisible();
    await expect(details.getByText('Padaria Central Ltda')).toBeVisible();
    const related = page.getByRole('region', { name: 'Mesma raiz de CNPJ' });
    await expect(related.getByRole('link', { name: 'Padaria Central Filial' })).toBeVisible();
    const history = page.getByRole('region', { name: 'Histórico' });
    await expect(history.getByText('Cadastrou a empresa')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // An edit shows in the timeline, field by field.
    await page.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Empresa' });
    await dialog.getByLabel('Nome Fantasia').fill('Padaria Central Nova');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Padaria Central Nova' })).toBeVisible();
    await expect(history.getByText('Nome Fantasia: Padaria Central → Padaria Central Nova')).toBeVisible();

    // Status from the page, with the badge.
    await page.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Empresa desativada.')).toBeVisible();
    await expect(history.getByText('Situação: Ativa → Inativa')).toBeVisible();

    // A deep link survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Padaria Central Nova' })).toBeVisible();
    await expect(history.getByText('Nome Fantasia: Padaria Central → Padaria Central Nova')).toBeVisible();

    // Deleted: the page says so, and who did it; an ordinary user cannot restore.
    await page.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Esta empresa foi excluída')).toBeVisible();
    await expect(page.getByText('Só um administrador pode restaurá-la.')).toBeVisible();

    // A super user restores it from the same page: same id, back in the list.
    const admin = await api.createUser({ is_superuser: true });
    // Init scripts run in order at each load: this one, added last, signs the page in as the super user.
    await page.addInitScript((t) => window.localStorage.setItem('access_token', t), admin.token as string);
    await page.reload();
    await page.getByRole('button', { name: 'Restaurar empresa' }).click();
    await expect(page.getByText('Empresa restaurada.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Padaria Central Nova' })).toBeVisible();
    await expect(history.getByText('Restaurou a empresa pelo histórico')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('an unknown company id shows a clear state', async ({ page, openAsUser }) => {
    await openAsUser('/companies/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Empresa não encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para Empresas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Empresas' })).toBeVisible();
  });

  test('bulk: select with the keyboard, deactivate two at once, then delete after one confirmation', async ({
    page,
    seed,
    openAsUser,
  }) => {
    await seed([{ trading_name: 'Alfa' }, { trading_name: 'Beta' }, { trading_name: 'Gama' }]);
    await openAsUser('/companies');
    const alfa = page.getByRole('checkbox', { name: 'Selecionar Alfa' });
    await alfa.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    // The next stop from a row's checkbox is the row's name link, then the row's actions: select Beta by its own box.
    await page.getByRole('checkbox', { name: 'Selecionar Beta' }).focus();
    await page.keyboard.press('Space');
    const toolbar = page.getByRole('toolbar', { name: 'Ações para as empresas selecionadas' });
    await expect(toolbar.getByText('2 empresas selecionadas')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await toolbar.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('2 empresas desativadas.')).toBeVisible();
    await expect(toolbar).toHaveCount(0);
    const badgeOf = (name: string) =>
      page
        .getByRole('row')
        .filter({ has: nameLink(page, name) })
        .getByText('Inativa', { exact: true });
    await expect(badgeOf('Alfa')).toBeVisible();
    await expect(badgeOf('Beta')).toBeVisible();
    await expect(badgeOf('Gama')).toHaveCount(0);

    // "Select all on this page", then one confirmation naming the count.
    await page.getByRole('checkbox', { name: 'Selecionar todas desta página' }).focus();
    await page.keyboard.press('Space');
    await expect(toolbar.getByText('3 empresas selecionadas')).toBeVisible();
    await toolbar.getByRole('button', { name: 'Excluir selecionadas' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir 3 empresas' });
    await expect(confirm).toContainText('Um administrador pode restaurá-las pelo histórico.');
    await confirm.getByRole('button', { name: 'Excluir selecionadas' }).click();
    await expect(page.getByText('3 empresas excluídas.')).toBeVisible();
    await expect(page.getByText('Nenhuma empresa cadastrada')).toBeVisible();
  });

  test('import: a preview with every error by line, the import with its summary, the rejected lines as CSV', async ({
    page,
    seed,
    openAsUser,
  }) => {
    const [registered] = await seed([{ trading_name: 'Já Cadastrada' }]);
    const good = validCnpj();
    const csv = [
      'Nome Fantasia;Razão Social;CNPJ;Tipo;Situação',
      `Nova Matriz;Nova Matriz Ltda;${maskCnpj(good)};Matriz;Ativa`,
      `Nova Filial;Nova Filial Ltda;${validCnpj()};Filial;Inativa`,
      `;Sem Nome Ltda;${validCnpj()};Filial;Ativa`,
      'Curto;Curto Ltda;123;Filial;Ativa',
      `Repetida;Repetida Ltda;${good};Filial;Ativa`,
      `Já Cadastrada;Já Cadastrada Ltda;${registered?.tax_id};Filial;Ativa`,
      '',
    ].join('\r\n');
    await openAsUser('/companies');
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar empresas de um CSV' });
    await dialog.getByLabel('Arquivo CSV').setInputFiles({
      name: 'empresas.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await expect(dialog.getByTestId('import-preview-summary')).toHaveText(
      '6 linhas: 2 serão criadas, 1 ignoradas (CNPJ já cadastrado), 3 com erro.',
    );
    const problems = dialog.getByRole('table', { name: 'Linhas com erro' });
    await expect(problems.getByRole('row')).toHaveCount(4);
    await expect(problems.getByRole('row', { name: /^4 Nome Fantasia é obrigatório/ })).toBeVisible();
    await expect(problems.getByRole('row', { name: /^5 CNPJ deve conter 14 dígitos/ })).toBeVisible();
    await expect(
      problems.getByRole('row', { name: /^6 CNPJ repetido no arquivo \(primeira ocorrência na linha 2\)/ }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Importar 2 empresas' }).click();
    await expect(dialog.getByText('2 criadas, 1 ignoradas, 3 com erro.')).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Baixar linhas rejeitadas' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('linhas-rejeitadas.csv');
    // The quotes the export puts around each cell are left out to read it (no cell here holds one).
    const rejected = (await (await file.createReadStream()).toArray()).join('').replace(/"/g, '');
    expect(rejected).toContain('Linha;Erros');
    expect(rejected).toContain('Curto;Curto Ltda;123;Filial;Ativa;5;CNPJ deve conter 14 dígitos');

    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(nameLink(page, 'Nova Matriz')).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ has: nameLink(page, 'Nova Filial') })
        .getByText('Inativa', { exact: true }),
    ).toBeVisible();
    // Each imported company is on record as imported.
    await nameLink(page, 'Nova Matriz').click();
    await expect(page.getByText('Cadastrou a empresa por importação de CSV')).toBeVisible();
  });
});
