import type { Company } from '@backoffice/contracts';
import { UiProvider } from '@backoffice/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CompanyFormDialog } from '../src/components/CompanyFormDialog';

const company: Company = {
  id: '00000000-0000-4000-8000-000000000001',
  trading_name: 'Padaria',
  legal_name: 'Souza Ltda',
  tax_id: '11222333000181',
  type: 'filial',
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function renderCreate() {
  const onSubmit = vi.fn(async () => {});
  render(
    <UiProvider>
      <CompanyFormDialog kind="create" open onClose={() => {}} onSubmit={onSubmit} />
    </UiProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
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

  it('defaults to filial and active, and submits the CNPJ without its mask', async () => {
    const { user, onSubmit } = renderCreate();
    expect(await screen.findByLabelText(/Tipo/)).toHaveValue('filial');
    expect(screen.getByRole('checkbox', { name: 'Empresa ativa' })).toBeChecked();
    await user.type(screen.getByLabelText(/Nome Fantasia/), ' Padaria ');
    await user.type(screen.getByLabelText(/Razão Social/), 'Souza Ltda');
    await user.type(screen.getByLabelText(/CNPJ/), '11222333000181');
    await user.selectOptions(screen.getByLabelText(/Tipo/), 'matriz');
    await user.click(screen.getByRole('checkbox', { name: 'Empresa ativa' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        trading_name: 'Padaria',
        legal_name: 'Souza Ltda',
        tax_id: '11222333000181',
        type: 'matriz',
        is_active: false,
      }),
    );
  });
});

describe('edit company dialog', () => {
  it('starts from the company with its CNPJ masked and no is_active', async () => {
    render(
      <UiProvider>
        <CompanyFormDialog kind="edit" company={company} open onClose={() => {}} onSubmit={async () => {}} />
      </UiProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Editar Empresa' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome Fantasia/)).toHaveValue('Padaria');
    expect(screen.getByLabelText(/CNPJ/)).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText(/Tipo/)).toHaveValue('filial');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('requires the type', async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <UiProvider>
        <CompanyFormDialog
          kind="edit"
          company={{ ...company, type: '' as Company['type'] }}
          open
          onClose={() => {}}
          onSubmit={onSubmit}
        />
      </UiProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(document.querySelector('[data-part=error-text]')).toHaveTextContent('Tipo é obrigatório'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
