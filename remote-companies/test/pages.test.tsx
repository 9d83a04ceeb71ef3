import { type Call, fakeApi, listOf, makeCompany, renderPage, renderRoutes } from '@backoffice/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import CompaniesPage, { prefetch } from '../src/pages/CompaniesPage';

const lists = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path === '/companies/');

/** `total` companies served 5 per page like the API (filters ignored). */
function serveCompanies(
  total: number,
  others: (call: Call) => { status: number; body: unknown } | undefined = () => undefined,
) {
  const all = Array.from({ length: total }, (_, i) => makeCompany(i));
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/companies/') {
      const skip = Number(call.search.get('skip'));
      return { status: 200, body: listOf(all.slice(skip, skip + Number(call.search.get('limit'))), total) };
    }
    return others(call);
  });
}

describe('CompaniesPage', () => {
  it('lists a page with the spec columns, asks 5 rows with the URL filters, and prefetches the next', async () => {
    const calls = serveCompanies(7);
    renderPage(<CompaniesPage />, '/companies?type=matriz&search=%20emp%20');
    expect(await screen.findByRole('heading', { level: 1, name: messages.companiesPageTitle })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: messages.tableCaption });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'Nome Fantasia', 'Razão Social', 'CNPJ', 'Tipo', 'Ações']);
    expect(within(table).getByText('11.222.333/0001-81')).toBeInTheDocument();
    await waitFor(() => expect(lists(calls).map((call) => call.search.toString())).toHaveLength(2));
    expect(lists(calls).map((call) => Object.fromEntries(call.search))).toEqual([
      { skip: '0', limit: '5', search: 'emp', type: 'matriz' },
      { skip: '5', limit: '5', search: 'emp', type: 'matriz' },
    ]);
  });

  it('tells an empty registry from no result for the filters, which it offers to clear', async () => {
    serveCompanies(0);
    const { router, user } = renderPage(<CompaniesPage />, '/companies?search=x&page=3');
    expect(await screen.findByText(messages.noResultsTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.clearFilters }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText(messages.emptyTitle)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.clearFilters })).not.toBeInTheDocument();
  });

  it.each([
    [1, '1 empresa'],
    [1234, '1.234 empresas'],
  ])('says the total of %i under the title: %s', async (total, text) => {
    serveCompanies(total);
    renderPage(<CompaniesPage />, '/companies');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says no total for an empty list (the empty state does)', async () => {
    serveCompanies(0);
    renderPage(<CompaniesPage />, '/companies');
    expect(await screen.findByText(messages.emptyTitle)).toBeInTheDocument();
    expect(screen.getByTestId('list-total')).toBeEmptyDOMElement();
  });

  it('never states an approximate count as exact: "mais de N empresas"', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => makeCompany(i));
    fakeApi((call) =>
      call.path === '/companies/'
        ? { status: 200, body: { data: rows, count: 10_000, count_is_exact: false } }
        : undefined,
    );
    renderPage(<CompaniesPage />, '/companies?search=a');
    expect(await screen.findByText('mais de 10.000 empresas')).toBeInTheDocument();
    expect(screen.queryByText('10.000 empresas')).not.toBeInTheDocument();
  });

  it('sorts by a column header: ascending, descending, then back to newest, each from page 1', async () => {
    const calls = serveCompanies(12);
    const { router, user } = renderPage(<CompaniesPage />, '/companies?page=2&type=matriz');
    const table = await screen.findByRole('table', { name: messages.tableCaption });
    const header = () => within(table).getByRole('columnheader', { name: messages.columns.tradingName });
    expect(header()).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: messages.columns.type })).not.toHaveAttribute('aria-sort');

    await user.click(within(header()).getByRole('button', { name: messages.columns.tradingName }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=matriz&sort=trading_name'));
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(lists(calls).at(-1)?.search.get('sort')).toBe('trading_name'));

    await user.click(within(header()).getByRole('button', { name: messages.columns.tradingName }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=matriz&sort=-trading_name'));
    expect(header()).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header()).getByRole('button', { name: messages.columns.tradingName }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=matriz'));
    expect(header()).toHaveAttribute('aria-sort', 'none');
  });

  it('asks the API for the order of the URL, keeps it while paging, and ignores an unknown one', async () => {
    const calls = serveCompanies(12);
    renderPage(<CompaniesPage />, '/companies?sort=-cnpj&page=2');
    const table = await screen.findByRole('table', { name: messages.tableCaption });
    expect(within(table).getByRole('columnheader', { name: messages.columns.taxId })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
    expect(lists(calls).map((call) => Object.fromEntries(call.search))).toEqual([
      { skip: '5', limit: '5', sort: '-cnpj' },
      { skip: '10', limit: '5', sort: '-cnpj' },
    ]);
  });

  it("is asked for by the route's loader before it renders, with the URL's filters, and once", async () => {
    const all = Array.from({ length: 12 }, (_, i) => makeCompany(i));
    const headingAtCall: boolean[] = [];
    const calls = fakeApi((call) => {
      if (call.method !== 'GET' || call.path !== '/companies/') return undefined;
      headingAtCall.push(document.querySelector('h1') !== null);
      const skip = Number(call.search.get('skip'));
      return { status: 200, body: listOf(all.slice(skip, skip + 5), all.length) };
    });
    // As the shell's remote route does (shell/src/routes/remote-route.tsx).
    const route = {
      path: '/companies',
      loader: ({ request }: { request: Request }) => {
        prefetch(new URL(request.url).searchParams);
        return null;
      },
      Component: CompaniesPage,
    };
    renderRoutes([route], '/companies?sort=-cnpj&page=2&search=%20emp%20&type=matriz');
    const table = await screen.findByRole('table', { name: messages.tableCaption });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
    expect(lists(calls).map((call) => Object.fromEntries(call.search))).toEqual([
      { skip: '5', limit: '5', search: 'emp', type: 'matriz', sort: '-cnpj' },
      { skip: '10', limit: '5', search: 'emp', type: 'matriz', sort: '-cnpj' },
    ]);
    // The page asked for nothing twice, and its rows were asked for before its heading was on screen.
    expect(headingAtCall[0]).toBe(false);
  });

  it('reads an unknown sort as the default order and sends none', async () => {
    const calls = serveCompanies(3);
    renderPage(<CompaniesPage />, '/companies?sort=created_at');
    await screen.findByRole('table', { name: messages.tableCaption });
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(0));
    expect(lists(calls).every((call) => !call.search.has('sort'))).toBe(true);
  });

  it('moves a page past the end to the last page', async () => {
    serveCompanies(7);
    const { router } = renderPage(<CompaniesPage />, '/companies?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Página 2')).toBeInTheDocument();
  });

  it('deletes from the row menu after the confirmation and refreshes the list', async () => {
    let deleted = false;
    const calls = serveCompanies(2, (call) => {
      if (call.method !== 'DELETE') return undefined;
      deleted = true;
      return { status: 200, body: { message: 'Empresa excluída com sucesso' } };
    });
    const { user } = renderPage(<CompaniesPage />, '/companies');
    await user.click(await screen.findByRole('button', { name: messages.actionsFor('Empresa 1') }));
    await user.click(await screen.findByRole('menuitem', { name: messages.delete }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Tem certeza que deseja excluir Empresa "Empresa 1"? Esta ação não pode ser desfeita.',
    );
    const listsBefore = lists(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(messages.deleted)).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/companies/${makeCompany(1).id}`);
    expect(lists(calls).length).toBeGreaterThan(listsBefore);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('puts the focus on the list once the deleted row is gone, not on the page body', async () => {
    const all = [makeCompany(0), makeCompany(1)];
    fakeApi((call) => {
      if (call.method === 'DELETE') {
        all.splice(
          all.findIndex((company) => call.path.endsWith(company.id)),
          1,
        );
        return { status: 200, body: { message: 'Empresa excluída com sucesso' } };
      }
      return call.path === '/companies/' ? { status: 200, body: listOf(all, all.length) } : undefined;
    });
    const { user } = renderPage(<CompaniesPage />, '/companies');
    await user.click(await screen.findByRole('button', { name: messages.actionsFor('Empresa 1') }));
    await user.click(await screen.findByRole('menuitem', { name: messages.delete }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: messages.actionsFor('Empresa 1') })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table', { name: messages.tableCaption })).toHaveFocus());
  });
});
