import { apiErrors } from '@backoffice/contracts';
import { uiMessages } from '@backoffice/ui';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import {
  answerWith,
  blurWith,
  errorsOf,
  expectErrorsOnBlur,
  field,
  json,
  renderAt,
  sent,
  type User,
} from './account-pages';

const FULL_NAME = messages.fullNameLabel;
const EMAIL = messages.emailLabel;
const PASSWORD = messages.passwordLabel;
const CONFIRM = messages.confirmPasswordLabel;

async function fillValid(user: User) {
  await user.type(field(FULL_NAME), 'Ana Souza');
  await user.type(field(EMAIL), 'ana@example.com');
  await user.type(field(PASSWORD), 'secret-password');
  await user.type(field(CONFIRM), 'secret-password');
}

describe('/signup', () => {
  it('shows the four fields, the Sign Up button and the Entrar link to /login', async () => {
    renderAt('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(field(FULL_NAME)).toHaveAttribute('minlength', '3');
    expect(field(EMAIL)).toHaveAttribute('type', 'email');
    expect(field(PASSWORD)).toHaveAttribute('type', 'password');
    expect(field(CONFIRM)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it('full name: required, then at least 3 characters, on blur', async () => {
    const { user } = renderAt('/signup');
    await expectErrorsOnBlur(user, FULL_NAME, [
      ['', ['Full Name is required']],
      ['   ', ['Full Name is required']],
      ['Al', ['Full Name must be at least 3 characters']],
      ['Ana', []],
    ]);
  });

  it('e-mail: required, the pattern, and every error of the field at once', async () => {
    const { user } = renderAt('/signup');
    await expectErrorsOnBlur(user, EMAIL, [
      ['', ['Email is required']],
      ['ana@', ['Endereço de email inválido']],
      ['a'.repeat(256), ['Email must be at most 255 characters', 'Endereço de email inválido']],
      ['ana@example.com', []],
    ]);
  });

  it('password: required, then at least 8 characters', async () => {
    const { user } = renderAt('/signup');
    await expectErrorsOnBlur(user, PASSWORD, [
      ['', ['Password is required']],
      ['1234567', ['Password must be at least 8 characters']],
      ['12345678', []],
    ]);
  });

  it('confirmation: required, then equal to the password', async () => {
    const { user } = renderAt('/signup');
    await blurWith(user, PASSWORD, 'secret-password');
    await expectErrorsOnBlur(user, CONFIRM, [
      ['', ['Confirmação de senha é obrigatória']],
      ['secret-passwort', ['A senha não confere']],
      ['secret-password', []],
    ]);
  });

  it('sends only email, full_name and password; success goes to /login with "Account created"', async () => {
    answerWith(() =>
      json(200, {
        id: '00000000-0000-4000-8000-000000000009',
        email: 'ana@example.com',
        full_name: 'Ana Souza',
        is_active: true,
        is_superuser: false,
        created_at: '2026-11-22T00:00:00Z',
      }),
    );
    const { user, router } = renderAt('/signup');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/users/signup', contentType: 'application/json' });
    expect(sent[0]?.body).toEqual({
      email: 'ana@example.com',
      full_name: 'Ana Souza',
      password: 'secret-password',
    });
  });

  it('sends nothing while a rule fails, and shows every field error', async () => {
    const { user } = renderAt('/signup');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(errorsOf(CONFIRM)).toEqual(['Confirmação de senha é obrigatória']));
    expect(errorsOf(FULL_NAME)).toEqual(['Full Name is required']);
    expect(errorsOf(EMAIL)).toEqual(['Email is required']);
    expect(errorsOf(PASSWORD)).toEqual(['Password is required']);
    expect(sent).toEqual([]);
  });

  it.each([
    [400, { detail: 'The user with this email already exists in the system' }, 'Já existe um usuário com este e-mail.'],
    [500, undefined, 'Erro ao criar conta'],
  ])('a %i answer %j shows a notice titled "Algo deu errado" with "%s"', async (status, body, description) => {
    answerWith(() => (body === undefined ? { status } : json(status, body)));
    const { user, router } = renderAt('/signup');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Algo deu errado')).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });
});

describe('/signup with SIGNUP_ENABLED=false (the page the server renders says signupEnabled: false)', () => {
  beforeEach(() => {
    window.__BACKOFFICE_CONFIG__ = { signupEnabled: false };
  });
  afterEach(() => {
    delete window.__BACKOFFICE_CONFIG__;
  });

  it('says sign-up is off and offers the way back to /login, with no form to fill in', async () => {
    renderAt('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByText(messages.signupDisabledTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.signupDisabledText)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    expect(sent).toEqual([]);
  });
});

describe('/signup refused by the server (its settings changed since the page loaded)', () => {
  it('shows the refusal in Portuguese', async () => {
    answerWith(() => json(403, { detail: apiErrors.signupDisabled }));
    const { user } = renderAt('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(uiMessages.apiDetails.signupDisabled)).toBeInTheDocument();
  });
});
