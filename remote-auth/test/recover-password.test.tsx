import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import { answerWith, deferred, errorsOf, field, json, renderAt, sent } from './account-pages';

const EMAIL = messages.emailLabel;

describe('/recover-password', () => {
  it('shows one e-mail field, the Continuar button and a way back to /login', async () => {
    renderAt('/recover-password');
    expect(await screen.findByRole('heading', { level: 1, name: messages.recoverPasswordTitle })).toBeInTheDocument();
    expect(field(EMAIL)).toHaveAttribute('type', 'email');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Continuar' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: messages.backToLogin })).toHaveAttribute('href', '/login');
  });

  it('validates the e-mail on blur: required, then the pattern', async () => {
    const { user } = renderAt('/recover-password');
    await user.click(field(EMAIL));
    await user.tab();
    await waitFor(() => expect(errorsOf(EMAIL)).toEqual(['Email is required']));
    await user.type(field(EMAIL), 'ana.example.com');
    await user.tab();
    await waitFor(() => expect(errorsOf(EMAIL)).toEqual(['Endereço de email inválido']));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(sent).toEqual([]);
  });

  it('posts to /password-recovery/{email}, shows the loading state, then "Email sent", keeping the address', async () => {
    const pending = deferred();
    answerWith(() => pending.promise);
    const { user } = renderAt('/recover-password');
    await user.type(field(EMAIL), 'ana+test@example.com');
    const button = screen.getByRole('button', { name: 'Continuar' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(sent.map(({ method, path, body, contentType }) => ({ method, path, body, contentType }))).toEqual([
      {
        method: 'POST',
        path: `/password-recovery/${encodeURIComponent('ana+test@example.com')}`,
        body: undefined,
        contentType: null,
      },
    ]);

    pending.release(json(200, { message: 'If that email is registered, we sent a password recovery link' }));
    expect(await screen.findByText('Email sent')).toBeInTheDocument();
    expect(screen.getByText('Nós enviamos um email com instruções para recuperar a sua senha.')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    // The address stays, so the reader sees where the mail went (issue 28: the form was emptied).
    expect(field(EMAIL)).toHaveValue('ana+test@example.com');
  });

  it.each([
    [404, { detail: 'Not Found' }, 'O usuário com este email não existe no sistema.'],
    [500, { detail: 'Internal Server Error' }, 'Ocorreu um erro inesperado. Tente novamente.'],
    [429, { detail: 'Too many requests' }, 'Ocorreu um erro inesperado. Tente novamente.'],
  ])('a %i answer %j shows a toast titled "Erro" with "%s"', async (status, body, description) => {
    answerWith(() => json(status, body));
    const { user } = renderAt('/recover-password');
    await user.type(field(EMAIL), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.queryByText('Email sent')).not.toBeInTheDocument();
    expect(field(EMAIL)).toHaveValue('ana@example.com');
  });

  it('a server that cannot be reached shows the unexpected-error toast', async () => {
    answerWith(() => 'unreachable');
    const { user } = renderAt('/recover-password');
    await user.type(field(EMAIL), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro inesperado. Tente novamente.')).toBeInTheDocument();
  });
});
