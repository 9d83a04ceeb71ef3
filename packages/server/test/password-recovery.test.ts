import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECOVERY_SENT_MESSAGE, RESET_LINK_USABLE_MESSAGE } from '../src/routes/login.js';
import { startSmtpCatcher } from '../src/testing/smtp-catcher.js';
import { createTestApp, detail, type TestApp } from './support/app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_TLS: 'false',
      EMAILS_FROM_EMAIL: 'backoffice@example.com',
      RESET_TOKEN_EXPIRE_MINUTES: '60',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The token of the reset link in a received recovery e-mail (HTML and text must agree). */
function tokenFrom(mail: { html: string | false; text?: string }) {
  const fromText = /http:\/\/frontend\.test\/reset-password\?token=([\w-]+)/.exec(mail.text ?? '');
  const fromHtml = /href="http:\/\/frontend\.test\/reset-password\?token=([\w-]+)"/.exec(mail.html || '');
  expect(fromText?.[1]).toBeTruthy();
  expect(fromHtml?.[1]).toBe(fromText?.[1]);
  return fromText?.[1] as string;
}

describe('password recovery through a real SMTP server', () => {
  it('mails a working, single-use link to an existing account', async () => {
    const user = await t.createUser({ full_name: 'Joana Prado' });
    const res = await t.post(`password-recovery/${user.email}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RECOVERY_SENT_MESSAGE });

    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toContain('Recuperação de senha');
    // The brand as the app writes it (issue 28: the e-mails said "Back office").
    expect(`${mail.subject} ${mail.text} ${mail.html}`).toContain('Back Office');
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain('Back office');
    expect(mail.from?.text).toContain('backoffice@example.com');
    expect(mail.text).toContain('Olá, Joana Prado!');
    expect(mail.html).toContain('<html lang="pt-BR">');
    const token = tokenFrom(mail);

    const reset = await t.post('reset-password/', undefined, { token, new_password: 'recovered-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password updated successfully' });
    await expect(t.login(user.email, 'recovered-password')).resolves.toEqual(expect.any(String));
    await expect(t.login(user.email, user.password)).rejects.toThrow();

    const again = await t.post('reset-password/', undefined, { token, new_password: 'another-password' });
    expect(again.statusCode).toBe(400);
    expect(detail(again)).toBe('Invalid token');
  });

  it('checks a link without using it: usable before the reset, refused once used or unknown (issue 28)', async () => {
    const user = await t.createUser();
    await t.post(`password-recovery/${user.email}`);
    const token = tokenFrom(await smtp.waitFor(user.email));

    for (let i = 0; i < 2; i++) {
      const check = await t.post('reset-password/check', undefined, { token });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ message: RESET_LINK_USABLE_MESSAGE });
    }
    const reset = await t.post('reset-password/', undefined, { token, new_password: 'recovered-password' });
    expect(reset.statusCode).toBe(200);

    const used = await t.post('reset-password/check', undefined, { token });
    expect(used.statusCode).toBe(400);
    expect(detail(used)).toBe('Invalid token');
    const unknown = await t.post('reset-password/check', undefined, { token: 'made-up' });
    expect(detail(unknown)).toBe('Invalid token');
    expect((await t.post('reset-password/check', undefined, {})).statusCode).toBe(422);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await t.post('password-recovery/nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RECOVERY_SENT_MESSAGE });
    // A known address asked afterwards arrives alone: nothing was queued for the unknown one.
    const user = await t.createUser();
    await t.post(`password-recovery/${user.email}`);
    await smtp.waitFor(user.email);
    expect(smtp.received.slice(before).map((m) => JSON.stringify(m.to))).toEqual([expect.stringContaining(user.email)]);
  });

  it('answers without waiting for the token to be stored or the mail sent (issue 24, row 7)', async () => {
    // Timing would tell which addresses have accounts if the answer waited for work only they need.
    // Here that work cannot finish until released: the answer must come all the same.
    const user = await t.createUser();
    const store = t.app.usersRepository.addResetToken.bind(t.app.usersRepository);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const blocked = vi.spyOn(t.app.usersRepository, 'addResetToken').mockImplementation(async (...args) => {
      await released;
      return store(...args);
    });
    try {
      const hung = new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 15_000).unref());
      const answer = await Promise.race([t.post(`password-recovery/${user.email}`), hung]);
      expect(answer === 'no answer' ? answer : answer.json()).toEqual({ message: RECOVERY_SENT_MESSAGE });
      await vi.waitFor(() => expect(blocked).toHaveBeenCalledOnce());
      expect(smtp.received.some((m) => JSON.stringify(m.to).includes(user.email))).toBe(false);
      release();
      const token = tokenFrom(await smtp.waitFor(user.email));
      const reset = await t.post('reset-password/', undefined, { token, new_password: 'after-release-1' });
      expect(reset.statusCode).toBe(200);
    } finally {
      release();
      blocked.mockRestore();
    }
  });

  it('revokes the access tokens and older links once a reset succeeds', async () => {
    const { user, token: accessToken } = await t.userToken();
    await t.post(`password-recovery/${user.email}`);
    const first = tokenFrom(await smtp.waitFor(user.email));
    const countBefore = smtp.received.length;
    await t.post(`password-recovery/${user.email}`);
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThan(countBefore));
    const second = tokenFrom(smtp.received[smtp.received.length - 1] as never);
    expect(second).not.toBe(first);

    expect(
      (await t.post('reset-password/', undefined, { token: second, new_password: 'new-password-99' })).statusCode,
    ).toBe(200);
    expect((await t.get('users/me', accessToken)).statusCode).toBe(401);
    const old = await t.post('reset-password/', undefined, { token: first, new_password: 'new-password-100' });
    expect(detail(old)).toBe('Invalid token');
  });

  describe('a link is bound to the password and e-mail it was issued for', () => {
    /** A user with a fresh recovery link, and their session. */
    async function withLink() {
      const { user, token } = await t.userToken();
      await t.post(`password-recovery/${user.email}`);
      return { user, token, link: tokenFrom(await smtp.waitFor(user.email)) };
    }
    const useLink = (link: string) =>
      t.post('reset-password/', undefined, { token: link, new_password: 'taken-over-99' });

    it('stops working once the user changed their password', async () => {
      const { user, token, link } = await withLink();
      const changed = await t.patch('users/me/password', token, {
        current_password: user.password,
        new_password: 'owner-changed-1',
        confirm_password: 'owner-changed-1',
      });
      expect(changed.statusCode).toBe(200);
      // The page's check on opening says the same as the reset would.
      expect(detail(await t.post('reset-password/check', undefined, { token: link }))).toBe('Invalid token');
      const res = await useLink(link);
      expect(res.statusCode).toBe(400);
      expect(detail(res)).toBe('Invalid token');
      await expect(t.login(user.email, 'owner-changed-1')).resolves.toEqual(expect.any(String));
    });

    it('stops working once an administrator set the password', async () => {
      const { user, link } = await withLink();
      expect((await t.patch(`users/${user.id}`, t.superuserToken, { password: 'admin-set-pass-1' })).statusCode).toBe(
        200,
      );
      expect(detail(await useLink(link))).toBe('Invalid token');
      await expect(t.login(user.email, 'admin-set-pass-1')).resolves.toEqual(expect.any(String));
    });

    it('stops working once the e-mail changed, by the user or an administrator (the link in the old mailbox)', async () => {
      const own = await withLink();
      expect((await t.patch('users/me', own.token, { email: `new-${own.user.email}` })).statusCode).toBe(200);
      expect(detail(await useLink(own.link))).toBe('Invalid token');

      const byAdmin = await withLink();
      const moved = await t.patch(`users/${byAdmin.user.id}`, t.superuserToken, {
        email: `moved-${byAdmin.user.email}`,
      });
      expect(moved.statusCode).toBe(200);
      expect(detail(await useLink(byAdmin.link))).toBe('Invalid token');
      await expect(t.login(`moved-${byAdmin.user.email}`, byAdmin.user.password)).resolves.toEqual(expect.any(String));
    });

    it('keeps working after a change of name only', async () => {
      const { user, token, link } = await withLink();
      expect((await t.patch('users/me', token, { full_name: 'Outro Nome' })).statusCode).toBe(200);
      expect((await useLink(link)).statusCode).toBe(200);
      await expect(t.login(user.email, 'taken-over-99')).resolves.toEqual(expect.any(String));
    });
  });

  it('refuses an expired link', async () => {
    const user = await t.createUser();
    await t.post(`password-recovery/${user.email}`);
    const token = tokenFrom(await smtp.waitFor(user.email));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    try {
      const check = await t.post('reset-password/check', undefined, { token });
      expect(check.statusCode).toBe(400);
      expect(detail(check)).toBe('Invalid token');
      const res = await t.post('reset-password/', undefined, { token, new_password: 'too-late-password' });
      expect(res.statusCode).toBe(400);
      expect(detail(res)).toBe('Invalid token');
    } finally {
      vi.useRealTimers();
    }
    await expect(t.login(user.email, user.password)).resolves.toEqual(expect.any(String));
  });

  it('validates the reset payload and refuses unknown tokens', async () => {
    const unknown = await t.post('reset-password/', undefined, { token: 'made-up', new_password: 'password-123' });
    expect(detail(unknown)).toBe('Invalid token');
    const short = await t.post('reset-password/', undefined, { token: 'made-up', new_password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(detail(short)).toEqual([expect.objectContaining({ msg: 'Password must be at least 8 characters' })]);
    const badEmail = await t.post('password-recovery/not-an-email');
    expect(badEmail.statusCode).toBe(422);
  });

  it('does not mail inactive accounts', async () => {
    const inactive = await t.createUser({ is_active: false });
    const active = await t.createUser();
    await t.post(`password-recovery/${inactive.email}`);
    await t.post(`password-recovery/${active.email}`);
    await smtp.waitFor(active.email);
    expect(smtp.received.some((m) => JSON.stringify(m.to).includes(inactive.email))).toBe(false);
  });

  it('previews the e-mail as HTML for super users, without creating a usable token', async () => {
    const user = await t.createUser();
    const res = await t.post(`password-recovery-html-content/${user.email}`, t.superuserToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Redefinir senha');
    const token = /token=([\w-]+)/.exec(res.body)?.[1] as string;
    expect(detail(await t.post('reset-password/', undefined, { token, new_password: 'password-123' }))).toBe(
      'Invalid token',
    );
    const missing = await t.post('password-recovery-html-content/ghost@example.com', t.superuserToken);
    expect(missing.statusCode).toBe(404);
  });
});
