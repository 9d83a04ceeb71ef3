import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import {
  answerWith,
  blurWith,
  deferred,
  errorsOf,
  expectErrorsOnBlur,
  field,
  json,
  linkCheckAnswers,
  linkChecks,
  renderAt,
  sent,
  type User,
} from './account-pages';

const NEW_PASSWORD = messages.newPasswordLabel;
const CONFIRM = messages.confirmNewPasswordLabel;

async function fillValid(user: User) {
  await user.type(field(NEW_PASSWORD), 'brand-new-password');
  await user.type(field(CONFIRM), 'brand-new-password');
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
}

/** The reset page at `url`, once its link check has answered and the form is there. */
async function renderReset(url: string) {
  const rendered = renderAt(url);
  await screen.findByRole('button', { name: 'Confirmar' });
  return rendered;
}

describe('/reset-password', () => {
  it('with a token: both password fields and the Confirmar button', async () => {
    await renderReset('/reset-password?token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: messages.resetPasswordTitle })).toBeInTheDocument();
    expect(field(NEW_PASSWORD)).toHaveAttribute('type', 'password');
    expect(field(CONFIRM)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Confirmar' })).toHaveAttribute('type', 'submit');
  });

  it.each(['/reset-password', '/reset-password?token=', '/reset-password?other=1'])(
    'without a token (%s) says the link is invalid and offers /recover-password',
    async (url) => {
      renderAt(url);
      expect(await screen.findByText(messages.invalidLinkTitle)).toBeInTheDocument();
      expect(screen.getByText(messages.invalidLinkText)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: messages.requestNewLink })).toHaveAttribute('href', '/recover-password');
      expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();
    },
  );

  it('new password: required, then at least 8 characters, on blur', async () => {
    const { user } = await renderReset('/reset-password?token=abc');
    await expectErrorsOnBlur(user, NEW_PASSWORD, [
      ['', ['Password is required']],
      ['short', ['Password must be at least 8 characters']],
      ['long-enough', []],
    ]);
  });

  it('confirmation: required, then equal to the new password', async () => {
    const { user } = await renderReset('/reset-password?token=abc');
    await blurWith(user, NEW_PASSWORD, 'long-enough');
    await expectErrorsOnBlur(user, CONFIRM, [
      ['', ['Confirmação de senha é obrigatória']],
      ['long-enougH', ['A senha não confere']],
    ]);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(sent).toEqual([]);
    await blurWith(user, CONFIRM, 'long-enough');
    await waitFor(() => expect(errorsOf(CONFIRM)).toEqual([]));
  });

  it('sends new_password and the token from the URL; success notice, then /login', async () => {
    const pending = deferred();
    answerWith(() => pending.promise);
    const { user, router } = await renderReset('/reset-password?token=tok%2Fen-123');
    await fillValid(user);
    const button = screen.getByRole('button', { name: 'Confirmar' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/reset-password/', contentType: 'application/json' });
    expect(sent[0]?.body).toEqual({ new_password: 'brand-new-password', token: 'tok/en-123' });

    pending.release(json(200, { message: 'Password updated successfully' }));
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText('Senha alterada com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([
    [
      400,
      { detail: 'Invalid token' },
      'Este link de redefinição de senha é inválido, expirou ou já foi usado. Peça um novo link.',
    ],
    [500, undefined, 'Algo deu errado'],
  ])('a %i answer %j shows a toast titled "Error" with "%s" and stays', async (status, body, description) => {
    answerWith(() => (body === undefined ? { status } : json(status, body)));
    const { user, router } = await renderReset('/reset-password?token=used');
    await fillValid(user);
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('checks the link as the page opens: a used or expired one is said before any password is typed (issue 28)', async () => {
    linkCheckAnswers(() => json(400, { detail: 'Invalid token' }));
    renderAt('/reset-password?token=used-link');
    expect(screen.getByRole('status')).toHaveTextContent('Verificando o link…');
    expect(
      await screen.findByText(
        'Este link de redefinição de senha é inválido, expirou ou já foi usado. Peça um novo link.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(messages.invalidLinkTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.requestNewLink })).toHaveAttribute('href', '/recover-password');
    expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();
    expect(linkChecks.map((call) => [call.method, call.body])).toEqual([['POST', { token: 'used-link' }]]);
  });

  it('keeps the form when the link could not be checked (server unreachable)', async () => {
    linkCheckAnswers(() => 'unreachable');
    await renderReset('/reset-password?token=abc');
    expect(screen.queryByText(messages.invalidLinkTitle)).not.toBeInTheDocument();
  });
});
