import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../src/testing/server-process.js';
import {
  type Answer,
  call,
  cleanUp,
  ENGINES,
  listAll,
  login,
  newTaxId,
  outboxResetToken,
  serverEnv,
  startServer,
} from './support.js';

/**
 * The same thing asked many times at once: exactly one wins, the others get a clear 4xx, and the
 * data ends up as one of the requests left it. Against the built server, on each engine.
 */
afterAll(() => cleanUp('races'));

const statusCounts = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

describe.each(ENGINES)('races on %s', (engine) => {
  let server: ServerProcess;
  let dataDir: string;
  let token: string;
  let api: string;
  beforeAll(async () => {
    // Generous per-address limits, so many requests reach the database at once (the per-account
    // limits still apply: they are part of what is tested).
    const env = await serverEnv(engine, { AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    dataDir = env.DATA_DIR as string;
    server = await startServer(env);
    token = await login(server.url);
    api = `${server.url}/api/v1`;
  });

  it('50 sign-ups with one e-mail make one account', async () => {
    const email = `race-${engine}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(`${api}/users/signup`, {
          method: 'POST',
          json: { email, password: `password-${i}`, full_name: `N ${i}` },
        }),
      ),
    );
    const counts = statusCounts(answers);
    expect(counts[200]).toBe(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([400, 429]).toContain(a.status);
      expect(a.body).toEqual({ detail: expect.any(String) });
    }
    const users = await listAll<{ email: string }>(server.url, 'users', token);
    expect(users.filter((u) => u.email === email)).toHaveLength(1);
    console.log(`[races:${engine}] 50 sign-ups of one e-mail: ${JSON.stringify(counts)}`);
  });

  it('50 creates with one CNPJ make one company: 1 × 200 and 49 × 409', async () => {
    const taxId = newTaxId();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(`${api}/companies/`, {
          method: 'POST',
          token,
          json: { trading_name: `Corrida ${i}`, legal_name: 'Corrida Ltda', tax_id: taxId },
        }),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 49 });
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toEqual({ detail: 'Já existe uma empresa com este CNPJ' });
    }
    const list = await call(`${api}/companies/?search=${taxId}`, { token });
    expect((list.body as { count: number }).count).toBe(1);
  });

  it('one reset link used twice at once sets the password once', async () => {
    const email = `reset-race-${engine}@example.com`;
    await call(`${api}/users/signup`, { method: 'POST', json: { email, password: 'first-password' } });
    expect((await call(`${api}/password-recovery/${email}`, { method: 'POST' })).status).toBe(200);
    // Without SMTP_HOST the server writes the mail to its outbox (the link is never logged).
    const resetToken = await outboxResetToken(dataDir, email);
    const answers = await Promise.all(
      ['second-password-a', 'second-password-b'].map((new_password) =>
        call(`${api}/reset-password/`, { method: 'POST', json: { token: resetToken, new_password } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body).toEqual({ detail: 'Invalid token' });
    const winner = answers[0]?.status === 200 ? 'second-password-a' : 'second-password-b';
    await expect(login(server.url, email, winner)).resolves.toEqual(expect.any(String));
  });

  it('concurrent PATCHes of one company: no 5xx, the last write wins whole, disjoint fields all land', async () => {
    const created = await call(`${api}/companies/`, {
      method: 'POST',
      token,
      json: { trading_name: 'Alvo', legal_name: 'Alvo Ltda', tax_id: newTaxId(), type: 'filial' },
    });
    const id = (created.body as { id: string }).id;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(`${api}/companies/${id}`, {
          method: 'PATCH',
          token,
          json: { trading_name: `Nome ${i}`, legal_name: `Razão ${i}` },
        }),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 200: 30 });
    const final = (await call(`${api}/companies/${id}`, { token })).body as Record<string, string>;
    // Both fields come from the same request (no mix of two writes) ...
    expect(final.legal_name).toBe(final.trading_name?.replace('Nome', 'Razão'));
    // ... and the stored row is exactly what one of the requests was answered.
    expect(answers.map((a) => a.body)).toContainEqual(final);

    // Requests that change different fields do not undo each other.
    const disjoint = await Promise.all([
      call(`${api}/companies/${id}`, { method: 'PATCH', token, json: { is_active: false } }),
      call(`${api}/companies/${id}`, { method: 'PATCH', token, json: { type: 'matriz' } }),
      call(`${api}/companies/${id}`, { method: 'PATCH', token, json: { trading_name: 'Nome final' } }),
    ]);
    expect(disjoint.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await call(`${api}/companies/${id}`, { token })).body).toMatchObject({
      is_active: false,
      type: 'matriz',
      trading_name: 'Nome final',
    });
  });

  it('concurrent deletes of one company: one 200, the rest 404', async () => {
    const created = await call(`${api}/companies/`, {
      method: 'POST',
      token,
      json: { trading_name: 'Some', legal_name: 'Some Ltda', tax_id: newTaxId() },
    });
    const id = (created.body as { id: string }).id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(`${api}/companies/${id}`, { method: 'DELETE', token })),
    );
    expect(statusCounts(answers)).toEqual({ 200: 1, 404: 9 });
  });

  // Last in this block: the first super user loses the role here.
  it('two super users deactivating or deleting each other at once leave one of them an active super user', async () => {
    const superuser = async (name: string) => {
      const email = `${name}-${engine}-${Date.now()}@example.com`;
      const created = await call(`${api}/users/`, {
        method: 'POST',
        token,
        json: { email, password: 'race-password-1', is_superuser: true, is_active: true },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return {
        email,
        id: (created.body as { id: string }).id,
        token: await login(server.url, email, 'race-password-1'),
      };
    };
    const [a, b] = [await superuser('a'), await superuser('b')];
    const me = await call(`${api}/users/me`, { token });
    const firstId = (me.body as { id: string }).id;
    // Only a and b are active super users now.
    expect(
      (await call(`${api}/users/${firstId}`, { method: 'PATCH', token: a.token, json: { is_superuser: false } }))
        .status,
    ).toBe(200);

    const against = (actor: { token: string }, target: { id: string }, i: number) =>
      i % 2
        ? call(`${api}/users/${target.id}`, { method: 'PATCH', token: actor.token, json: { is_active: false } })
        : call(`${api}/users/${target.id}`, { method: 'DELETE', token: actor.token });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => [against(a, b, i), against(b, a, i)]).flat(),
    );
    for (const answer of answers) expect([200, 400, 401, 403, 404]).toContain(answer.status);
    // Deleted or deactivated, a user can no longer log in; the one left must still be an active super user.
    const stillAdministers = async (user: { email: string }) => {
      try {
        const me = await call(`${api}/users/me`, { token: await login(server.url, user.email, 'race-password-1') });
        const body = me.body as { is_superuser: boolean; is_active: boolean };
        return me.status === 200 && body.is_superuser && body.is_active;
      } catch {
        return false;
      }
    };
    console.log(`[races:${engine}] super users against each other: ${JSON.stringify(statusCounts(answers))}`);
    expect((await Promise.all([a, b].map(stillAdministers))).filter(Boolean)).toHaveLength(1);
  });
});
