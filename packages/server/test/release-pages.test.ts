import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_COOKIE, canaryBucket } from '../src/releases/audience.js';
import { createTestApp, type TestApp } from './support/app.js';
import { fakeRemoteBuild, fakeShellBuild, releaseFolders, uploadBody } from './support/builds.js';

/**
 * Pages served from the release store (issue 25): the registry a page carries names the version of
 * each remote its visitor gets, the shell itself is the promoted shell release, and every file of
 * every stored version stays served, so a page opened before a promotion keeps working.
 */
let t: TestApp;
const { webRoot, builds, remove } = releaseFolders({ marker: 'disk' });
const html = { accept: 'text/html' };

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_ROOT: webRoot } });
});
afterAll(async () => {
  await t.close();
  remove();
});

const publish = async (remote: string, dir: string) => {
  const res = await t.post(`remotes/${remote}/releases`, t.superuserToken, uploadBody(dir));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().release.version as string;
};
const promote = async (remote: string, version: string) => {
  const res = await t.post(`remotes/${remote}/promote`, t.superuserToken, { version });
  expect(res.statusCode, res.body).toBe(200);
};
const page = (url: string, audience?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...html, ...(audience ? { cookie: `${AUDIENCE_COOKIE}=${audience}` } : {}) },
  });
interface Registry {
  remotes: Record<string, { name: string; version: string; entry: string }>;
  screens: { remote: string; path: string }[];
}
const registryOf = (body: string): Registry =>
  JSON.parse(/<script type="application\/json" id="backoffice-config">(.*?)<\/script>/.exec(body)?.[1] ?? '{}')
    .registry;
const scriptsOf = (body: string) => [...body.matchAll(/<script defer src="([^"]+)"><\/script>/g)].map((m) => m[1]);

describe('remotes', () => {
  let v1: string;
  let v2: string;
  beforeAll(async () => {
    v1 = await publish('greetings', fakeRemoteBuild(path.join(builds, 'g1'), { marker: 'g1' }));
    v2 = await publish('greetings', fakeRemoteBuild(path.join(builds, 'g2'), { marker: 'g2' }));
  });

  it('a published remote is in no page until it is promoted; then every page names its version', async () => {
    expect(registryOf((await page('/')).body).remotes).toEqual({});
    await promote('greetings', v1);
    const home = await page('/');
    expect(registryOf(home.body).remotes).toEqual({
      remote_greetings: { name: 'greetings', version: v1, entry: `/remotes/greetings/${v1}/remoteEntry.js` },
    });
    expect(registryOf(home.body).screens.map((screen) => screen.path)).toEqual(['/greetings']);
    // No canary runs: nobody is given a cookie.
    expect(home.headers['set-cookie']).toBeUndefined();
    const entry = await t.get(`/remotes/greetings/${v1}/remoteEntry.js`);
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('while a canary runs, a new browser is given its audience on its first page load, and keeps its answer', async () => {
    const res = await t.post('remotes/greetings/canary', t.superuserToken, { version: v2, percent: 50 });
    expect(res.statusCode).toBe(200);
    const seen = new Map<string, string>();
    for (let i = 0; i < 20; i++) {
      const first = await page('/greetings');
      const cookie = String(first.headers['set-cookie']);
      const audience = new RegExp(
        `^${AUDIENCE_COOKIE}=([A-Za-z0-9_-]{22}); Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly$`,
      ).exec(cookie)?.[1] as string;
      expect(audience).toBeDefined();
      const version = registryOf(first.body).remotes.remote_greetings?.version as string;
      expect(version).toBe(canaryBucket('greetings', audience) < 50 ? v2 : v1);
      // The page's first-screen files are that version's.
      expect(scriptsOf(first.body)).toContain(`/remotes/greetings/${version}/remoteEntry.js`);
      const again = await page('/greetings', audience);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(registryOf(again.body).remotes.remote_greetings?.version).toBe(version);
      seen.set(audience, version);
    }
    expect(new Set(seen.values())).toEqual(new Set([v1, v2]));
  });

  it('a promotion reaches the next page load; the chunks of the version an open page has stay served', async () => {
    await promote('greetings', v2);
    expect(registryOf((await page('/')).body).remotes.remote_greetings?.version).toBe(v2);
    const old = await t.get(`/remotes/greetings/${v1}/static/js/async/page.6731000000.js`);
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('export default "greetings g1";');
  });
});

describe('the shell', () => {
  it('is the build on disk until a shell release is promoted, then that release, its old files kept', async () => {
    const diskScript = '/static/js/index.6469736b00.js';
    expect((await page('/')).body).toContain(diskScript);
    expect((await t.get(diskScript)).body).toBe('console.log("shell disk")');

    const s1 = await publish('shell', fakeShellBuild(path.join(builds, 'shell-1'), { marker: 's1' }));
    const s2 = await publish('shell', fakeShellBuild(path.join(builds, 'shell-2'), { marker: 's2' }));
    await promote('shell', s1);
    const s1Script = '/static/js/index.7331000000.js';
    const first = await page('/greetings');
    expect(first.body).toContain(s1Script);
    expect(first.headers['cache-control']).toBe('no-cache');
    const script = await t.get(s1Script);
    expect(script.body).toBe('console.log("shell s1")');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    await promote('shell', s2);
    expect((await page('/')).body).toContain('/static/js/index.7332000000.js');
    // A page opened on s1 still gets its script.
    expect((await t.get(s1Script)).body).toBe('console.log("shell s1")');
    expect((await t.get('/static/js/missing.0123456789.js')).statusCode).toBe(404);

    const back = await t.post('remotes/shell/rollback', t.superuserToken);
    expect(back.json().stable_version).toBe(s1);
    expect((await page('/')).body).toContain(s1Script);
  });
});
