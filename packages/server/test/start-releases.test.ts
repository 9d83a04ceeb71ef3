import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { warnIfNothingPromoted } from '../src/releases/workspace.js';
import { type RunningServer, startServer } from '../src/server.js';
import { createTestApp, type TestApp } from './support/app.js';
import { fakeRemoteBuild, fakeShellBuild, tempDir, uploadBody } from './support/builds.js';
import { engine } from './support/database.js';

/**
 * What `start` (what `npm start` runs) does with the checkout's builds (issue 25): outside production it
 * publishes them and promotes those that changed — build, start, see it — and leaves a version promoted
 * by hand alone; with NODE_ENV=production it publishes nothing: only `remotes publish`/`promote` change
 * what users get. The real start, on an embedded data directory, restarted as an operator would.
 */
const webRoot = tempDir('backoffice-web-');
const dataDir = tempDir('backoffice-data-');
const remoteDist = path.join(webRoot, 'remote-greetings', 'dist');
const owner = { email: 'owner@example.com', password: 'owner-password-1' };
const settings = {
  DATA_DIR: dataDir,
  WEB_ROOT: webRoot,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'fatal',
  FIRST_SUPERUSER: owner.email,
  FIRST_SUPERUSER_PASSWORD: owner.password,
};
const production = { NODE_ENV: 'production', SECRET_KEY: 'start-releases-Vq8sK2mX9pL4wR7tZ1nB6cF3hJ0dG5yA' };

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function restart(env: Record<string, string> = {}): Promise<string> {
  await server?.close();
  server = await startServer(loadConfig({ ...settings, ...env }), false);
  return server.url;
}

/** The checkout's remote build, rebuilt: its old files gone, as a clean build leaves it. */
function buildRemote(marker: string): void {
  fs.rmSync(remoteDist, { recursive: true, force: true });
  fakeRemoteBuild(remoteDist, { marker });
}

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/login/access-token`, {
    method: 'POST',
    body: new URLSearchParams({ username: owner.email, password: owner.password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(url: string, method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api/v1/${route}`, {
    method,
    headers: {
      authorization: `Bearer ${await token(url)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${route}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** The version of greetings a page gets, and the remote's history as `action version`, newest first. */
async function state(url: string) {
  const registry = (await (await fetch(`${url}/remotes.json`)).json()) as {
    remotes: Record<string, { version: string }>;
  };
  const events = await api<{ data: { action: string; version: string }[] }>(url, 'GET', 'remotes/greetings/events');
  return {
    served: registry.remotes.remote_greetings?.version,
    history: events.data.map((event) => `${event.action} ${event.version}`),
  };
}

describe.runIf(engine === 'pglite')('start and the checkout’s builds', { timeout: 300_000 }, () => {
  it('outside production publishes them and promotes the changed ones; in production, nothing', async () => {
    fakeShellBuild(path.join(webRoot, 'shell', 'dist'));
    buildRemote('a');
    let url = await restart();
    const first = await state(url);
    const a = first.served as string;
    expect(a).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    expect(first.history).toEqual([`promote ${a}`, `publish ${a}`]);

    // A team publishes and promotes another build by hand; a restart with the same checkout keeps it.
    const other = fakeRemoteBuild(path.join(tempDir(), 'dist'), { marker: 'b' });
    const b = (
      await api<{ release: { version: string } }>(url, 'POST', 'remotes/greetings/releases', uploadBody(other))
    ).release.version;
    await api(url, 'POST', 'remotes/greetings/promote', { version: b });
    url = await restart();
    expect(await state(url)).toEqual({ served: b, history: [`promote ${b}`, `publish ${b}`, ...first.history] });

    // The checkout is rebuilt; in production, start publishes and promotes nothing.
    buildRemote('c');
    url = await restart(production);
    const inProduction = await state(url);
    expect(inProduction).toEqual({ served: b, history: [`promote ${b}`, `publish ${b}`, ...first.history] });

    // Outside production again, the changed build is published and promoted.
    url = await restart();
    const after = await state(url);
    const c = after.served as string;
    expect([a, b]).not.toContain(c);
    expect(after.history).toEqual([`promote ${c}`, `publish ${c}`, ...inProduction.history]);
  });
});

describe('a new production install', () => {
  let t: TestApp;
  const shellRoot = tempDir('backoffice-web-');
  beforeAll(async () => {
    fakeShellBuild(path.join(shellRoot, 'shell', 'dist'));
    t = await createTestApp({ env: { WEB_ROOT: shellRoot } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(shellRoot, { recursive: true, force: true });
  });

  it('is told, at start, that no area shows until its first releases are promoted', async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) } as Parameters<typeof warnIfNothingPromoted>[1];
    expect(await warnIfNothingPromoted(t.app.releases, log)).toBe(true);
    expect(warnings).toEqual([expect.stringContaining('remotes publish-all --promote')]);

    const dir = fakeRemoteBuild(path.join(tempDir(), 'dist'), { marker: 'first' });
    const published = await t.post('remotes/greetings/releases', t.superuserToken, uploadBody(dir));
    expect(published.statusCode, published.body).toBe(201);
    // Published is not enough: nobody gets it yet.
    expect(await warnIfNothingPromoted(t.app.releases, log)).toBe(true);
    const version = published.json().release.version;
    await t.post('remotes/greetings/promote', t.superuserToken, { version });
    expect(await warnIfNothingPromoted(t.app.releases, log)).toBe(false);
    expect(warnings).toHaveLength(2);
  });
});
