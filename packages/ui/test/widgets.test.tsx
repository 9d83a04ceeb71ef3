import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldError } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDeleteDialog } from '../src/confirm-delete-dialog.js';
import { FormField, fieldErrorMessages, Logo, PasswordInput, useOpenedOnce } from '../src/index.js';
import { PaginationFooter } from '../src/pagination-footer.js';
import { renderWithUi } from './render.js';

describe('PasswordInput', () => {
  it('hides the password until the toggle is pressed, and names the toggle', async () => {
    renderWithUi(<PasswordInput aria-label="Senha" defaultValue="s3cret-pass" />);
    const input = screen.getByLabelText('Senha');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('ConfirmDeleteDialog', () => {
  it('asks with the spec sentence and confirms', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderWithUi(<ConfirmDeleteDialog open entity="Empresa" name="Acme" onConfirm={onConfirm} onClose={onClose} />);
    expect(
      await screen.findByText('Tem certeza que deseja excluir Empresa "Acme"? Esta ação não pode ser desfeita.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('names a user by e-mail', async () => {
    renderWithUi(
      <ConfirmDeleteDialog open entity="Usuário" name="ana@example.com" onConfirm={() => {}} onClose={() => {}} />,
    );
    expect(
      await screen.findByText(
        'Tem certeza que deseja excluir Usuário "ana@example.com"? Esta ação não pode ser desfeita.',
      ),
    ).toBeInTheDocument();
  });
});

describe('useOpenedOnce', () => {
  it('is false until the dialog first opens, then stays true when it closes (its exit and focus return)', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), { initialProps: { open: false } });
    expect(result.current).toBe(false);
    rerender({ open: false });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });

  it('is true at once for a dialog mounted open', () => {
    expect(renderHook(() => useOpenedOnce(true)).result.current).toBe(true);
  });
});

describe('PaginationFooter', () => {
  it('shows the label and enables only the allowed directions', async () => {
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    renderWithUi(
      <PaginationFooter label="Página 1" hasPrevious={false} hasNext onPrevious={onPrevious} onNext={onNext} />,
    );
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(onNext).toHaveBeenCalledOnce();
    expect(onPrevious).not.toHaveBeenCalled();
  });

  it('disables next on a short page', () => {
    renderWithUi(
      <PaginationFooter label="Page 3" hasPrevious hasNext={false} onPrevious={() => {}} onNext={() => {}} />,
    );
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeEnabled();
  });
});

describe('FormField', () => {
  const error: FieldError = {
    type: 'non_empty',
    message: 'Email is required',
    types: { non_empty: 'Email is required', regex: ['Endereço de email inválido'] },
  };

  it('collects every message of a field once', () => {
    expect(fieldErrorMessages(error)).toEqual(['Email is required', 'Endereço de email inválido']);
    expect(fieldErrorMessages(undefined)).toEqual([]);
  });

  it('shows all errors under the control and marks it invalid', () => {
    renderWithUi(
      <FormField label="E-mail" error={error}>
        <input aria-label="E-mail" />
      </FormField>,
    );
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Endereço de email inválido')).toBeInTheDocument();
    // Both messages sit in one error element, so no id repeats.
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('Logo', () => {
  it('is an image with an accessible name', async () => {
    renderWithUi(<Logo />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Back Office' })).toBeInTheDocument());
  });
});
