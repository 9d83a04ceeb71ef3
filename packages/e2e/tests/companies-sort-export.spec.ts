import fs from 'node:fs';
import { maskCnpj, tableRows } from '../src/companies.js';
import { expect, expectNoSeriousA11yViolations, registryTest as test } from '../src/fixtures.js';

test.describe('/companies totals, order and export', () => {
  test('sorts by a column header, kept in the URL, with aria-sort; names ignore accents and case', async ({
    page,
    seed,
    openAsUser,
  }) => {
    await seed([
      { trading_name: 'banana', legal_name: 'Zeta Ltda' },
      { trading_name: 'Ábaco', legal_name: 'Alfa Ltda' },
      { trading_name: 'Cereja', legal_name: 'Beta Ltda' },
    ]);
    await openAsUser('/companies');
    await expect(page.getByText('3 empresas')).toBeVisible();
    const names = async () => (await tableRows(page)).map((row) => row[0]);
    await expect.poll(names).toEqual(['Cereja', 'Ábaco', 'banana']);

    const header = page.getByRole('columnheader', { name: 'Nome Fantasia' });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await header.getByRole('button').click();
    await expect(page).toHaveURL(/\?sort=trading_name$/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(names).toEqual(['Ábaco', 'banana', 'Cereja']);
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(names).toEqual(['Cereja', 'banana', 'Ábaco']);

    await page.getByRole('columnheader', { name: 'Razão Social' }).getByRole('button').click();
    await expect(page).toHaveURL(/\?sort=legal_name$/);
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect.poll(names).toEqual(['Ábaco', 'Cereja', 'banana']);
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect.poll(names).toEqual(['Ábaco', 'Cereja', 'banana']);
    await page.goto('/companies?sort=nonsense');
    await expect.poll(names).toEqual(['Cereja', 'Ábaco', 'banana']);
  });

  test('exports the filtered, sorted list as a CSV that Excel in pt-BR reads', async ({ page, seed, openAsUser }) => {
    const [padaria, acai] = await seed([
      { trading_name: 'Padaria São João', legal_name: 'Souza & Filhos; Ltda', type: 'matriz' },
      { trading_name: 'Açaí da Praça', legal_name: '=1+1', type: 'matriz' },
      { trading_name: 'Filial Fora do Filtro', type: 'filial' },
    ]);
    await openAsUser('/companies?type=matriz&sort=trading_name');
    await expect(page.getByText('2 empresas')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^empresas-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path()) as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"Nome Fantasia";"Razão Social";"CNPJ";"Tipo";"Situação";"Cadastrada em (horário de Brasília)"',
    );
    expect(
      lines[1]?.startsWith(`"Açaí da Praça";"'=1+1";"${maskCnpj(acai?.tax_id as string)}";"Matriz";"Ativa";`),
    ).toBe(true);
    expect(
      lines[2]?.startsWith(`"Padaria São João";"Souza & Filhos; Ltda";"${maskCnpj(padaria?.tax_id as string)}";`),
    ).toBe(true);
    expect(lines.slice(3)).toEqual(['']);
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });

  test('says when the export failed', async ({ page, seed, openAsUser }) => {
    await seed([{ trading_name: 'Uma' }]);
    await page.route('**/api/v1/companies/export.csv*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Service Unavailable"}' }),
    );
    await openAsUser('/companies');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    await expect(page.getByText('Não foi possível exportar as empresas.')).toBeVisible();
  });
});
