import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { inject, vi } from 'vitest';
import { freePort } from '../../src/testing/free-port.js';
import { scratchDatabase as newScratchDatabase } from '../../src/testing/scratch-database.js';
import { type ServerProcess, startServerProcess } from '../../src/testing/server-process.js';
import { SERVER_ENV, SUPERUSER } from './server-env.js';

export { SUPERUSER };

/**
 * The hardening suite drives the real built server (`dist/cli.js start`) over HTTP, once on
 * embedded PGlite and once on PostgreSQL when TEST_DATABASE_URL is set.
 */
export type Engine = 'pglite' | 'postgres';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const ENGINES: Engine[] = ['pglite', ...(TEST_DATABASE_URL ? (['postgres'] as const) : [])];

if (!TEST_DATABASE_URL) {
  console.log('PostgreSQL half of the hardening suite skipped: TEST_DATABASE_URL is unset.');
}

const cleanups: (() => Promise<void> | void)[] = [];
const fileStarted = performance.now();
/** Runs every cleanup registered by the helpers below, then prints how long the file took (call it in afterAll). */
export async function cleanUp(label: string) {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  console.log(
    `[timing] ${label}: ${((performance.now() - fileStarted) / 1000).toFixed(1)} s, server start-ups included`,
  );
}

export function tempDir(prefix = 'backoffice-hardening-') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty database on the TEST_DATABASE_URL server, dropped at clean-up. */
export async function scratchDatabase(): Promise<string> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is unset');
  const database = await newScratchDatabase(TEST_DATABASE_URL, 'bo_hard_');
  cleanups.push(database.drop);
  return database.url;
}

/**
 * The environment of a server on `engine`: its own data directory (on PGlite a copy of the
 * suite's migrated template), and its own database on PostgreSQL.
 */
export async function serverEnv(engine: Engine, extra: Record<string, string> = {}) {
  const dataDir = tempDir();
  if (engine === 'pglite') fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  const env: Record<string, string> = { ...SERVER_ENV, DATA_DIR: dataDir, ...extra };
  if (engine === 'postgres' && !extra.DATABASE_URL) env.DATABASE_URL = await scratchDatabase();
  return env;
}

/** Starts the built server; it is stopped at clean-up if the test has not already. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ env });
  cleanups.push(() => server.stop());
  return server;
}

/**
 * The token of the newest password recovery e-mail for `email` in the outbox of a server without
 * SMTP_HOST (`DATA_DIR/outbox`): the only place a reset link is written (never the log).
 */
export async function outboxResetToken(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const file = await vi.waitFor(
    () => {
      const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith(`-${email}.eml`)) : [];
      const newest = names.sort().at(-1);
      if (!newest) throw new Error(`no e-mail for ${email} in ${outbox} yet`);
      return path.join(outbox, newest);
    },
    { timeout: 15_000, interval: 50 },
  );
  const mail = await simpleParser(fs.readFileSync(file));
  const token = /reset-password\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in ${file}`);
  return token;
}

/* ---------- HTTP ---------- */

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
  ms: number;
}

/** One request with a deadline: a server that does not answer fails the test instead of hanging it. */
export async function call(
  url: string,
  init: RequestInit & { token?: string; json?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const started = performance.now();
  const res = await fetch(url, { ...init, headers, body, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body: parsed, headers: res.headers, ms: performance.now() - started };
}

export async function login(base: string, email = SUPERUSER.email, password = SUPERUSER.password) {
  const res = await call(`${base}/api/v1/login/access-token`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  if (res.status !== 200) throw new Error(`login as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { access_token: string }).access_token;
}

let taxIdSeq = Math.floor(Math.random() * 1_000_000);
/** A valid numeric CNPJ not handed out before in this run. */
export function newTaxId(): string {
  taxIdSeq++;
  return cnpjOf(10_000_000 + (taxIdSeq % 89_999_999));
}

/** The valid numeric CNPJ of a matriz whose root is `root` (8 digits). */
export function cnpjOf(root: number): string {
  const base = `${String(root).padStart(8, '0')}0001`;
  return base + checkDigits(base);
}

function checkDigits(base: string): string {
  const digit = (value: string, weights: number[]) => {
    const sum = weights.reduce((total, w, i) => total + (value.charCodeAt(i) - 48) * w, 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digit(base + first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

/** Every row of a list endpoint (`data`, `count`), 100 at a time. */
export async function listAll<T>(base: string, resource: 'companies' | 'users', token: string): Promise<T[]> {
  const rows: T[] = [];
  for (let skip = 0; ; skip += 100) {
    const res = await call(`${base}/api/v1/${resource}/?skip=${skip}&limit=100`, { token });
    if (res.status !== 200) throw new Error(`listing ${resource} failed: ${res.status} ${JSON.stringify(res.body)}`);
    const page = (res.body as { data: T[] }).data;
    rows.push(...page);
    if (page.length < 100) return rows;
  }
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)] as number;
}

/* ---------- a throwaway PostgreSQL cluster ---------- */

function postgresBinDir(): string | undefined {
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromPath.status === 0 && fs.existsSync(path.join(fromPath.stdout.trim(), 'initdb')))
    return fromPath.stdout.trim();
  const debian = '/usr/lib/postgresql';
  if (!fs.existsSync(debian)) return undefined;
  const versions = fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(debian, version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

export interface Cluster {
  url: string;
  port: number;
  stop(): void;
  start(): void;
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, a free port, trust auth
 * on 127.0.0.1 only), so a test can stop and start it without touching the machine's server.
 * PostgreSQL refuses to run as root: as root it runs as the `postgres` user through runuser.
 * Returns a reason string when this machine cannot make one.
 */
export async function throwawayCluster(): Promise<Cluster | string> {
  const bin = postgresBinDir();
  if (!bin) return 'no PostgreSQL server binaries (initdb, pg_ctl) found';
  const asRoot = process.getuid?.() === 0;
  if (asRoot && spawnSync('id', ['postgres']).status !== 0) return 'running as root and there is no postgres user';
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return execFileSync(file as string, argv as string[], { stdio: 'pipe', encoding: 'utf8', timeout: 60_000 });
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-pgcluster-'));
  fs.chmodSync(dir, 0o777);
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    return `initdb failed: ${(error as Error).message}`;
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
  };
  try {
    cluster.start();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    return `pg_ctl start failed: ${(error as Error).message}`;
  }
  cleanups.push(() => {
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // Already stopped.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return cluster;
}
