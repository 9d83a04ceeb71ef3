import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from '../testing/scratch-database.js';
import { BUILT_CLI, startServerProcess } from '../testing/server-process.js';

/**
 * `bench-recovery`: does `POST /password-recovery/{email}` answer as fast for an address with an account
 * as for one without (issue 24, row 7)? A gap tells an attacker which addresses have accounts. The built
 * server runs on a fresh embedded database, sending its mail to a real SMTP server on this machine; each
 * round asks for a different existing account (one account may ask 5 times an hour); the two kinds alternate (the order swapped each round, after a warm-up), each timed over HTTP.
 * Prints medians and the 90th percentile per kind; `--compare` times another build the same way in the
 * same run (before/after). Numbers, not assertions.
 */
export interface BenchRecoveryOptions {
  /** Requests of each kind. */
  requests: number;
  /** Another build's dist/cli.js, timed after this one. */
  compareCli?: string;
  /** A PostgreSQL server (BENCH_DATABASE_URL) on which each build gets a scratch database; default PGlite. */
  databaseUrl?: string;
}

const SUPERUSER = { email: 'bench@example.com', password: 'bench-password-1' };
const WARM_UP = 5;

export async function benchRecovery(options: BenchRecoveryOptions): Promise<void> {
  const { startSmtpCatcher } = await import('../testing/smtp-catcher.js');
  const smtp = await startSmtpCatcher();
  const builds = [
    { name: 'this build', cli: BUILT_CLI },
    ...(options.compareCli ? [{ name: options.compareCli, cli: path.resolve(options.compareCli) }] : []),
  ];
  const rows: string[] = [];
  try {
    for (const build of builds) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-recovery-'));
      const database = options.databaseUrl ? await scratchDatabase(options.databaseUrl, 'bench_recovery_') : undefined;
      const server = await startServerProcess({
        cli: build.cli,
        env: {
          DATA_DIR: dataDir,
          DATABASE_URL: database?.url ?? '',
          REDIS_URL: '',
          FIRST_SUPERUSER: SUPERUSER.email,
          FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
          SECRET_KEY: randomBytes(48).toString('base64'),
          AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(smtp.port),
          SMTP_TLS: 'false',
          LOG_LEVEL: 'warn',
        },
      });
      try {
        const accounts = await createAccounts(server.url, options.requests + WARM_UP);
        const times = await alternate(server.url, accounts);
        rows.push(row(build.name, times));
      } finally {
        await server.stop();
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await smtp.close();
  }
  process.stdout.write(
    `\nPOST /password-recovery/{email} on ${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${options.requests} of each kind, alternating (ms)\n` +
      '| build | existing: median | unknown: median | existing − unknown | existing: p90 | unknown: p90 |\n' +
      '| --- | ---: | ---: | ---: | ---: | ---: |\n' +
      `${rows.join('\n')}\n`,
  );
}

/** `count` active accounts, created by the super user through the API. */
async function createAccounts(url: string, count: number): Promise<string[]> {
  const login = await fetch(`${url}/api/v1/login/access-token`, {
    method: 'POST',
    body: new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `conta.${i}@example.com`;
    const res = await fetch(`${url}/api/v1/users/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password-2', is_active: true, is_superuser: false }),
    });
    if (res.status !== 200) throw new Error(`creating ${email} answered ${res.status}: ${await res.text()}`);
    emails.push(email);
  }
  return emails;
}

async function alternate(url: string, accounts: string[]): Promise<{ existing: number[]; unknown: number[] }> {
  const existing: number[] = [];
  const unknown: number[] = [];
  const time = async (email: string) => {
    const started = performance.now();
    const res = await fetch(`${url}/api/v1/password-recovery/${encodeURIComponent(email)}`, { method: 'POST' });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`password recovery answered ${res.status}`);
    return performance.now() - started;
  };
  for (const [round, account] of accounts.entries()) {
    const stranger = `ninguem.${round}.${randomBytes(3).toString('hex')}@example.com`;
    // Whichever kind goes first in a round may pay for what the other left behind: swap it each round.
    let known: number;
    let other: number;
    if (round % 2 === 0) {
      known = await time(account);
      other = await time(stranger);
    } else {
      other = await time(stranger);
      known = await time(account);
    }
    if (round < WARM_UP) continue;
    existing.push(known);
    unknown.push(other);
  }
  return { existing, unknown };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function row(name: string, { existing, unknown }: { existing: number[]; unknown: number[] }): string {
  const median = (values: number[]) => quantile(values, 0.5);
  const cells = [
    median(existing),
    median(unknown),
    median(existing) - median(unknown),
    quantile(existing, 0.9),
    quantile(unknown, 0.9),
  ].map((ms) => ms.toFixed(1));
  return `| ${name} | ${cells.join(' | ')} |`;
}
