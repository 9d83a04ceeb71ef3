import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDeleteDialog } from '../src/confirm-delete-dialog.js';
import {
  type Column,
  editDeleteActions,
  PagedTable,
  PageFrame,
  RowActionsMenu,
  useRowDialog,
} from '../src/kit/index.js';
import { renderWithUi } from './render.js';

interface Row {
  id: string;
  name: string;
}
const columns: Column<Row>[] = [{ key: 'name', header: 'Nome', cell: (row) => row.name }];
const settled = { isError: false, isFetching: false, isPlaceholderData: false, refetch: () => {} };

/** A list screen as the remotes build it: delete from a row's menu, confirm, the row is gone. */
function Screen({ names }: { names: string[] }) {
  const [rows, setRows] = useState(() => names.map((name) => ({ id: name, name })));
  const dialog = useRowDialog<Row, 'edit' | 'delete'>();
  const deleting = dialog.current?.kind === 'delete' ? dialog.current.row : null;
  return (
    <PageFrame title="Linhas">
      <PagedTable
        caption="Linhas cadastradas"
        columns={columns}
        rowKey={(row) => row.id}
        rowActions={(row) => (
          <RowActionsMenu
            label={`Ações para ${row.name}`}
            actions={editDeleteActions(row, dialog.open, { edit: 'Editar', delete: 'Excluir' })}
          />
        )}
        query={{ ...settled, data: { data: rows, count: rows.length } }}
        page={1}
        pageSize={5}
        pageLabel={(page) => `Página ${page}`}
        onPageChange={() => {}}
        loadError={{ title: 'Falhou.' }}
        empty={<p>Nenhuma linha</p>}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        entity="Empresa"
        name={deleting?.name ?? ''}
        finalFocusEl={dialog.finalFocusEl}
        onClose={dialog.close}
        onConfirm={() => {
          setRows((all) => all.filter((row) => row !== deleting));
          dialog.close();
        }}
      />
    </PageFrame>
  );
}

async function deleteRow(name: string) {
  await userEvent.click(screen.getByRole('button', { name: `Ações para ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
  const confirm = await screen.findByRole('alertdialog');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

describe('focus after a row dialog closes', () => {
  it('goes back to the row’s actions button when the row is still there', async () => {
    renderWithUi(<Screen names={['Alfa', 'Beta']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ações para Alfa' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ações para Alfa' })).toHaveFocus());
  });

  it('goes to the list when the row was deleted, not to the page body', async () => {
    renderWithUi(<Screen names={['Alfa', 'Beta']} />);
    await deleteRow('Alfa');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Linhas cadastradas' })).toHaveFocus());
  });

  it('goes to the page heading when the last row was deleted and the list is gone', async () => {
    renderWithUi(<Screen names={['Alfa']} />);
    await deleteRow('Alfa');
    expect(screen.getByText('Nenhuma linha')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Linhas' })).toHaveFocus());
  });
});
