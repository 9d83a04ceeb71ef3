import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/server.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const servers: RunningServer[] = [];

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-embedded-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close().catch(() => {});
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  FIRST_SUPERUSER: 'owner@example.com',
  FIRST_SUPERUSER_PASSWORD: 'owner-password-1',
});

async function start(dataDir: string) {
  const server = await startServer(loadConfig(env(dataDir)), false);
  servers.push(server);
  return server;
}

/**
 * Runs the real CLI (`start`) in a child process and collects its exit code and output; with
 * `until`, stops the server as soon as its output matches.
 */
function runCli(vars: Record<string, string>, until?: RegExp, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/cli.ts', 'start'], {
      cwd: serverDir,
      env: { ...process.env, ...vars, NODE_ENV: vars.NODE_ENV ?? 'development' },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => {
      stdout += d;
      if (until?.test(stdout)) child.kill('SIGTERM');
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

async function loginAt(url: string, username: string, password: string) {
  const res = await fetch(`${url}/api/v1/login/access-token`, {
    method: 'POST',
    body: new URLSearchParams({ username, password }),
  });
  return res;
}

describe('embedded mode (PGlite under DATA_DIR)', { timeout: 90_000 }, () => {
  it('migrates, creates the first super user and keeps data and tokens across a restart', async () => {
    const dataDir = tempDataDir();
    const first = await start(dataDir);
    const login = await loginAt(first.url, 'owner@example.com', 'owner-password-1');
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const created = await fetch(`${first.url}/api/v1/companies/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        trading_name: 'Persistente',
        legal_name: 'Persistente Ltda',
        tax_id: '11.222.333/0001-81',
      }),
    });
    expect(created.status).toBe(200);
    await first.close();
    servers.pop();

    expect(fs.readFileSync(path.join(dataDir, 'secret_key'), 'utf8').trim().length).toBeGreaterThanOrEqual(48);
    const second = await start(dataDir);
    const list = await fetch(`${second.url}/api/v1/companies/`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: { trading_name: string }[] };
    expect(body.data.map((c) => c.trading_name)).toEqual(['Persistente']);
    const users = await fetch(`${second.url}/api/v1/users/`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(((await users.json()) as { count: number }).count).toBe(1);
  });

  it('refuses a second server on the same data directory, with a clear message', async () => {
    const dataDir = tempDataDir();
    const running = await start(dataDir);
    const second = await runCli(env(dataDir));
    expect(second.code).toBe(78);
    expect(second.stderr).toContain(`Another back office server is already using the data directory ${dataDir}`);
    // The first server is unharmed.
    expect((await fetch(`${running.url}/api/v1/utils/health-check/`)).status).toBe(200);
  });

  it('starts again at once on the same data directory after a kill -9', async () => {
    const dataDir = tempDataDir();
    const crashed = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/cli.ts', 'start'], {
      cwd: serverDir,
      env: { ...process.env, ...env(dataDir), NODE_ENV: 'development' },
    });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      crashed.stdout.on('data', (d) => {
        out += d;
        if (out.includes('Back office is running')) resolve();
      });
      crashed.on('exit', () => reject(new Error(`the first server exited early: ${out}`)));
    });
    const exited = new Promise((resolve) => crashed.on('exit', resolve));
    crashed.kill('SIGKILL');
    await exited;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true); // left behind by the crash

    const restarted = await runCli(env(dataDir), /Data: .*\n/);
    expect(restarted.stderr).not.toContain('Another back office server');
    expect(restarted.stdout).toContain('Back office is running');
  });

  it('starts the real CLI and prints the URL, the credentials and where e-mails go', async () => {
    const dataDir = tempDataDir();
    const result = await runCli({ ...env(dataDir), FIRST_SUPERUSER_PASSWORD: 'changethis' }, /Data: .*\n/);
    expect(result.stdout).toMatch(/Open: +http:\/\/localhost:\d+/);
    expect(result.stdout).toContain('Log in as: owner@example.com / changethis');
    expect(result.stdout).toContain(`E-mails:   the folder ${path.join(dataDir, 'outbox')}`);
  });

  it.each([
    [{ SECRET_KEY: '' }, 'SECRET_KEY must be set when NODE_ENV=production'],
    [
      { SECRET_KEY: 'x'.repeat(40), FIRST_SUPERUSER_PASSWORD: 'changethis' },
      'FIRST_SUPERUSER_PASSWORD must not be "changethis"',
    ],
  ])('refuses unsafe production settings %o', async (vars, message) => {
    const result = await runCli({ ...env(tempDataDir()), NODE_ENV: 'production', ...vars });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(message);
  });
});
