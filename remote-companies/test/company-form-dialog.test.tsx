import type { Company } from '@backoffice/contracts';
import { type Call, fakeApi, makeCompany, renderPage } from '@backoffice/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CompanyFormDialog } from '../src/components/CompanyFormDialog';

const company = makeCompany(0, { trading_name: 'Padaria', legal_name: 'Souza Ltda' });

/** The dialog over a fake API that answers every write with `answer`; the writes are recorded. */
function renderDialog(
  dialog: { kind: 'create' } | { kind: 'edit'; company: Company },
  answer: (call: Call) => { status: number; body: unknown } = (call) => ({ status: 200, body: call.body }),
) {
  const calls = fakeApi((call) =>
    call.method === 'GET' ? { status: 200, body: { data: [], count: 0 } } : answer(call),
  );
  const onClose = vi.fn();
  renderPage(<CompanyFormDialog {...dialog} open onClose={onClose} />, '/companies');
  const writes = () => calls.filter((call) => call.method !== 'GET');
  return { onClose, writes, user: userEvent.setup() };
}
const renderCreate = () => renderDialog({ kind: 'create' });

/** Fills the create dialog with a valid company and presses Salvar; the API refuses with `status` and `detail`. */
async function saveRefusedCompany(status: number, detail: string) {
  const { user, onClose } = renderDialog({ kind: 'create' }, () => ({ status, body: { detail } }));
  await user.type(await screen.findByLabelText(/Nome Fantasia/), 'Padaria');
  await user.type(screen.getByLabelText(/Razão Social/), 'Souza Ltda');
  await user.type(screen.getByLabelText(/CNPJ/), '11222333000181');
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
  return { onClose };
}

describe('create company dialog', () => {
  it('shows each required message when a field is left on blur', async () => {
    const { user } = renderCreate();
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar Empresa' });
    expect(dialog).toBeInTheDocument();
    for (const [label, message] of [
      [/Nome Fantasia/, 'Nome Fantasia é obrigatório'],
      [/Razão Social/, 'Razão Social é obrigatória'],
      [/CNPJ/, 'CNPJ é obrigatório'],
    ] as const) {
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await user.click(screen.getByLabelText(label));
      await user.click(dialog);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('masks the CNPJ while typing and reports a short or wrong one', async () => {
    const { user } = renderCreate();
    const cnpj = await screen.findByLabelText(/CNPJ/);
    await user.type(cnpj, '1122233300018');
    expect(cnpj).toHaveValue('11.222.333/0001-8');
    await user.tab();
    expect(await screen.findByText('CNPJ deve conter 14 dígitos')).toBeInTheDocument();
    await user.type(cnpj, '2');
    expect(cnpj).toHaveValue('11.222.333/0001-82');
    await user.tab();
    expect(await screen.findByText('CNPJ inválido')).toBeInTheDocument();
    expect(screen.queryByText('CNPJ deve conter 14 dígitos')).not.toBeInTheDocument();
  });

  it('accepts an alphanumeric CNPJ typed in lower case', async () => {
    const { user } = renderCreate();
    const cnpj = await screen.findByLabelText(/CNPJ/);
    await user.type(cnpj, '12abc34501de35');
    expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
  });

  it('defaults to filial and active, sends the CNPJ without its mask, says so and closes', async () => {
    const { user, writes, onClose } = renderCreate();
    expect(await screen.findByLabelText(/Tipo/)).toHaveValue('filial');
    expect(screen.getByRole('checkbox', { name: 'Empresa ativa' })).toBeChecked();
    await user.type(screen.getByLabelText(/Nome Fantasia/), ' Padaria ');
    await user.type(screen.getByLabelText(/Razão Social/), 'Souza Ltda');
    await user.type(screen.getByLabelText(/CNPJ/), '11222333000181');
    await user.selectOptions(screen.getByLabelText(/Tipo/), 'matriz');
    await user.click(screen.getByRole('checkbox', { name: 'Empresa ativa' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Empresa criada com sucesso.')).toBeInTheDocument();
    expect(writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/companies/',
        body: {
          trading_name: 'Padaria',
          legal_name: 'Souza Ltda',
          tax_id: '11222333000181',
          type: 'matriz',
          is_active: false,
        },
      },
    ]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('marks a taken CNPJ on the CNPJ field itself, focused, and stays open (issue 28)', async () => {
    const { onClose } = await saveRefusedCompany(409, 'Já existe uma empresa com este CNPJ');
    const cnpj = screen.getByLabelText(/CNPJ/);
    await waitFor(() => expect(cnpj).toHaveAccessibleErrorMessage('Já existe uma empresa com este CNPJ'));
    expect(cnpj).toHaveAttribute('aria-invalid', 'true');
    expect(cnpj).toHaveFocus();
    expect(screen.queryByText('Algo deu errado')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Adicionar Empresa' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows any other refusal in the shared error toast', async () => {
    const { onClose } = await saveRefusedCompany(
      503,
      'The database is unavailable at the moment. Try again in a few seconds.',
    );
    expect(await screen.findByText('Algo deu errado')).toBeInTheDocument();
    expect(
      screen.getByText('O banco de dados está indisponível no momento. Tente novamente em alguns segundos.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('edit company dialog', () => {
  it('starts from the company with its CNPJ masked and no is_active', async () => {
    renderDialog({ kind: 'edit', company });
    expect(await screen.findByRole('dialog', { name: 'Editar Empresa' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome Fantasia/)).toHaveValue('Padaria');
    expect(screen.getByLabelText(/CNPJ/)).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText(/Tipo/)).toHaveValue('filial');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('sends only the changed fields, and nothing at all when nothing changed', async () => {
    const { user, writes, onClose } = renderDialog({ kind: 'edit', company });
    await user.type(await screen.findByLabelText(/Nome Fantasia/), ' ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(writes()).toEqual([]);

    await user.selectOptions(screen.getByLabelText(/Tipo/), 'matriz');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Empresa atualizada com sucesso.')).toBeInTheDocument();
    expect(writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: `/companies/${company.id}`, body: { type: 'matriz' } },
    ]);
  });

  it('requires the type', async () => {
    const { user, writes } = renderDialog({ kind: 'edit', company: { ...company, type: '' as Company['type'] } });
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(document.querySelector('[data-part=error-text]')).toHaveTextContent('Tipo é obrigatório'),
    );
    expect(writes()).toEqual([]);
  });
});

describe('a half-filled form is never lost by a stray key (issue 28)', () => {
  it('closes an untouched dialog on Escape without asking', async () => {
    const { onClose, user } = renderCreate();
    await screen.findByRole('dialog', { name: 'Adicionar Empresa' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before Escape or Fechar throw changes away; Continuar editando keeps them, Descartar closes', async () => {
    const { onClose, user } = renderCreate();
    await screen.findByRole('dialog', { name: 'Adicionar Empresa' });
    await user.type(screen.getByLabelText(/Nome Fantasia/), 'Padaria Pão Quente');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    expect(ask).toHaveTextContent('O que você preencheu ainda não foi salvo e será perdido.');
    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Nome Fantasia/)).toHaveValue('Padaria Pão Quente');

    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('discards on Cancelar without asking (the spec’s Cancel resets the form)', async () => {
    const { onClose, user } = renderCreate();
    await screen.findByRole('dialog', { name: 'Adicionar Empresa' });
    await user.type(screen.getByLabelText(/Nome Fantasia/), 'Padaria');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
