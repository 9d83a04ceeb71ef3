import { ApiError } from '@backoffice/api-client';
import { FIRST_PAINT_ELEMENT_ID } from '@backoffice/contracts';
import { Input } from '@chakra-ui/react/input';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, FormField, LOADING_INDICATOR_DELAY_MS, UiProvider } from '../src/index.js';
import {
  applyListSearch,
  type Column,
  mutateWithToast,
  nextSort,
  PagedTable,
  type PagedTableProps,
  PageFrame,
  pageParam,
  RowActionsMenu,
  readListSearch,
  sortParam,
  useBlurForm,
  useListSearchParams,
} from '../src/kit/index.js';
import { renderWithUi } from './render.js';

afterEach(() => clearToasts());

describe('list order', () => {
  it('cycles a header: ascending, descending, default; another column starts ascending', () => {
    expect(nextSort(undefined, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBeUndefined();
    expect(nextSort('-name', 'cnpj')).toBe('cnpj');
  });

  it('reads sort from its whitelist only; the default order reads as absent', () => {
    const schema = v.object({ page: pageParam(10), sort: sortParam(['newest', 'name', '-name'], 'newest') });
    const read = (query: string) => readListSearch(schema, new URLSearchParams(query)).sort;
    expect(read('sort=-name')).toBe('-name');
    expect(read('sort=newest')).toBeUndefined();
    expect(read('sort=other')).toBeUndefined();
    expect(read('')).toBeUndefined();
  });
});

describe('list URL state', () => {
  const schema = v.object({
    page: pageParam(10),
    type: v.fallback(v.optional(v.picklist(['a', 'b'])), undefined),
  });
  const read = (query: string) => readListSearch(schema, new URLSearchParams(query));

  it('reads a whole page number from 1, and anything else as page 1', () => {
    expect(read('page=3')).toEqual({ page: 3 });
    for (const page of ['', '0', '-2', '1.5', 'abc', '2e3', ' ', '999999999999']) {
      expect(read(`page=${encodeURIComponent(page)}`).page, page).toBe(1);
    }
  });

  it('drops invalid and empty values, and leaves other parameters alone', () => {
    expect(read('type=b&portal=7')).toEqual({ page: 1, type: 'b' });
    expect(read('type=c')).toEqual({ page: 1 });
    expect(read('type=')).toEqual({ page: 1 });
  });

  it('goes back to page 1 when anything but the page changes, and keeps page 1 out of the URL', () => {
    const apply = (query: string, changes: Record<string, unknown>) =>
      applyListSearch(new URLSearchParams(query), changes).toString();
    expect(apply('page=4&portal=7', { type: 'a' })).toBe('portal=7&type=a');
    expect(apply('type=a', { page: 2 })).toBe('type=a&page=2');
    expect(apply('type=a&page=2', { page: 1 })).toBe('type=a');
    expect(apply('type=a&page=2', { type: undefined })).toBe('');
  });

  it('moves through pages and filters with the router (useListSearchParams)', async () => {
    function Probe() {
      const { params, setParams, setPage } = useListSearchParams(schema);
      return (
        <>
          <p>{JSON.stringify(params)}</p>
          <button type="button" onClick={() => setPage(params.page + 1)}>
            next
          </button>
          <button type="button" onClick={() => setParams({ type: 'b' })}>
            filter
          </button>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/', element: <Probe /> }], { initialEntries: ['/?page=2&x=1'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('{"page":2}')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(router.state.location.search).toBe('?page=3&x=1');
    await userEvent.click(screen.getByRole('button', { name: 'filter' }));
    expect(router.state.location.search).toBe('?x=1&type=b');
    expect(screen.getByText('{"page":1,"type":"b"}')).toBeInTheDocument();
  });
});

interface Row {
  id: string;
  name: string;
}
const columns: Column<Row>[] = [{ key: 'name', header: 'Nome', cell: (row) => row.name }];
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i), name: `Linha ${i}` }));

type TableOverrides = Partial<PagedTableProps<Row>> & Pick<PagedTableProps<Row>, 'query'>;

function renderTable(overrides: TableOverrides) {
  const onPageChange = vi.fn();
  renderWithUi(table(overrides, onPageChange));
  return onPageChange;
}

function table(overrides: TableOverrides, onPageChange = vi.fn()) {
  return (
    <PagedTable
      caption="Linhas"
      columns={columns}
      rowKey={(row) => row.id}
      page={1}
      pageSize={3}
      pageLabel={(page) => `Página ${page}`}
      onPageChange={onPageChange}
      loadError={{ title: 'Falhou.' }}
      empty={<p>vazio</p>}
      {...overrides}
    />
  );
}
const settled = { isError: false, isFetching: false, isPlaceholderData: false, refetch: () => {} };

describe('PagedTable', () => {
  it('shows a page of skeleton rows, marked busy, when the first answer is slow', async () => {
    renderTable({ query: { ...settled, data: undefined } });
    // Not at once: an answer that comes within the delay shows no placeholder at all.
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    const placeholders = await screen.findAllByTestId('skeleton-row');
    expect(placeholders).toHaveLength(3);
    // One bar across each row, not one per cell (every styled element costs the page's first render).
    for (const row of placeholders) {
      const cells = within(row).getAllByRole('cell');
      expect(cells).toHaveLength(1);
      expect(cells[0]).toHaveAttribute(
        'colspan',
        String(within(screen.getByRole('table')).getAllByRole('columnheader').length),
      );
    }
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows a quick first answer with no placeholder rows before it', async () => {
    const view = renderWithUi(table({ query: { ...settled, data: undefined } }));
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    view.rerender(<UiProvider>{table({ query: { ...settled, data: { data: rows(2), count: 2 } } })}</UiProvider>);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    // Past the delay, nothing turns up either.
    await new Promise((resolve) => setTimeout(resolve, LOADING_INDICATOR_DELAY_MS + 50));
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('offers a retry when the first load failed', async () => {
    const refetch = vi.fn();
    renderTable({ query: { ...settled, isError: true, refetch } });
    expect(within(screen.getByRole('alert')).getByText('Falhou.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state instead of an empty table', () => {
    renderTable({ query: { ...settled, data: { data: [], count: 0 } } });
    expect(screen.getByText('vazio')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the rows, the page label and the directions the count allows', async () => {
    const onPageChange = renderTable({ page: 2, query: { ...settled, data: { data: rows(3), count: 9 } } });
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('Página 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('keeps the previous rows busy while a page loads, with no next yet', () => {
    renderTable({ query: { ...settled, isPlaceholderData: true, data: { data: rows(3), count: 9 } } });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
  });

  it('shows no empty state while a page loads behind an empty answer that still counts rows', () => {
    // Page 2 emptied (its last row deleted) moved back to page 1, whose answer is not in yet.
    renderTable({ page: 1, query: { ...settled, isPlaceholderData: true, data: { data: [], count: 5 } } });
    expect(screen.queryByText('vazio')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
  });

  it('moves a page past the end to the last page, replacing the history entry', () => {
    const onPageChange = renderTable({ page: 5, query: { ...settled, data: { data: [], count: 4 } } });
    expect(onPageChange).toHaveBeenCalledWith(2, { replace: true });
    expect(screen.queryByText('vazio')).not.toBeInTheDocument();
  });
});

describe('PageFrame', () => {
  it('has the title and main action on screen before it renders the rest of the page', async () => {
    // Without the split, the body renders in the same pass as the title, before either is on screen.
    const titleOnScreenWhenBodyRendered: boolean[] = [];
    function Body() {
      titleOnScreenWhenBodyRendered.push(document.querySelector('h1') !== null);
      return <p>Corpo da página</p>;
    }
    renderWithUi(
      <PageFrame title="Empresas" action={<button type="button">Nova empresa</button>} filters={<Body />}>
        <Body />
      </PageFrame>,
    );
    expect(await screen.findAllByText('Corpo da página')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Empresas' })).toBeVisible();
    expect(titleOnScreenWhenBodyRendered.length).toBeGreaterThan(0);
    expect(titleOnScreenWhenBodyRendered.every(Boolean)).toBe(true);
  });

  it('has the filters on screen before it renders the content', async () => {
    // The search box takes keys while the table renders (in a transition, after the filters' own commit).
    const searchOnScreenWhenContentRendered: boolean[] = [];
    function Content() {
      searchOnScreenWhenContentRendered.push(document.querySelector('input[type="search"]') !== null);
      return <p>Tabela</p>;
    }
    renderWithUi(
      <PageFrame title="Empresas" filters={<input type="search" aria-label="Buscar" />}>
        <Content />
      </PageFrame>,
    );
    expect(await screen.findByText('Tabela')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toBeVisible();
    expect(searchOnScreenWhenContentRendered.length).toBeGreaterThan(0);
    expect(searchOnScreenWhenContentRendered.every(Boolean)).toBe(true);
  });

  it('taking over a first paint, renders the filters with the title row, the content after them', async () => {
    // The prerendered title row is already on screen: the filters come in the first commit, not one later.
    const firstPaint = document.createElement('div');
    firstPaint.id = FIRST_PAINT_ELEMENT_ID;
    document.body.append(firstPaint);
    const titleOnScreenWhenFiltersRendered: boolean[] = [];
    const searchOnScreenWhenContentRendered: boolean[] = [];
    function Filters() {
      titleOnScreenWhenFiltersRendered.push(document.querySelector('h1') !== null);
      return <input type="search" aria-label="Buscar" />;
    }
    function Content() {
      searchOnScreenWhenContentRendered.push(document.querySelector('input[type="search"]') !== null);
      return <p>Tabela</p>;
    }
    try {
      renderWithUi(
        <PageFrame title="Empresas" filters={<Filters />}>
          <Content />
        </PageFrame>,
      );
      expect(await screen.findByText('Tabela')).toBeVisible();
    } finally {
      firstPaint.remove();
    }
    expect(titleOnScreenWhenFiltersRendered[0]).toBe(false);
    expect(searchOnScreenWhenContentRendered.length).toBeGreaterThan(0);
    expect(searchOnScreenWhenContentRendered.every(Boolean)).toBe(true);
  });
});

describe('RowActionsMenu', () => {
  it('hands the menu button to the chosen action, for the focus to come back to it', async () => {
    const onEdit = vi.fn();
    renderWithUi(
      <RowActionsMenu
        label="Ações para Linha 1"
        actions={[{ value: 'edit', label: 'Editar', icon: null, onSelect: onEdit }]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Ações para Linha 1' });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    expect(onEdit).toHaveBeenCalledWith(trigger);
  });

  it('is a disabled button that says why when the row may not be changed', () => {
    renderWithUi(<RowActionsMenu label="Ações" actions={[]} disabled disabledReason="Não aqui" />);
    expect(screen.getByRole('button', { name: 'Ações' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ações' })).toHaveAttribute('title', 'Não aqui');
  });
});

describe('mutateWithToast', () => {
  it('says a success and hands the answer over', async () => {
    renderWithUi(<div />);
    let outcome: unknown;
    await act(async () => {
      outcome = await mutateWithToast(async () => 42, { success: (n) => ({ title: 'Feito', description: `${n}` }) });
    });
    expect(outcome).toEqual({ ok: true, data: 42 });
    expect(await screen.findByText('Feito')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
  });

  it('shows the shared error toast with the API detail, or the caller’s own, and never throws', async () => {
    renderWithUi(<div />);
    const refused = new ApiError(409, { detail: 'Já existe uma empresa com este CNPJ' });
    let outcome: unknown;
    await act(async () => {
      outcome = await mutateWithToast(() => Promise.reject(refused), { success: 'Feito' });
    });
    expect(outcome).toEqual({ ok: false, error: refused });
    expect(await screen.findByText('Já existe uma empresa com este CNPJ')).toBeInTheDocument();
    expect(screen.getByText('Algo deu errado')).toBeInTheDocument();
    expect(screen.queryByText('Feito')).not.toBeInTheDocument();

    const failure = vi.fn();
    await act(() => mutateWithToast(() => Promise.reject(refused), { success: 'Feito', failure }));
    expect(failure).toHaveBeenCalledWith(refused);
  });

  it('says the API details the product words in Portuguese in Portuguese', async () => {
    renderWithUi(<div />);
    await act(() =>
      mutateWithToast(() => Promise.reject(new ApiError(400, { detail: 'Inactive user' })), { success: '' }),
    );
    expect(await screen.findByText('Usuário inativo.')).toBeInTheDocument();
  });
});

describe('useBlurForm', () => {
  const schema = v.object({
    email: v.pipe(v.string(), v.trim(), v.nonEmpty('Obrigatório'), v.email('Inválido'), v.minLength(12, 'Curto')),
  });
  function Form({ onSubmit }: { onSubmit: (values: v.InferOutput<typeof schema>) => void }) {
    const {
      register,
      handleSubmit,
      formState: { errors },
    } = useBlurForm(schema, { defaultValues: { email: '' } });
    return (
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField label="E-mail" error={errors.email}>
          <Input {...register('email')} />
        </FormField>
        <button type="submit">Enviar</button>
      </form>
    );
  }

  it('validates a field when it is left, shows every message, and submits the schema output', async () => {
    const onSubmit = vi.fn();
    render(
      <UiProvider>
        <Form onSubmit={onSubmit} />
      </UiProvider>,
    );
    const input = screen.getByLabelText('E-mail');
    await userEvent.type(input, 'x');
    expect(screen.queryByText('Inválido')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Inválido')).toBeInTheDocument();
    expect(screen.getByText('Curto')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '  ana@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'ana@example.com' });
  });
});
