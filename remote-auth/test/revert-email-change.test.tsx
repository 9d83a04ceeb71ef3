import { apiErrors } from '@backoffice/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import { answerWith, deferred, json, renderAt, sent } from './account-pages';

const BUTTON = messages.revertEmailButton;

describe('/revert-email-change', () => {
  it('does nothing on opening: it explains, and waits for the button', async () => {
    renderAt('/revert-email-change?token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: messages.revertEmailTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.revertEmailIntro)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BUTTON })).toBeEnabled();
    expect(screen.getByRole('link', { name: messages.backToLogin })).toHaveAttribute('href', '/login');
    expect(sent).toEqual([]);
  });

  it('sends the token, then says it is done, forgets this browser’s session and focuses the result', async () => {
    answerWith(() => json(200, { message: 'Email change undone' }));
    const { user } = renderAt('/revert-email-change?token=the-token', { signedIn: true });
    expect(localStorage.getItem('access_token')).toBe('test-token');
    await user.click(await screen.findByRole('button', { name: BUTTON }));
    const done = await screen.findByRole('alert');
    expect(done).toHaveTextContent(messages.revertEmailDoneTitle);
    expect(done).toHaveTextContent(messages.revertEmailDoneText);
    expect(done).toHaveFocus();
    expect(sent.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/users/email-change/revert', { token: 'the-token' }],
    ]);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
    expect(screen.getByRole('link', { name: messages.goToLogin })).toHaveAttribute('href', '/login');
  });

  it('is busy while the request runs and cannot be pressed twice', async () => {
    const answer = deferred();
    answerWith(() => answer.promise);
    const { user } = renderAt('/revert-email-change?token=t');
    const button = await screen.findByRole('button', { name: BUTTON });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    answer.release(json(200, { message: 'ok' }));
    expect(await screen.findByText(messages.revertEmailDoneTitle)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('says, in Portuguese, when the link is used or expired, and keeps the session', async () => {
    answerWith(() => json(400, { detail: apiErrors.invalidEmailChangeToken }));
    const { user } = renderAt('/revert-email-change?token=old', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: BUTTON }));
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent(messages.revertEmailFailedTitle);
    expect(failed).toHaveTextContent('Este link é inválido, expirou ou já foi usado.');
    expect(localStorage.getItem('access_token')).toBe('test-token');
  });

  it('says when the server cannot be reached', async () => {
    answerWith(() => 'unreachable');
    const { user } = renderAt('/revert-email-change?token=t');
    await user.click(await screen.findByRole('button', { name: BUTTON }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.unexpectedError);
  });

  it.each(['/revert-email-change', '/revert-email-change?token='])(
    'without a token (%s) says the link is incomplete',
    async (url) => {
      renderAt(url);
      expect(await screen.findByRole('alert')).toHaveTextContent(messages.revertEmailInvalidLinkText);
      expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
    },
  );
});
