import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { UsersRepository } from '../src/db/users-repository.js';
import { ensureFirstSuperuser } from '../src/first-superuser.js';
import { hashPassword } from '../src/services/passwords.js';
import { type ServerProcess, startServerProcess } from '../src/testing/server-process.js';
import { detail, SUPERUSER, testAppPerSuite } from './support/app.js';
import { databasePerSuite, engine, freshDatabase, type TestDatabase } from './support/database.js';
import { perSuite } from './support/per-suite.js';

const config = loadConfig({ FIRST_SUPERUSER: 'first@example.com', FIRST_SUPERUSER_PASSWORD: 'first-password-1' });

async function superusers(users: UsersRepository) {
  return (await users.list(0, 100)).data.filter((u) => u.is_superuser).map((u) => u.email);
}

describe('the first super user on an empty database', () => {
  const database = databasePerSuite();
  const users = perSuite(async () => new UsersRepository(database.db));

  it('is not made of an ordinary account that holds its e-mail, and is created once', async () => {
    const ordinary = await users.create({
      email: config.firstSuperuser,
      hashed_password: await hashPassword('someone-else-1'),
      full_name: null,
      is_superuser: false,
      is_active: true,
    });
    expect(await ensureFirstSuperuser(users, config)).toBe('email-taken');
    expect((await users.findById(ordinary.id))?.is_superuser).toBe(false);
    await users.delete(ordinary.id);

    expect(await ensureFirstSuperuser(users, config)).toBe('created');
    expect(await ensureFirstSuperuser(users, config)).toBe('exists');
    expect(await superusers(users)).toEqual([config.firstSuperuser]);
  });
});

describe('the first super user after it changed', () => {
  const t = testAppPerSuite();

  it('is never recreated at a restart once it changed its e-mail and password', async () => {
    const token = await t.login(SUPERUSER.email, SUPERUSER.password);
    expect((await t.patch('users/me', token, { email: 'ti@empresa.com.br' })).statusCode).toBe(200);
    const changed = await t.patch('users/me/password', token, {
      current_password: SUPERUSER.password,
      new_password: 'a-better-password-1',
      confirm_password: 'a-better-password-1',
    });
    expect(changed.statusCode).toBe(200);

    // What `start` does on every restart, with the same FIRST_SUPERUSER and FIRST_SUPERUSER_PASSWORD.
    expect(await ensureFirstSuperuser(t.app.usersRepository, t.config)).toBe('exists');
    const defaults = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      payload: new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(defaults.statusCode).toBe(400);
    expect(detail(defaults)).toBe('Incorrect email or password');
    expect(await superusers(t.app.usersRepository)).toEqual(['ti@empresa.com.br']);
  });
});

/**
 * docs/deployment.md says instances may start together: two real server processes on one empty
 * PostgreSQL database, started at the same moment (migrations, then the first super user).
 */
describe.skipIf(engine !== 'postgres')('two instances started together on an empty PostgreSQL', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let database: TestDatabase;
  beforeAll(async () => {
    // An empty database: freshDatabase migrates, so its tables go; the servers migrate it again.
    database = await freshDatabase();
    await database.db.execute(
      'DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public',
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('both serve, and exactly one created the first super user', { timeout: 180_000 }, async () => {
    const env = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-first-start-'));
      dirs.push(dir);
      return {
        DATA_DIR: dir,
        DATABASE_URL: database.url as string,
        SECRET_KEY: 'first-start-secret-key-0123456789-abcdefgh',
        FIRST_SUPERUSER: SUPERUSER.email,
        FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
        REDIS_URL: '',
        SMTP_HOST: '',
        TRUST_PROXY: 'false',
      };
    };
    const started = await Promise.allSettled([
      startServerProcess({ env: env(), fromSource: true }),
      startServerProcess({ env: env(), fromSource: true }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason).slice(0, 2000) : 'serving'))).toEqual([
      'serving',
      'serving',
    ]);
    const ready = await Promise.all(servers.map((s) => s.waitForLog(/back office API ready/)));
    expect(ready.map((line) => line.superuserCreated).sort()).toEqual([false, true]);
    for (const server of servers) {
      const res = await fetch(`${server.url}/api/v1/login/access-token`, {
        method: 'POST',
        body: new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }),
      });
      expect(res.status).toBe(200);
    }
  });
});
