import { type Company, type CompanyType, cnpjCheckDigits } from '@backoffice/contracts';
import type { Locator, Page, Request } from '@playwright/test';
import type { Api } from './api.js';

let sequence = 0;

/** A valid numeric CNPJ, different on every call (base from a counter and the clock). */
export function validCnpj(): string {
  sequence += 1;
  const base = `${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence % 1e4).padStart(4, '0')}01`.slice(0, 12);
  return base + cnpjCheckDigits(base);
}

/** A valid alphanumeric CNPJ (IN RFB 2.229/2024): letters in the base, two numeric check digits. */
export function validAlphanumericCnpj(): string {
  sequence += 1;
  const base = `AB${String(Date.now() % 1e4).padStart(4, '0')}C${String(sequence % 1e3).padStart(3, '0')}0D`.slice(
    0,
    12,
  );
  return base + cnpjCheckDigits(base);
}

export function maskCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

/** A company to seed: what is left out gets a default (`Empresa N`, a valid CNPJ, a filial, active). */
export type CompanySeed = Partial<{
  trading_name: string;
  legal_name: string;
  tax_id: string;
  type: CompanyType;
  is_active: boolean;
}>;

/** Creates companies through the API, oldest first (the list shows the newest first). */
export async function seedCompanies(api: Api, token: string, companies: CompanySeed[]): Promise<Company[]> {
  const created: Company[] = [];
  for (const [index, company] of companies.entries()) {
    created.push(
      await api.createCompany(token, {
        trading_name: company.trading_name ?? `Empresa ${index + 1}`,
        legal_name: company.legal_name ?? `Razão ${index + 1} Ltda`,
        tax_id: company.tax_id ?? validCnpj(),
        type: company.type ?? 'filial',
        is_active: company.is_active ?? true,
      }),
    );
  }
  return created;
}

/** Deletes every company visible to `token` (each test file starts from a known, empty registry). */
export async function deleteAllCompanies(api: Api, token: string): Promise<void> {
  for (;;) {
    const page = await api.call<{ data: Company[] }>('GET', 'companies/?limit=100', token);
    if (page.data.length === 0) return;
    for (const company of page.data) await api.call('DELETE', `companies/${company.id}`, token);
  }
}

/**
 * A new ordinary user's token, the registry emptied first: companies are everyone's, so a test that
 * counts or orders them starts from none.
 */
export async function userWithEmptyRegistry(api: Api): Promise<string> {
  const token = (await api.createUser()).token as string;
  await deleteAllCompanies(api, token);
  return token;
}

/** Presses the company dialog's Salvar and returns the body it posted to `POST /companies/` of `apiOrigin`. */
export async function saveCompanyDialog(page: Page, dialog: Locator, apiOrigin: string): Promise<unknown> {
  const posted = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url() === `${apiOrigin}/api/v1/companies/`,
  );
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  return (await posted).postDataJSON();
}

/** True for a GET of the companies list whose query matches every given parameter. */
export function isCompaniesList(request: Request, params: Record<string, string | null> = {}): boolean {
  const url = new URL(request.url());
  if (request.method() !== 'GET' || url.pathname !== '/api/v1/companies/') return false;
  return Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value);
}

/** The rows of the companies table as text cells (without the actions column). */
export async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table').getByRole('row');
  const count = await rows.count();
  const result: string[][] = [];
  for (let i = 1; i < count; i++) {
    // The selection column's checkbox cell is not one of the spec's columns; a name cell also holds the
    // "Inativa" badge, so a cell with a link reads as the link's text (the name).
    const cells = await rows
      .nth(i)
      .getByRole('cell')
      .filter({ hasNot: page.getByRole('checkbox') })
      // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (what a person reads), not the DOM's.
      .evaluateAll((all) => all.map((cell) => ((cell.querySelector('a') ?? cell) as HTMLElement).innerText));
    result.push(cells.slice(0, 4).map((cell) => cell.trim()));
  }
  return result;
}
