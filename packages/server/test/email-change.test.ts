import { type AuditEvent, apiErrors } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpCatcher } from '../src/testing/smtp-catcher.js';
import { createTestApp, detail, type TestApp } from './support/app.js';

/**
 * An e-mail change cannot take an account for good (issue 24, deliverable 2): `PATCH /users/me` keeps the
 * spec's API, but the old address is told, through a real SMTP server, with a single-use link valid 7 days
 * that gives the e-mail back and ends every session of the account.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_TLS: 'false' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let sequence = 0;
const address = (name: string) => `${name}-${++sequence}-${Date.now()}@example.com`;

const mailsTo = (to: string) => smtp.received.filter((m) => JSON.stringify(m.to).includes(to));
const NOTICE_SUBJECT = 'Back Office - O e-mail da sua conta foi alterado';

/** The undo link's token from the (first) e-mail change notice mailed to `to` (HTML and text must agree). */
async function revertToken(to: string): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const notice = mailsTo(to).find((m) => m.subject === NOTICE_SUBJECT);
      if (!notice) throw new Error(`no e-mail change notice to ${to} yet`);
      return notice;
    },
    { timeout: 10_000 },
  );
  const fromText = /http:\/\/frontend\.test\/revert-email-change\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
  const fromHtml = /href="http:\/\/frontend\.test\/revert-email-change\?token=([\w-]+)"/.exec(mail.html || '')?.[1];
  expect(fromText).toBeTruthy();
  expect(fromHtml).toBe(fromText);
  return fromText as string;
}

const revert = (token: unknown) => t.post('users/email-change/revert', undefined, { token });

describe('PATCH /users/me with a new e-mail', () => {
  it('keeps the spec answer and session, and tells the old address (only) with a link in Portuguese', async () => {
    const { user, token } = await t.userToken({ full_name: 'Joana Prado' });
    const newEmail = address('nova');
    const res = await t.patch('users/me', token, { full_name: 'Joana Prado', email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: newEmail, full_name: 'Joana Prado' });
    expect((await t.get('users/me', token)).json().email).toBe(newEmail);

    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(NOTICE_SUBJECT);
    expect(mail.text).toContain('Olá, Joana Prado!');
    expect(mail.text).toContain(`O e-mail da conta ${user.email} foi alterado para ${newEmail}.`);
    expect(mail.text).toContain('O link vale por 7 dias e só pode ser usado uma vez.');
    expect(mail.html).toContain('Desfazer a alteração');
    await revertToken(user.email);
    expect(mailsTo(newEmail)).toEqual([]);
  });

  it('sends nothing when the e-mail stays (name only, or the same address in another case)', async () => {
    const { user, token } = await t.userToken();
    await t.patch('users/me', token, { full_name: 'Outro Nome' });
    await t.patch('users/me', token, { email: user.email.toUpperCase() });
    await t.app.background.settled();
    expect(mailsTo(user.email)).toEqual([]);
  });
});

describe('POST /users/email-change/revert', () => {
  it('gives the e-mail back once, ends every session, and the owner logs in with the old address', async () => {
    const { user, token } = await t.userToken();
    const other = await t.login(user.email, user.password);
    await t.patch('users/me', token, { email: address('ladrao') });
    const link = await revertToken(user.email);

    const res = await revert(link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.stringContaining('Email change undone') });
    for (const session of [token, other]) expect((await t.get('users/me', session)).statusCode).toBe(401);
    const again = await t.login(user.email, user.password);
    expect((await t.get('users/me', again)).json().email).toBe(user.email);

    const twice = await revert(link);
    expect(twice.statusCode).toBe(400);
    expect(detail(twice)).toBe(apiErrors.invalidEmailChangeToken);

    // On record as the account owner's, who holds the old address's mail, not as the system's.
    const history = (await t.get(`users/${user.id}/history`, t.superuserToken)).json().data as AuditEvent[];
    const undo = history.find((event) => event.reason === 'email_change_revert');
    expect(undo).toMatchObject({
      action: 'user.updated',
      actor: { type: 'user', id: user.id, label: user.email },
      ip: '127.0.0.1',
      changes: { email: { new: user.email } },
    });
    expect(history.filter((event) => event.reason === 'email_change_revert')).toHaveLength(1);
  });

  it('takes the account back from a stolen session: its reset link, sessions and later undo links stop working', async () => {
    const owner = await t.userToken();
    const thief = address('ladrao');
    // With the owner's token: the e-mail becomes the thief's, then recovery sends the thief a reset link.
    await t.patch('users/me', owner.token, { email: thief });
    await t.post(`password-recovery/${thief}`);
    const resetLink = /reset-password\?token=([\w-]+)/.exec((await smtp.waitFor(thief)).text ?? '')?.[1];
    expect(resetLink).toBeTruthy();
    // A second change mails its undo link to the thief's address.
    await t.patch('users/me', owner.token, { email: address('ladrao-2') });
    const thiefsUndo = await revertToken(thief);

    expect((await revert(await revertToken(owner.user.email))).statusCode).toBe(200);
    expect((await t.get('users/me', owner.token)).statusCode).toBe(401);
    const reset = await t.post('reset-password/', undefined, { token: resetLink, new_password: 'thiefs-password' });
    expect(detail(reset)).toBe('Invalid token');
    expect(detail(await revert(thiefsUndo))).toBe(apiErrors.invalidEmailChangeToken);
    await expect(t.login(owner.user.email, owner.user.password)).resolves.toEqual(expect.any(String));
  });

  it("keeps the owner's way back when the thief undoes a later change of his own (A → B → C, then B's link)", async () => {
    const owner = await t.userToken();
    const [thief, thiefAgain] = [address('ladrao'), address('ladrao-2')];
    await t.patch('users/me', owner.token, { email: thief });
    const ownersUndo = await revertToken(owner.user.email);
    await t.patch('users/me', owner.token, { email: thiefAgain });
    // The thief undoes his second change with the link mailed to his first address: the account is his
    // address again, and a reset link for it would be his to ask for.
    expect((await revert(await revertToken(thief))).statusCode).toBe(200);
    expect((await t.get(`users/${owner.user.id}`, t.superuserToken)).json().email).toBe(thief);

    expect((await revert(ownersUndo)).statusCode).toBe(200);
    await expect(t.login(owner.user.email, owner.user.password)).resolves.toEqual(expect.any(String));
    expect(detail(await revert(ownersUndo))).toBe(apiErrors.invalidEmailChangeToken);
  });

  it('keeps the old address for the account while the link is out: nobody may sign up with it or take it', async () => {
    const { user, token } = await t.userToken();
    await t.patch('users/me', token, { email: address('mudou') });
    const signup = await t.post('users/signup', undefined, {
      email: user.email,
      password: 'password-123',
      full_name: 'Outra Pessoa',
    });
    expect(signup.statusCode).toBe(400);
    expect(detail(signup)).toBe(apiErrors.emailTakenOnSignup);
    const created = await t.post('users/', t.superuserToken, { email: user.email, password: 'password-123' });
    expect(detail(created)).toBe(apiErrors.emailTakenOnCreate);
    const someoneElse = await t.userToken();
    const taken = await t.patch('users/me', someoneElse.token, { email: user.email });
    expect(taken.statusCode).toBe(409);
    // The account itself may go back to it by hand.
    expect((await t.patch('users/me', token, { email: user.email })).statusCode).toBe(200);
  });

  it('refuses a link after 7 days, and the address is free again', async () => {
    const { user, token } = await t.userToken();
    await t.patch('users/me', token, { email: address('mudou') });
    const link = await revertToken(user.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 24 * 60 * 60_000 + 60_000 });
    try {
      expect(detail(await revert(link))).toBe(apiErrors.invalidEmailChangeToken);
    } finally {
      vi.useRealTimers();
    }
    expect((await t.get('users/me', token)).statusCode).toBe(200);
  });

  it('answers unknown tokens and bad bodies with a detail, changing nothing', async () => {
    expect(detail(await revert('made-up'))).toBe(apiErrors.invalidEmailChangeToken);
    const missing = await t.post('users/email-change/revert', undefined, {});
    expect(missing.statusCode).toBe(422);
    expect((await revert('x'.repeat(513))).statusCode).toBe(422);
  });
});
