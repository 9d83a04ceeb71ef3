import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/testing/free-port.js';
import type { ServerProcess } from '../../src/testing/server-process.js';
import {
  type Answer,
  call,
  cleanUp,
  ENGINES,
  listAll,
  login,
  newTaxId,
  SUPERUSER,
  serverEnv,
  startServer,
  TEST_DATABASE_URL,
  throwawayCluster,
} from './support.js';

/**
 * Faults a real deployment meets: the process killed mid-write, the database restarted under it,
 * a mail server that is down or hangs. The server is the built CLI in its own process.
 */
afterAll(() => cleanUp('faults'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates companies from `workers` loops until told to stop; remembers what the server acknowledged. */
function writeLoad(base: () => string, token: string, workers = 8) {
  const acknowledged = new Map<string, string>();
  const answers: Answer[] = [];
  const failures: string[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const taxId = newTaxId();
      try {
        const res = await call(`${base()}/api/v1/companies/`, {
          method: 'POST',
          token,
          json: { trading_name: `Carga ${taxId}`, legal_name: 'Carga Ltda', tax_id: taxId },
          timeoutMs: 15_000,
        });
        answers.push(res);
        if (res.status === 200) acknowledged.set((res.body as { id: string }).id, taxId);
      } catch (error) {
        // The request died with the server (kill -9) or never got an answer: not acknowledged.
        failures.push((error as Error).message);
        await sleep(20);
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, loop));
  return {
    acknowledged,
    answers,
    failures,
    async stop() {
      running = false;
      await done;
    },
  };
}

async function expectAllPresent(base: string, token: string, acknowledged: Map<string, string>) {
  const rows = await listAll<{ id: string; tax_id: string }>(base, 'companies', token);
  const byId = new Map(rows.map((row) => [row.id, row.tax_id]));
  const missing = [...acknowledged].filter(([id, taxId]) => byId.get(id) !== taxId);
  expect(missing).toEqual([]);
  return rows.length;
}

describe.each(ENGINES)('kill -9 on %s', (engine) => {
  it('keeps every acknowledged write, and a restart right after is accepted', { timeout: 240_000 }, async () => {
    const env = await serverEnv(engine);
    const first = await startServer(env);
    const token = await login(first.url);
    const load = writeLoad(() => first.url, token);
    // Wait for a few hundred acknowledged writes, then crash while requests are in flight.
    const deadline = Date.now() + 20_000;
    while (load.acknowledged.size < 300 && Date.now() < deadline) await sleep(50);
    await first.crash();
    await load.stop();
    expect(load.acknowledged.size).toBeGreaterThan(0);

    const restartedAt = performance.now();
    const second = await startServer(env);
    const restartMs = performance.now() - restartedAt;
    const total = await expectAllPresent(second.url, token, load.acknowledged);
    console.log(
      `[faults:${engine}] kill -9 under load: ${load.acknowledged.size} acknowledged creates, all present ` +
        `(${total} rows); ${load.failures.length} requests cut off; the restart served after ${Math.round(restartMs)} ms`,
    );
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL restarted under load', () => {
  it('answers 503 while it is away, never hangs, and serves again without a restart', {
    timeout: 240_000,
  }, async (ctx) => {
    const cluster = await throwawayCluster();
    if (typeof cluster === 'string') {
      console.log(`[faults:postgres-restart] skipped: cannot make a throwaway PostgreSQL cluster here (${cluster})`);
      ctx.skip();
      return;
    }
    // Its own cluster, not a scratch database on the shared server: this one gets restarted.
    const server = await startServer(await serverEnv('postgres', { DATABASE_URL: cluster.url }));
    const token = await login(server.url);
    const writes = writeLoad(() => server.url, token, 4);
    const reads: { at: number; answer?: Answer; error?: string }[] = [];
    let reading = true;
    const readLoop = async () => {
      while (reading) {
        const at = performance.now();
        try {
          reads.push({ at, answer: await call(`${server.url}/api/v1/users/me`, { token, timeoutMs: 15_000 }) });
        } catch (error) {
          reads.push({ at, error: (error as Error).message });
        }
        await sleep(25);
      }
    };
    const readers = Promise.all([readLoop(), readLoop()]);
    await sleep(1_500);

    const stoppedAt = performance.now();
    cluster.stop(); // fast shutdown: every pooled connection is terminated by the server
    await sleep(3_000);
    // On a crash, the message carries the server's last words (what was left unhandled).
    expect(server.child.exitCode, `${server.stderr()}\n${server.lines.slice(-15).join('\n')}`).toBeNull();
    cluster.start();
    const backAt = performance.now();
    let recoveredAt: number | undefined;
    while (recoveredAt === undefined && performance.now() - backAt < 30_000) {
      const res = await call(`${server.url}/api/v1/users/me`, { token, timeoutMs: 15_000 });
      if (res.status === 200) recoveredAt = performance.now();
      else await sleep(50);
    }
    await sleep(500);
    reading = false;
    await readers;
    await writes.stop();

    const all = [...reads.flatMap((r) => (r.answer ? [r.answer] : [])), ...writes.answers];
    const statuses = new Map<number, number>();
    for (const a of all) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const unavailable = all.filter((a) => a.status === 503);
    const slowest = Math.max(...all.map((a) => a.ms));

    expect(server.child.exitCode).toBeNull(); // the process survived the restart
    expect([...reads.filter((r) => r.error).map((r) => r.error), ...writes.failures]).toEqual([]); // no hang, no reset
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const a of unavailable) expect(a.body).toEqual({ detail: expect.any(String) });
    expect(recoveredAt).toBeDefined();
    await server.waitForLog(/database connection restored/, 5_000);
    await expectAllPresent(server.url, token, writes.acknowledged);
    console.log(
      `[faults:postgres-restart] PostgreSQL down ${Math.round(backAt - stoppedAt)} ms: ` +
        `${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}; slowest answer ${Math.round(slowest)} ms; ` +
        `serving again ${Math.round((recoveredAt as number) - backAt)} ms after PostgreSQL was back; ` +
        `${writes.acknowledged.size} acknowledged writes all present`,
    );
  });
});

describe.skipIf(!TEST_DATABASE_URL)('a statement that runs too long', () => {
  it('is cancelled after DATABASE_STATEMENT_TIMEOUT_SECONDS: a 503 in words, the connection back in the pool', {
    timeout: 120_000,
  }, async () => {
    const env = await serverEnv('postgres', { DATABASE_STATEMENT_TIMEOUT_SECONDS: '1' });
    const server = await startServer(env);
    const token = await login(server.url);
    const companies = `${server.url}/api/v1/companies/?skip=0&limit=5`;
    expect((await call(companies, { token })).status).toBe(200);

    // Another session holds the companies table, as a long migration or a runaway report would: every
    // list waits for it. Without the timeout each request would hold a pool connection until released.
    const blocker = new pg.Client({ connectionString: env.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE companies IN ACCESS EXCLUSIVE MODE');
      // More waiting requests than the pool has connections (10): none may wait for another's turn.
      const stuck = await Promise.all(Array.from({ length: 12 }, () => call(companies, { token, timeoutMs: 10_000 })));
      for (const answer of stuck) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(answer.body).toEqual({
          detail: 'The request took too long and was stopped. Try again, or narrow the search.',
        });
      }
      // What does not need the table is served meanwhile.
      expect((await call(`${server.url}/api/v1/users/me`, { token })).status).toBe(200);
      await blocker.query('COMMIT');
    } finally {
      await blocker.end();
    }
    expect((await call(companies, { token })).status).toBe(200);
    await server.waitForLog(/statement timeout: the request was stopped/);
  });
});

describe('mail server down or hanging', () => {
  it('still answers password recovery with its 200 at once, and logs the failed send', {
    timeout: 180_000,
  }, async () => {
    // A "hanging" SMTP server: accepts the connection and never says a word.
    const held: net.Socket[] = [];
    const hanging = net.createServer((socket) => held.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => hanging.listen(port, '127.0.0.1', resolve));
    const server: ServerProcess = await startServer(
      await serverEnv('pglite', {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(port),
        SMTP_TLS: 'false',
        SMTP_TIMEOUT_SECONDS: '2',
      }),
    );
    const signUp = async (email: string) => {
      const res = await call(`${server.url}/api/v1/users/signup`, {
        method: 'POST',
        json: { email, password: 'password-123', full_name: 'Pessoa' },
      });
      expect(res.status).toBe(200);
    };
    const recover = (email: string) => call(`${server.url}/api/v1/password-recovery/${email}`, { method: 'POST' });
    await signUp('hung@example.com');
    await signUp('down@example.com');

    const whileHanging = await recover('hung@example.com');
    expect(whileHanging.status).toBe(200);
    expect(whileHanging.body).toEqual({ message: 'If that email is registered, we sent a password recovery link' });
    // The answer came while the mail server still holds the connection without a word.
    expect(server.logs().some((l) => /could not be sent/.test(String(l.msg)))).toBe(false);
    const hungLog = await server.waitForLog(/password recovery e-mail could not be sent/, 20_000);

    // Now nothing listens on the port at all.
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => hanging.close(resolve));
    const whileDown = await recover('down@example.com');
    expect(whileDown.status).toBe(200);
    expect(whileDown.body).toEqual(whileHanging.body);
    await expect
      .poll(() => server.logs().filter((l) => /could not be sent/.test(String(l.msg))).length, { timeout: 20_000 })
      .toBe(2);
    const errors = server
      .logs()
      .filter((l) => /could not be sent/.test(String(l.msg)))
      .map((l) => String((l.err as { message?: string })?.message));
    console.log(
      `[faults:smtp] recovery answered 200 in ${Math.round(whileHanging.ms)} ms (SMTP hanging) and ` +
        `${Math.round(whileDown.ms)} ms (SMTP down); logged: ${errors.join(' | ')}`,
    );
    expect(hungLog.level).toBe(50); // pino "error"
    expect(JSON.stringify(server.logs())).not.toContain(SUPERUSER.password);
  });
});
