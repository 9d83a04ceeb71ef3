import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { urlForLog } from '../src/http/log.js';
import { createTestApp, SUPERUSER, type TestApp } from './support/app.js';
import { engine } from './support/database.js';
import { capturedLog } from './support/log.js';

let t: TestApp;
const { lines, logger } = capturedLog();
beforeAll(async () => {
  t = await createTestApp({ logger });
});
afterAll(() => t.close());

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
});

describe('reset links', () => {
  it('are in the outbox e-mail only, never in the log (development without SMTP)', async () => {
    const user = await t.createUser();
    const outbox = path.join(t.dataDir, 'outbox');
    expect((await t.post(`password-recovery/${user.email}`)).statusCode).toBe(200);
    const eml = await vi.waitFor(
      () => {
        const file = fs.readdirSync(outbox).find((name) => name.endsWith(`${user.email}.eml`));
        if (!file) throw new Error('no e-mail in the outbox yet');
        return fs.readFileSync(path.join(outbox, file), 'utf8');
      },
      { timeout: 10_000 },
    );
    // Quoted-printable may break the link's line: join soft line breaks before reading the token.
    const token = /reset-password\?token=3D([\w-]+)/.exec(eml.replace(/=\n/g, ''))?.[1];
    expect(token).toBeTruthy();
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
