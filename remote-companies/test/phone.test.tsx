import { formatCnpj } from '@backoffice/contracts';
import { uiMessages } from '@backoffice/ui';
import { fakeApi, fakeMatchMedia, listOf, makeCompany, renderPage } from '@backoffice/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../src/messages';
import CompaniesPage from '../src/pages/CompaniesPage';

/** A phone held upright: the kit's phone media query matches. */
beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    fakeMatchMedia((query) => query.includes('max-width: 47.98em')),
  );
  fakeApi((call) =>
    call.path === '/companies/'
      ? { status: 200, body: listOf([makeCompany(1, { type: 'matriz' }), makeCompany(2)], 2) }
      : undefined,
  );
});

describe('companies on a phone', () => {
  it('shows one card per company with its name, CNPJ, type and actions, and no table', async () => {
    const { user } = renderPage(<CompaniesPage />, '/companies');
    await screen.findByText('Empresa 1');
    const list = screen.getByRole('list', { name: messages.tableCaption });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('Empresa 1')).toBeInTheDocument();
    expect(within(first).getByText(formatCnpj(makeCompany(1).tax_id))).toBeInTheDocument();
    expect(within(first).getByText('MATRIZ')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: messages.actionsFor('Empresa 1') }));
    expect(await screen.findByRole('menuitem', { name: messages.edit })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: messages.delete })).toBeInTheDocument();
  });

  it('folds the filters behind "Filtros", which counts the ones in use', async () => {
    const { router, user } = renderPage(<CompaniesPage />, '/companies?type=filial');
    const toggle = await screen.findByRole('button', { name: /^Filtros/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(toggle).getByLabelText(uiMessages.filtersInUse(1))).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: messages.statusFilterLabel })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: messages.searchPlaceholder })).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: messages.statusFilterLabel }), 'false');
    await waitFor(() => expect(router.state.location.search).toBe('?type=filial&is_active=false'));
  });

  it('orders the cards with a select, since there are no headers to click', async () => {
    const { router, user } = renderPage(<CompaniesPage />, '/companies?page=2');
    const select = await screen.findByRole('combobox', { name: 'Ordenar por' });
    expect(select).toHaveValue('');
    await user.selectOptions(select, '-trading_name');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-trading_name'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Mais recentes',
      'Nome Fantasia (crescente)',
      'Nome Fantasia (decrescente)',
      'Razão Social (crescente)',
      'Razão Social (decrescente)',
      'CNPJ (crescente)',
      'CNPJ (decrescente)',
    ]);
  });
});
