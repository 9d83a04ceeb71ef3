import type { AuditEvent } from '@backoffice/contracts';
import { historyMessages } from '@backoffice/ui/kit';
import {
  type Call,
  fakeApi,
  listOf,
  makeAuditEvent,
  makeCompany,
  makeUser,
  renderRoutes,
  superuser,
} from '@backoffice/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import CompaniesPage from '../src/pages/CompaniesPage';
import CompanyPage from '../src/pages/CompanyPage';

/** Issue 27 on the screens: the badge, the selection and its bulk actions, the import, the company page. */
const routes = [
  { path: '/companies', element: <CompaniesPage /> },
  { path: '/companies/:id', element: <CompanyPage /> },
];

const rows = [makeCompany(1), makeCompany(2, { is_active: false }), makeCompany(3)];

function serve(others: (call: Call) => { status: number; body?: unknown; contentType?: string } | undefined) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/companies/') return { status: 200, body: listOf(rows) };
    return others(call);
  });
}

describe('the list', () => {
  it('marks inactive companies with a badge and links each name to its page', async () => {
    serve(() => undefined);
    const { user, router } = renderRoutes(routes, '/companies');
    const table = await screen.findByRole('table', { name: messages.tableCaption });
    const rowOf = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => within(row).queryByRole('link', { name })) as HTMLElement;
    await waitFor(() => expect(rowOf('Empresa 2')).toBeDefined());
    expect(within(rowOf('Empresa 2')).getByText(messages.inactiveBadge)).toBeInTheDocument();
    expect(within(rowOf('Empresa 1')).queryByText(messages.inactiveBadge)).not.toBeInTheDocument();
    await user.click(within(rowOf('Empresa 1')).getByRole('link', { name: 'Empresa 1' }));
    expect(router.state.location.pathname).toBe(`/companies/${rows[0]?.id}`);
  });

  it('deactivates the selected companies in one call, then clears the selection', async () => {
    const calls = serve((call) =>
      call.path === '/companies/bulk'
        ? { status: 200, body: { action: 'deactivate', changed: 2, message: '2 empresas desativadas.' } }
        : undefined,
    );
    const { user } = renderRoutes(routes, '/companies');
    await user.click(await screen.findByRole('checkbox', { name: messages.selectRow('Empresa 1') }));
    await user.click(screen.getByRole('checkbox', { name: messages.selectRow('Empresa 3') }));
    const toolbar = screen.getByRole('toolbar', { name: messages.bulkToolbar });
    expect(within(toolbar).getByText('2 empresas selecionadas')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: messages.deactivate }));
    expect(await screen.findByText('2 empresas desativadas.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/companies/bulk')?.body).toEqual({
      action: 'deactivate',
      ids: [rows[0]?.id, rows[2]?.id],
    });
    expect(screen.queryByRole('toolbar', { name: messages.bulkToolbar })).not.toBeInTheDocument();
  });

  it('selects the whole page from the header box, and a refused action keeps the selection and says nothing changed', async () => {
    serve((call) =>
      call.path === '/companies/bulk'
        ? {
            status: 422,
            body: { detail: [{ loc: ['body', 'ids', 1], msg: 'Empresa não encontrada', type: 'company_not_found' }] },
          }
        : undefined,
    );
    const { user } = renderRoutes(routes, '/companies');
    await user.click(await screen.findByRole('checkbox', { name: messages.selectPage }));
    const toolbar = screen.getByRole('toolbar', { name: messages.bulkToolbar });
    expect(within(toolbar).getByText('3 empresas selecionadas')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: messages.deleteSelected }));
    const confirm = await screen.findByRole('alertdialog', { name: messages.bulkDeleteTitle(3) });
    await user.click(within(confirm).getByRole('button', { name: messages.deleteSelected }));
    expect(await screen.findByText(messages.bulkFailed)).toBeInTheDocument();
    expect(within(toolbar).getByText('3 empresas selecionadas')).toBeInTheDocument();
  });
});

describe('Importar CSV', () => {
  it('previews the file, imports it with progress, then sums it up', async () => {
    const preview = {
      rows: 3,
      valid: 1,
      ignored: 1,
      rejected: 1,
      problems: [{ line: 3, errors: ['CNPJ deve conter 14 dígitos'] }],
      ignored_lines: [4],
      encoding: 'utf-8',
      separator: ';',
    };
    const ndjson = `${JSON.stringify({ type: 'progress', processed: 3, created: 1 })}\n${JSON.stringify({
      type: 'summary',
      rows: 3,
      created: 1,
      ignored: 1,
      rejected: 1,
    })}\n`;
    const calls = serve((call) => {
      if (call.path === '/companies/import/preview') return { status: 200, body: preview };
      if (call.path === '/companies/import') return { status: 200, body: ndjson, contentType: 'application/x-ndjson' };
      return undefined;
    });
    const { user } = renderRoutes(routes, '/companies');
    await user.click(await screen.findByRole('button', { name: messages.importCsv }));
    const dialog = await screen.findByRole('dialog', { name: messages.import.title });
    const file = new File(['Nome Fantasia;Razão Social;CNPJ;Tipo\r\n'], 'empresas.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText(messages.import.fileLabel), file);
    expect(await within(dialog).findByText(messages.import.previewSummary(preview))).toBeInTheDocument();
    const problems = within(dialog).getByRole('table', { name: messages.import.problemsTitle });
    expect(within(problems).getByText('CNPJ deve conter 14 dígitos')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/companies/import/preview')?.contentType).toBe('text/csv');

    await user.click(within(dialog).getByRole('button', { name: messages.import.run(1) }));
    expect(
      await within(dialog).findByText(messages.import.summary({ created: 1, ignored: 1, rejected: 1 })),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: messages.import.downloadRejected })).toBeInTheDocument();
  });
});

describe('the company page', () => {
  const company = makeCompany(7, { type: 'matriz' });
  const event = (fields: Partial<AuditEvent>): AuditEvent =>
    makeAuditEvent(Number(fields.id ?? 1), {
      entity_id: company.id,
      entity_label: company.trading_name,
      actor: { type: 'user', id: makeUser(1).id, label: 'ana@example.com' },
      ...fields,
    });
  /** The company's history as the API answers it: these events, newest first, and no older page. */
  const historyAnswer = (...events: AuditEvent[]) => ({ status: 200, body: { data: events, next_cursor: null } });

  it('shows the fields, the related companies and the history, each change field by field', async () => {
    fakeApi((call) => {
      if (call.path === `/companies/${company.id}`) return { status: 200, body: company };
      if (call.path === `/companies/${company.id}/related`) {
        return {
          status: 200,
          body: {
            matrizes: [],
            filiais: [makeCompany(8, { type: 'filial', trading_name: 'Filial Oito' })],
            filiais_count: 1,
          },
        };
      }
      if (call.path === `/companies/${company.id}/history`) {
        return historyAnswer(
          event({
            id: '2',
            action: 'company.updated',
            changes: { trading_name: { old: 'Antigo', new: company.trading_name } },
          }),
          event({}),
        );
      }
      return undefined;
    });
    renderRoutes(routes, `/companies/${company.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: company.trading_name })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: historyMessages.title });
    expect(await within(history).findByText(`Nome Fantasia: Antigo → ${company.trading_name}`)).toBeInTheDocument();
    expect(within(history).getByText(historyMessages.actions['company.created'] as string)).toBeInTheDocument();
    const related = screen.getByRole('region', { name: messages.page.related });
    expect(await within(related).findByRole('link', { name: 'Filial Oito' })).toBeInTheDocument();
  });

  it('says a deleted company is deleted, and lets a super user restore it', async () => {
    let restored = false;
    const calls = fakeApi((call) => {
      if (call.path === '/users/me') return { status: 200, body: superuser };
      if (call.path === `/companies/${company.id}/restore`) {
        restored = true;
        return { status: 200, body: company };
      }
      if (call.path === `/companies/${company.id}`) {
        return restored ? { status: 200, body: company } : { status: 404, body: { detail: 'Empresa não encontrada' } };
      }
      if (call.path === `/companies/${company.id}/related`) {
        return { status: 200, body: { matrizes: [], filiais: [], filiais_count: 0 } };
      }
      if (call.path === `/companies/${company.id}/history`) {
        return historyAnswer(
          event({
            id: '2',
            action: 'company.deleted',
            changes: { trading_name: { old: company.trading_name, new: null } },
          }),
        );
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, `/companies/${company.id}`);
    expect(await screen.findByText(messages.page.deletedTitle)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: messages.page.restore }));
    expect(await screen.findByText(messages.page.restored)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === `/companies/${company.id}/restore`)).toBe(true);
    expect(await screen.findByRole('button', { name: messages.page.edit })).toBeInTheDocument();
  });

  it('an unknown id says the company was not found', async () => {
    fakeApi(() => undefined);
    renderRoutes(routes, '/companies/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: messages.page.notFoundTitle })).toBeInTheDocument();
  });
});
