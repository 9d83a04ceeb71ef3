import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { urlForLog } from '../src/http/log.js';
import { createTestApp, SUPERUSER, testAppPerSuite } from './support/app.js';
import { engine } from './support/database.js';
import { capturedLog } from './support/log.js';

const { lines, logger } = capturedLog();
const t = testAppPerSuite({ logger });

describe('the request log', () => {
  it('never holds a token or password, not even in the URL of a recovery link', async () => {
    const bearer = await t.login(SUPERUSER.email, SUPERUSER.password);
    await t.app.inject({ method: 'GET', url: '/reset-password?token=link-secret-1&x=1' });
    await t.app.inject({ method: 'GET', url: '/api/v1/users/me?token=query-secret-2' });
    await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${bearer}` } });
    await t.app.inject({ method: 'GET', url: `/api/v1/users/me?access_token=${bearer}&y=2` });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password/',
      payload: { token: 'body-secret-3', new_password: 'body-secret-4' },
    });
    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[Redacted]&x=1');
    expect(log).toContain('/api/v1/users/me?access_token=[Redacted]&y=2');
    expect(log).toContain('/api/v1/reset-password/');
    for (const secret of ['link-secret-1', 'query-secret-2', 'body-secret-3', 'body-secret-4', bearer]) {
      expect(log).not.toContain(secret);
    }
  });

  it('keeps the rest of a URL as it was', () => {
    expect(urlForLog('/companies/?search=padaria&skip=5')).toBe('/companies/?search=padaria&skip=5');
    expect(urlForLog('/reset-password?TOKEN=a&password=b#c')).toBe(
      '/reset-password?TOKEN=[Redacted]&password=[Redacted]#c',
    );
    expect(urlForLog('/x?mytoken=keep&Access_Token=z')).toBe('/x?mytoken=keep&Access_Token=[Redacted]');
  });

  it('hides secrets however the URL spells them, and tokens and keys wherever they stand', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNlY3JldA';
    const key = `bo_pk_0123456789ab_${'S'.repeat(43)}`;
    // The server reads %61ccess_token and access_token alike; an &amp; copied from an e-mail leaves `;`.
    expect(urlForLog('/x?%61ccess_token=s1&a%5Fb=keep')).toBe('/x?%61ccess_token=[Redacted]&a%5Fb=keep');
    expect(urlForLog('/reset-password?x=1&amp;token=s2')).toBe('/reset-password?x=1&amp;token=[Redacted]');
    expect(urlForLog('/x?Client_Secret=s3&api_key=s4&q=keep')).toBe(
      '/x?Client_Secret=[Redacted]&api_key=[Redacted]&q=keep',
    );
    expect(urlForLog(`/api/v1/users/${jwt}?q=${jwt}`)).toBe('/api/v1/users/[Redacted]?q=[Redacted]');
    expect(urlForLog(`/x?auth=${key}`)).toBe('/x?auth=bo_pk_0123456789ab_[Redacted]');
    expect(urlForLog('/companies/?search=eyJ&skip=5')).toBe('/companies/?search=eyJ&skip=5');
  });

  it('never logs a token or key sent in a URL under another name', async () => {
    const bearer = await t.login(SUPERUSER.email, SUPERUSER.password);
    const key = (
      await t.app.partnerKeys.create({
        name: 'Portal',
        scope: { origins: ['https://p.example'], access: 'read' },
        createdBy: null,
      })
    ).secret;
    await t.app.inject({ method: 'GET', url: `/api/v1/users/me?%61ccess_token=${bearer}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/companies/?auth=${bearer}&partner=${key}` });
    const log = lines.join('');
    expect(log).not.toContain(bearer);
    expect(log).not.toContain(key);
  });
});

describe('reset links', () => {
  it('are in the outbox e-mail only, never in the log (development without SMTP)', async () => {
    const user = await t.createUser();
    const outbox = path.join(t.dataDir, 'outbox');
    expect((await t.post(`password-recovery/${user.email}`)).statusCode).toBe(200);
    // Read until the token is there: the file may be seen while it is still being written.
    const token = await vi.waitFor(
      () => {
        const file = fs.readdirSync(outbox).find((name) => name.endsWith(`${user.email}.eml`));
        if (!file) throw new Error('no e-mail in the outbox yet');
        const eml = fs.readFileSync(path.join(outbox, file), 'utf8');
        // Quoted-printable may break the link's line: join soft line breaks before reading the token.
        const found = /reset-password\?token=3D([\w-]+)/.exec(eml.replace(/=\n/g, ''))?.[1];
        if (!found) throw new Error('the e-mail has no link yet');
        return found;
      },
      { timeout: 10_000 },
    );
    await vi.waitFor(() => expect(lines.join('')).toContain('password recovery e-mail sent'));
    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toMatch(/reset-password\?token=(?!\[Redacted\])/);
  });
});

describe('failed statements', () => {
  const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdGhhdC1tdXN0LW5vdC1sZWFr';

  it('are logged without their parameters', async () => {
    const failed = await t.app.database.db.execute(sql`select ${HASH}::int`).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    t.app.log.error({ err: failed }, 'a failing statement');
    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.msg === 'a failing statement');
    expect(JSON.stringify(entry)).not.toContain('argon2id');
    // What the statement was stays, to debug it.
    expect(entry.err.message).toContain('select $1::int');
    expect(entry.err.message).toContain('params: [not logged]');
  });

  it.skipIf(engine !== 'postgres')(
    'that time out while a password changes leave no hash in the log (503)',
    async () => {
      const timed = capturedLog();
      const slow = await createTestApp({ logger: timed.logger, env: { DATABASE_STATEMENT_TIMEOUT_SECONDS: '1' } });
      const holder = new pg.Client({ connectionString: slow.database.url });
      try {
        const { user, token } = await slow.userToken();
        await holder.connect();
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        const res = await slow.patch('users/me/password', token, {
          current_password: user.password,
          new_password: 'a-new-password-9',
          confirm_password: 'a-new-password-9',
        });
        expect(res.statusCode).toBe(503);
        const log = timed.lines.join('');
        expect(log).toContain('statement timeout');
        expect(log).not.toContain('$argon2id$');
      } finally {
        await holder.query('ROLLBACK').catch(() => {});
        await holder.end();
        await slow.close();
      }
    },
  );
});
