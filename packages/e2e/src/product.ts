import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@backoffice/server/testing/free-port';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const cliOf = (root: string) => path.join(root, 'packages/server/dist/cli.js');

export const SUPERUSER = { email: 'admin@example.com', password: 'admin-e2e-password' };

/**
 * How long a product may take to answer after `start`. A fresh start migrates and publishes the
 * checkout's builds (about 8 s here when quiet); a spec that starts its own product does so beside the
 * other worker's browser, on a machine CI may share (60 s was not enough at a load of 14): 120 s, as the
 * server's own test processes allow.
 */
export const PRODUCT_START_TIMEOUT_MS = 120_000;
/** A worker fixture that starts a product: the start, and the stop of the one before. */
export const PRODUCT_FIXTURE_TIMEOUT_MS = PRODUCT_START_TIMEOUT_MS + 30_000;

export interface Product {
  /** http://127.0.0.1:PORT (not "localhost": the shell clears the session at start on localhost). */
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Fills an embedded data directory with `count` demo companies (`seed:demo`), before a server opens it.
 * `root` is the checkout whose build does it (another checkout's, to compare two versions).
 */
export function seedDemoCompanies(dataDir: string, count: number, root = REPO_ROOT): void {
  const result = spawnSync(process.execPath, [cliOf(root), 'seed-demo', String(count)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seed-demo failed:\n${result.stdout}${result.stderr}`);
}

/**
 * Starts the production build exactly as `npm start` runs it (node packages/server/dist/cli.js
 * start) on a free port with a fresh data directory, and waits until it answers. `root` is the
 * checkout to run (this one unless a benchmark compares against another version).
 */
export async function startProduct(
  env: Record<string, string> = {},
  options: { dataDir?: string; root?: string } = {},
): Promise<Product> {
  const root = options.root ?? REPO_ROOT;
  const cli = cliOf(root);
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run the root build first`);
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [cli, 'start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      FIRST_SUPERUSER: SUPERUSER.email,
      FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
      FRONTEND_URL: url,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));

  const deadline = Date.now() + PRODUCT_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/utils/health-check/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`the product did not answer within ${PRODUCT_START_TIMEOUT_MS / 1000} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    port,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The database engines a spec can run the product on: PGlite always, PostgreSQL when TEST_DATABASE_URL names a server. */
export type Engine = 'pglite' | 'postgres';
export const ENGINES: readonly Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * `startProduct` on `engine`: on PostgreSQL, a database of its own on the TEST_DATABASE_URL server (made
 * with psql, dropped again by `stop`); on PGlite, the embedded default.
 */
export async function startProductOn(engine: Engine, env: Record<string, string> = {}): Promise<Product> {
  if (engine === 'pglite') return startProduct(env);
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('PostgreSQL needs TEST_DATABASE_URL');
  const name = `backoffice_e2e_${process.pid}_${Date.now()}`;
  const psql = (sql: string) => {
    const result = spawnSync('psql', [server, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`psql failed (${sql}): ${result.error ?? result.stderr}`);
  };
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const product = await startProduct({ DATABASE_URL: url.toString(), ...env }).catch((error) => {
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  });
  return {
    ...product,
    async stop() {
      await product.stop();
      psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
