import { getToken, queryClient } from '@backoffice/api-client';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import { answerWith, deferred, errorsOf, field, HOME_TEXT, json, renderAt, sent } from './account-pages';

const EMAIL = messages.emailLabel;
const PASSWORD = messages.passwordLabel;

async function fillAndSubmit(user: ReturnType<typeof renderAt>['user'], email: string, password: string) {
  await user.clear(field(EMAIL));
  if (email) await user.type(field(EMAIL), email);
  await user.clear(field(PASSWORD));
  if (password) await user.type(field(PASSWORD), password);
  await user.click(screen.getByRole('button', { name: messages.loginButton }));
}

describe('/login', () => {
  it('shows the logo, both fields, the recovery and sign-up links and the Entrar button', async () => {
    renderAt('/login');
    expect(await screen.findByRole('img', { name: 'Back Office' })).toBeInTheDocument();
    expect(field(EMAIL)).toHaveAttribute('type', 'email');
    expect(field(PASSWORD)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '/recover-password');
    expect(screen.getByRole('link', { name: messages.signupLink })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveAttribute('type', 'submit');
  });

  it('offers no sign-up link when the server refuses sign-up (SIGNUP_ENABLED=false)', async () => {
    window.__BACKOFFICE_CONFIG__ = { signupEnabled: false };
    try {
      renderAt('/login');
      expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: messages.signupLink })).toBeNull();
      expect(screen.queryByText(messages.noAccount)).toBeNull();
    } finally {
      delete window.__BACKOFFICE_CONFIG__;
    }
  });

  it('validates on blur: required e-mail, e-mail pattern, required password', async () => {
    const { user } = renderAt('/login');
    await user.click(field(EMAIL));
    expect(errorsOf(EMAIL)).toEqual([]);
    await user.tab(); // leaves the e-mail for the password field
    await waitFor(() => expect(errorsOf(EMAIL)).toEqual(['Username is required']));
    expect(field(EMAIL)).toHaveAttribute('aria-invalid', 'true');
    expect(errorsOf(PASSWORD)).toEqual([]);
    await user.tab(); // leaves the password
    await waitFor(() => expect(errorsOf(PASSWORD)).toEqual(['Senha é obrigatória']));

    await user.type(field(EMAIL), 'not-an-email');
    await user.tab();
    await waitFor(() => expect(errorsOf(EMAIL)).toEqual(['Endereço de email inválido']));
    await user.clear(field(EMAIL));
    await user.type(field(EMAIL), 'ana@example.com');
    await user.tab();
    await waitFor(() => expect(errorsOf(EMAIL)).toEqual([]));
    expect(sent).toEqual([]);
  });

  it('sends nothing while a rule fails', async () => {
    const { user } = renderAt('/login');
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(errorsOf(PASSWORD)).toEqual(['Senha é obrigatória']));
    expect(errorsOf(EMAIL)).toEqual(['Username is required']);
    expect(sent).toEqual([]);
  });

  it('sends the e-mail as username, form-encoded; success stores the token, clears caches and goes to /', async () => {
    answerWith(() => json(200, { access_token: 'fresh-token', token_type: 'bearer' }));
    queryClient.setQueryDefaults(['probe'], { gcTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(['probe'], 'cached before login');
    const { user, router } = renderAt('/login');
    await fillAndSubmit(user, '  ana@example.com ', 'secret-password');
    expect(await screen.findByText(HOME_TEXT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/login/access-token',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(new URLSearchParams(sent[0]?.body as string))).toEqual({
      username: 'ana@example.com',
      password: 'secret-password',
    });
    expect(getToken()).toBe('fresh-token');
    expect(queryClient.getQueryData(['probe'])).toBeUndefined();
  });

  it.each([
    [400, { detail: 'Incorrect email or password' }, 'E-mail ou senha incorretos.'],
    [400, { detail: 'Inactive user' }, 'Usuário inativo.'],
    [
      429,
      { detail: 'Too many requests. Try again in 54 seconds.' },
      'Muitas tentativas. Tente novamente em 54 segundos.',
    ],
    [
      422,
      { detail: [{ loc: ['body', 'username'], msg: 'Field required', type: 'missing' }] },
      'Os dados enviados não foram aceitos. Revise os campos e tente novamente.',
    ],
    [500, undefined, 'Ocorreu um erro inesperado. Tente novamente.'],
  ])('a %i answer %j shows "%s" under the password field', async (status, body, shown) => {
    answerWith(() => (body === undefined ? { status } : json(status, body)));
    const { user, router } = renderAt('/login');
    await fillAndSubmit(user, 'ana@example.com', 'wrong-password');
    await waitFor(() => expect(errorsOf(PASSWORD)).toEqual([shown]));
    expect(field(PASSWORD)).toHaveAttribute('aria-invalid', 'true');
    expect(errorsOf(EMAIL)).toEqual([]);
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('a server that cannot be reached shows the unexpected-error sentence', async () => {
    answerWith(() => 'unreachable');
    const { user } = renderAt('/login');
    await fillAndSubmit(user, 'ana@example.com', 'secret-password');
    await waitFor(() => expect(errorsOf(PASSWORD)).toEqual(['Ocorreu um erro inesperado. Tente novamente.']));
  });

  it('is busy while submitting, cannot be sent twice, and clears the last error at the new submit', async () => {
    answerWith(() => json(400, { detail: 'Incorrect email or password' }));
    const { user } = renderAt('/login');
    await fillAndSubmit(user, 'ana@example.com', 'wrong-password');
    await waitFor(() => expect(errorsOf(PASSWORD)).toEqual(['E-mail ou senha incorretos.']));

    const pending = deferred();
    answerWith(() => pending.promise);
    const button = screen.getByRole('button', { name: 'Entrar' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(errorsOf(PASSWORD)).toEqual([]);
    await user.click(button);
    expect(sent).toHaveLength(2);

    pending.release(json(400, { detail: 'Inactive user' }));
    await waitFor(() => expect(errorsOf(PASSWORD)).toEqual(['Usuário inativo.']));
    expect(button).toBeEnabled();
  });

  it('a rule failing at the next submit also clears the server error', async () => {
    answerWith(() => json(400, { detail: 'Incorrect email or password' }));
    const { user } = renderAt('/login');
    await fillAndSubmit(user, 'ana@example.com', 'wrong-password');
    await waitFor(() => expect(errorsOf(PASSWORD)).toEqual(['E-mail ou senha incorretos.']));
    await user.clear(field(PASSWORD));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(errorsOf(PASSWORD)).toEqual(['Senha é obrigatória']));
  });

  it('the password toggle shows and hides the password', async () => {
    const { user } = renderAt('/login');
    await user.type(field(PASSWORD), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(field(PASSWORD)).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(field(PASSWORD)).toHaveAttribute('type', 'password');
    expect(field(PASSWORD)).toHaveValue('secret-password');
  });
});
