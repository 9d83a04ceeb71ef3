import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type AuditEvent, apiErrors } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_COOKIE, canaryBucket, userAudience } from '../src/releases/audience.js';
import { createTestApp, detail, type TestApp } from './support/app.js';
import { fakeRemoteBuild, fakeShellBuild, tempDir, uploadBody } from './support/builds.js';

let t: TestApp;
let webRoot: string;
let builds: string;
const build = (name: string, options: Parameters<typeof fakeRemoteBuild>[1] = {}) =>
  fakeRemoteBuild(path.join(builds, name), options);

beforeAll(async () => {
  webRoot = tempDir('backoffice-web-');
  builds = tempDir();
  // The shell the server has on disk: the gate's shell while no shell release is promoted.
  fakeShellBuild(path.join(webRoot, 'shell', 'dist'));
  t = await createTestApp({ env: { WEB_ROOT: webRoot } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(builds, { recursive: true, force: true });
});

const publish = (remote: string, dir: string, token = t.superuserToken, version?: string) =>
  t.post(`remotes/${remote}/releases`, token, uploadBody(dir, version));
const published = async (remote: string, dir: string, version?: string) => {
  const res = await publish(remote, dir, t.superuserToken, version);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().release.version as string;
};
const fetchFile = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(cookie ? { cookie: `${AUDIENCE_COOKIE}=${cookie}` } : {}) },
  });
const releasesOf = async (remote: string) => (await t.get(`remotes/${remote}/releases`, t.superuserToken)).json().data;

describe('publish', () => {
  it('stores a build under its package version and content hash, serves it immutably, and changes nothing users get', async () => {
    const res = await publish('greetings', build('publish-v1'));
    expect(res.statusCode, res.body).toBe(201);
    const { release, created } = res.json();
    expect(created).toBe(true);
    expect(release.version).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    expect(release).toMatchObject({
      remote: 'greetings',
      channel: null,
      audience: 'nobody',
      published_by: 'admin@example.com',
    });

    const entry = await fetchFile(`/remotes/greetings/${release.version}/remoteEntry.js`);
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.body).toContain('var remote_greetings');

    // Nobody gets it until it is promoted: the unversioned URL has no version to serve.
    expect((await fetchFile('/remotes/greetings/remoteEntry.js')).statusCode).toBe(404);
    expect((await t.get('remotes/', t.superuserToken)).json().data).toContainEqual(
      expect.objectContaining({ remote: 'greetings', stable_version: null, canary: null }),
    );
  });

  it('sends the precompressed copy a client accepts, and answers a revalidation without a body', async () => {
    const version = (await releasesOf('greetings'))[0].version;
    const chunk = `/remotes/greetings/${version}/static/js/async/page.7631000000.js`;
    const br = await fetchFile(chunk, undefined, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('export default "greetings v1";');
    const plain = await fetchFile(chunk, undefined, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export default "greetings v1";');
    const again = await fetchFile(chunk, undefined, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers the same build again with the stored release and never overwrites a version with another build', async () => {
    const dir = build('publish-v1');
    const first = await publish('greetings', dir);
    expect(first.statusCode).toBe(200);
    expect(first.json().created).toBe(false);
    const version = first.json().release.version;

    const other = await publish('greetings', build('publish-other', { marker: 'other' }), t.superuserToken, version);
    expect(other.statusCode).toBe(409);
    expect(detail(other)).toBe(
      `greetings@${version} is published already with other content; a published version is never replaced: publish this build under another version`,
    );
    const served = await fetchFile(`/remotes/greetings/${version}/static/js/async/page.7631000000.js`);
    expect(served.body).toBe('export default "greetings v1";');
  });

  it('refuses a build of another remote than the URL names, a bad version and unsafe paths', async () => {
    const res = await publish('companies', build('publish-v1'));
    expect(res.statusCode).toBe(400);
    expect(detail(res)).toBe('This is a build of greetings, not of companies');

    const badVersion = await publish('greetings', build('publish-v1'), t.superuserToken, 'latest');
    expect(badVersion.statusCode).toBe(422);
    expect(JSON.stringify(detail(badVersion))).toContain(apiErrors.invalidReleaseVersion);

    const body = uploadBody(build('publish-v1'));
    body.files.push({ path: '../escape.js', content: Buffer.from('x').toString('base64') });
    const unsafe = await t.post('remotes/greetings/releases', t.superuserToken, body);
    expect(unsafe.statusCode).toBe(400);
    expect(detail(unsafe)).toBe('Invalid file path in the build: "../escape.js"');
  });
});

describe('the compatibility gate', () => {
  it('refuses a build requiring a shared module in a version the shell does not provide, naming both, and stores nothing', async () => {
    const before = (await releasesOf('greetings')).length;
    const res = await publish(
      'greetings',
      build('react-20', { marker: 'react20', requires: { react: '^20.0.0', '@backoffice/ui': '^1.0.0' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(detail(res)).toMatch(
      /^greetings@1\.0\.0-[0-9a-f]{10} does not work with the shell built on this server \(shell\/dist\): it requires react \^20\.0\.0; the shell provides react 19\.3\.1$/,
    );
    expect(await releasesOf('greetings')).toHaveLength(before);
  });

  it('names every problem: a module the shell lacks, a changed workspace package, another contract major, a missing expose', async () => {
    const res = await publish(
      'greetings',
      build('broken', {
        marker: 'broken',
        contract: '2.0.0',
        requires: { '@chakra-ui/react/carousel': '^3.37.0', '@backoffice/ui': '^2.0.0' },
        exposes: ['OtherPage'],
        screens: [{ path: '/greetings', expose: 'GreetingsPage' }],
      }),
    );
    expect(res.statusCode).toBe(400);
    const text = String(detail(res));
    expect(text).toContain('it was built against contract 2.0.0; the shell speaks contract 1.0.0');
    expect(text).toContain('it requires @backoffice/ui ^2.0.0; the shell provides @backoffice/ui 1.0.0');
    expect(text).toContain(
      'it requires @chakra-ui/react/carousel ^3.37.0; the shell does not provide @chakra-ui/react/carousel',
    );
    expect(text).toContain('its screens need the expose GreetingsPage, which the build lacks');
  });

  it('refuses to promote a shell that would break a remote in use, and changes nothing', async () => {
    const remoteVersion = (await releasesOf('greetings'))[0].version;
    expect((await t.post('remotes/greetings/promote', t.superuserToken, { version: remoteVersion })).statusCode).toBe(
      200,
    );
    const shell = await published(
      'shell',
      fakeShellBuild(path.join(builds, 'shell-react-20'), {
        marker: 's20',
        provides: {
          react: '20.0.0',
          'react-dom': '20.0.0',
          '@chakra-ui/react/button': '3.37.0',
          '@backoffice/ui': '1.0.0',
        },
      }),
    );
    const res = await t.post('remotes/shell/promote', t.superuserToken, { version: shell });
    expect(res.statusCode).toBe(400);
    expect(detail(res)).toBe(
      `greetings@${remoteVersion} does not work with the shell ${shell}: it requires react ^19.3.0; the shell provides react 20.0.0; it requires react-dom ^19.3.0; the shell provides react-dom 20.0.0`,
    );
    expect((await t.get('remotes/', t.superuserToken)).json().data).toContainEqual(
      expect.objectContaining({ remote: 'shell', stable_version: null }),
    );
  });
});

describe('promote, canary, rollback', () => {
  let v1: string;
  let v2: string;
  beforeAll(async () => {
    v1 = await published('hello', build('hello-v1', { name: 'hello', marker: 'h1' }));
    v2 = await published('hello', build('hello-v2', { name: 'hello', marker: 'h2' }));
  });

  it('promote makes a version the one everybody gets; the page files of the other stay served', async () => {
    const res = await t.post('remotes/hello/promote', t.superuserToken, { version: v1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ remote: 'hello', stable_version: v1, canary: null });
    const entry = await fetchFile('/remotes/hello/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    // Promoting it again changes nothing (no second event).
    expect((await t.post('remotes/hello/promote', t.superuserToken, { version: v1 })).statusCode).toBe(200);
    const events = (await t.get('remotes/hello/events', t.superuserToken)).json().data;
    expect(events.filter((event: { action: string }) => event.action === 'promote')).toHaveLength(1);
  });

  it('a canary of N % reaches the same browsers on every load, and raising N keeps them in', async () => {
    const res = await t.post('remotes/hello/canary', t.superuserToken, { version: v2, percent: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().canary).toEqual({ version: v2, percent: 30, users: [] });
    const audiences = Array.from({ length: 60 }, (_, i) => `audience-${String(i).padStart(13, '0')}`);
    const chunkOf = async (audience: string) =>
      (await fetchFile('/remotes/hello/remoteEntry.js', audience)).body.match(/page\.([0-9a-f]+)\.js/)?.[1];
    const v2Chunk = Buffer.from('h2').toString('hex').padEnd(10, '0');
    const first = await Promise.all(audiences.map(chunkOf));
    const inCanary = audiences.filter((_, i) => first[i] === v2Chunk);
    expect(inCanary).toEqual(audiences.filter((audience) => canaryBucket('hello', audience) < 30));
    expect(inCanary.length).toBeGreaterThan(5);
    expect(inCanary.length).toBeLessThan(35);
    expect(await Promise.all(audiences.map(chunkOf))).toEqual(first);
    await t.post('remotes/hello/canary', t.superuserToken, { version: v2, percent: 60 });
    const wider = await Promise.all(audiences.map(chunkOf));
    for (const audience of inCanary) expect(wider[audiences.indexOf(audience)]).toBe(v2Chunk);
    // A browser that has no audience yet gets the stable version.
    expect((await fetchFile('/remotes/hello/remoteEntry.js')).body).toContain('page.6831000000.js');
  });

  it('a canary for named users follows the user: their API requests give their browser their audience', async () => {
    const { user, token } = await t.userToken();
    const me = await t.get('users/me', token);
    const cookie = String(me.headers['set-cookie']);
    const audience = userAudience(t.app.config.secretKey, user.id);
    expect(cookie).toBe(`${AUDIENCE_COOKIE}=${audience}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`);
    // Once the browser carries it, it is not set again.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${token}`, cookie: `${AUDIENCE_COOKIE}=${audience}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();

    const stranger = Array.from({ length: 200 }, (_, i) => `stranger-${String(i).padStart(13, '0')}`).find(
      (candidate) => canaryBucket('hello', candidate) >= 1,
    ) as string;
    const res = await t.post('remotes/hello/canary', t.superuserToken, {
      version: v2,
      percent: 0,
      users: [user.email.toUpperCase()],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().canary).toEqual({ version: v2, percent: 0, users: [user.email] });
    expect((await fetchFile('/remotes/hello/remoteEntry.js', audience)).body).toContain('page.6832000000.js');
    expect((await fetchFile('/remotes/hello/remoteEntry.js', stranger)).body).toContain('page.6831000000.js');

    const unknown = await t.post('remotes/hello/canary', t.superuserToken, {
      version: v2,
      users: ['nobody@example.com'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(detail(unknown)).toBe('There is no user with the e-mail nobody@example.com');
    const empty = await t.post('remotes/hello/canary', t.superuserToken, { version: v2 });
    expect(empty.statusCode).toBe(422);
    expect(detail(empty)).toBe(apiErrors.canaryWithoutAudience);
  });

  it('lists who gets each version, then promotion ends the canary and rollback returns everyone to the previous one', async () => {
    const listed = await releasesOf('hello');
    expect(
      listed.map((r: { version: string; channel: string; audience: string }) => [r.version, r.channel, r.audience]),
    ).toEqual([
      [v2, 'canary', '1 named user'],
      [v1, 'stable', 'everyone outside the canary'],
    ]);
    expect(listed[1]).toMatchObject({ promoted_by: 'admin@example.com', published_by: 'admin@example.com' });

    const promoted = await t.post('remotes/hello/promote', t.superuserToken, { version: v2 });
    expect(promoted.json()).toMatchObject({ stable_version: v2, canary: null });
    expect((await fetchFile('/remotes/hello/remoteEntry.js')).body).toContain('page.6832000000.js');
    // A page opened before the promotion still loads v1's chunks, by version or by its hashed name.
    expect((await fetchFile(`/remotes/hello/${v1}/static/js/async/page.6831000000.js`)).statusCode).toBe(200);
    const old = await fetchFile('/remotes/hello/static/js/async/page.6831000000.js');
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const rolledBack = await t.post('remotes/hello/rollback', t.superuserToken);
    expect(rolledBack.statusCode).toBe(200);
    expect(rolledBack.json()).toMatchObject({ stable_version: v1, canary: null });
    expect((await fetchFile('/remotes/hello/remoteEntry.js')).body).toContain('page.6831000000.js');
    const further = await t.post('remotes/hello/rollback', t.superuserToken);
    expect(further.statusCode).toBe(409);
    expect(detail(further)).toBe('hello has no earlier promoted version to return to');

    const actions = (await t.get('remotes/hello/events', t.superuserToken))
      .json()
      .data.map((event: { action: string; version: string; actor: string }) => [
        event.action,
        event.version,
        event.actor,
      ]);
    expect(actions).toEqual([
      ['rollback', v1, 'admin@example.com'],
      ['promote', v2, 'admin@example.com'],
      ['canary', v2, 'admin@example.com'],
      ['canary', v2, 'admin@example.com'],
      ['canary', v2, 'admin@example.com'],
      ['promote', v1, 'admin@example.com'],
      ['publish', v2, 'admin@example.com'],
      ['publish', v1, 'admin@example.com'],
    ]);
  });

  it('every operation is in the history of every change too: who, when, from where, what changed', async () => {
    const res = await t.get('audit-events?entity_type=release', t.superuserToken);
    expect(res.statusCode, res.body).toBe(200);
    const events = (res.json().data as AuditEvent[]).filter((event) => JSON.stringify(event.changes).includes('hello'));
    const admin = { type: 'user', label: 'admin@example.com' };
    expect(events.map((event) => [event.action, event.actor.type, event.actor.label, event.changes])).toEqual([
      ['release.rolled_back', admin.type, admin.label, { stable_version: { old: `hello@${v2}`, new: `hello@${v1}` } }],
      [
        'release.promoted',
        admin.type,
        admin.label,
        {
          stable_version: { old: `hello@${v1}`, new: `hello@${v2}` },
          // It was the canary's version: the canary ended with it.
          canary_version: { old: `hello@${v2}`, new: null },
          canary_users: { old: [expect.stringMatching(/@example\.com$/)], new: [] },
        },
      ],
      [
        'release.canary',
        admin.type,
        admin.label,
        {
          canary_version: { old: `hello@${v2}`, new: `hello@${v2}` },
          canary_percent: { old: 60, new: 0 },
          canary_users: { old: [], new: [expect.stringMatching(/@example\.com$/)] },
        },
      ],
      [
        'release.canary',
        admin.type,
        admin.label,
        // The share changed, the version did not: the event still names it.
        { canary_version: { old: `hello@${v2}`, new: `hello@${v2}` }, canary_percent: { old: 30, new: 60 } },
      ],
      [
        'release.canary',
        admin.type,
        admin.label,
        { canary_version: { old: null, new: `hello@${v2}` }, canary_percent: { old: 0, new: 30 } },
      ],
      ['release.promoted', admin.type, admin.label, { stable_version: { old: null, new: `hello@${v1}` } }],
      ['release.published', admin.type, admin.label, expect.objectContaining({ version: { old: null, new: v2 } })],
      ['release.published', admin.type, admin.label, expect.objectContaining({ remote: { old: null, new: 'hello' } })],
    ]);
    for (const event of events) {
      expect(event.entity_type).toBe('release');
      expect(event.entity_label).toMatch(/^hello@1\.0\.0-[0-9a-f]{10}$/);
      expect(event.entity_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(event.ip).toBe('127.0.0.1');
    }
    // The entity is the release acted on: the rollback's is v1's, the promotion before it v2's.
    expect(events[0]?.entity_id).toBe(events.at(-1)?.entity_id);
    expect(events[1]?.entity_id).toBe(events.at(-2)?.entity_id);
  });

  it('refuses to promote or canary a version that is not published', async () => {
    const res = await t.post('remotes/hello/promote', t.superuserToken, { version: '9.9.9' });
    expect(res.statusCode).toBe(404);
    expect(detail(res)).toBe('hello@9.9.9 is not published');
  });
});

describe('a stable URL without a version (the companies embed’s embed/v1/embed.js)', () => {
  it('follows the promoted version, and keeps serving its major once the promoted version ships only the next', async () => {
    const embed = (marker: string, major = 1) => ({ [`embed/v${major}/embed.js`]: `/* embed ${marker} */` });
    const first = await published('portal', build('portal-1', { name: 'portal', marker: 'p1', files: embed('p1') }));
    const second = await published('portal', build('portal-2', { name: 'portal', marker: 'p2', files: embed('p2') }));
    const next = await published('portal', build('portal-3', { name: 'portal', marker: 'p3', files: embed('p3', 2) }));
    const stable = (major: number) => fetchFile(`/remotes/portal/embed/v${major}/embed.js`);
    expect((await stable(1)).statusCode).toBe(404);

    await t.post('remotes/portal/promote', t.superuserToken, { version: first });
    await t.post('remotes/portal/promote', t.superuserToken, { version: second });
    const v1 = await stable(1);
    expect(v1.body).toBe('/* embed p2 */');
    expect(v1.headers['cache-control']).toBe('no-cache');
    // Published, never promoted: its new major is nobody's yet.
    expect((await stable(2)).statusCode).toBe(404);

    await t.post('remotes/portal/promote', t.superuserToken, { version: next });
    expect((await stable(2)).body).toBe('/* embed p3 */');
    // Portals still on v1 get the last promoted v1, not a 404, and not the version before it.
    const kept = await stable(1);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe('/* embed p2 */');
    expect(kept.headers['cache-control']).toBe('no-cache');

    // A rollback to the first makes it the v1 that is served.
    await t.post('remotes/portal/rollback', t.superuserToken);
    await t.post('remotes/portal/rollback', t.superuserToken);
    expect((await stable(1)).body).toBe('/* embed p1 */');
    expect((await fetchFile('/remotes/portal/embed/v9/embed.js')).statusCode).toBe(404);
  });
});

describe('who may release', () => {
  let key: string;
  let keyId: string;
  beforeAll(async () => {
    const res = await t.post('deploy-keys/', t.superuserToken, { name: 'CI greetings', remote: 'greetings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    key = res.json().key;
    keyId = res.json().id;
    expect(key).toMatch(/^bo_dk_[0-9a-f]{12}_/);
  });

  it('a deploy key publishes and promotes its own remote, recorded under its name', async () => {
    const res = await publish('greetings', build('key-v1', { marker: 'key1' }), key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().release.published_by).toMatch(/^deploy key "CI greetings" \(bo_dk_[0-9a-f]{12}\)$/);
    const version = res.json().release.version;
    expect((await t.post('remotes/greetings/promote', key, { version })).statusCode).toBe(200);
    const [promotion] = (await t.get('audit-events?action=release.promoted', t.superuserToken)).json().data;
    expect(promotion).toMatchObject({
      actor: { type: 'deploy_key', id: keyId, label: 'CI greetings' },
      entity_label: `greetings@${version}`,
      changes: { stable_version: { new: `greetings@${version}` } },
    });
    const listed = (await t.get('remotes/', key)).json().data;
    expect(listed.map((row: { remote: string }) => row.remote)).toEqual(['greetings']);
    expect((await t.get('deploy-keys/', t.superuserToken)).json().data[0]).toMatchObject({
      id: keyId,
      remote: 'greetings',
      revoked_at: null,
    });
  });

  it('a deploy key can do nothing to another remote, nor anything else in the API', async () => {
    const other = await publish('hello', build('hello-v3', { name: 'hello', marker: 'h3' }), key);
    expect(other.statusCode).toBe(403);
    expect(detail(other)).toBe(apiErrors.deployKeyOutOfScope);
    for (const res of [
      await t.post('remotes/hello/promote', key, { version: '1.0.0' }),
      await t.post('remotes/hello/rollback', key),
      await t.get('remotes/hello/releases', key),
      await t.get('remotes/hello/events', key),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await t.get('users/', key)).statusCode).toBe(401);
    expect((await t.get('deploy-keys/', key)).statusCode).toBe(401);
    expect((await t.post('deploy-keys/', key, { name: 'x', remote: 'hello' })).statusCode).toBe(401);
  });

  it('ordinary users and anonymous callers get nothing; a revoked key stops at once', async () => {
    const { token } = await t.userToken();
    expect((await t.get('remotes/', token)).statusCode).toBe(403);
    expect((await publish('greetings', build('key-v1'), token)).statusCode).toBe(403);
    expect((await t.get('deploy-keys/', token)).statusCode).toBe(403);
    expect((await t.get('remotes/')).statusCode).toBe(401);
    expect((await t.post('remotes/greetings/rollback')).statusCode).toBe(401);

    expect((await t.post(`deploy-keys/${keyId}/revoke`, t.superuserToken)).statusCode).toBe(200);
    const revoked = await t.get('remotes/', key);
    expect(revoked.statusCode).toBe(401);
    expect((await t.post(`deploy-keys/${keyId}/revoke`, t.superuserToken)).statusCode).toBe(200);
    const notDeploy = await t.post('partner-keys/', t.superuserToken, {
      name: 'Portal',
      origins: ['https://p.example'],
    });
    expect((await t.post(`deploy-keys/${notDeploy.json().id}/revoke`, t.superuserToken)).statusCode).toBe(404);
  });

  it("a deploy key's build cannot take another remote's pages: promoting or showing it to a canary is refused", async () => {
    const ownKey = (
      await t.post('deploy-keys/', t.superuserToken, { name: 'CI greetings 2', remote: 'greetings' })
    ).json().key as string;
    const inUse = async () =>
      (await t.get('remotes/', t.superuserToken))
        .json()
        .data.map(({ remote, stable_version, canary }: Record<string, unknown>) => ({
          remote,
          stable_version,
          canary,
        }));
    const before = await inUse();
    // hello is in use with its page /hello; this build of greetings declares /hello/* too, which would
    // take /hello (more specific), and /greetings/:x beside its own /greetings.
    const res = await publish(
      'greetings',
      build('greetings-takes-hello', {
        marker: 'takeover',
        screens: [
          { path: '/greetings', expose: 'GreetingsPage' },
          { path: '/hello/*', expose: 'GreetingsPage' },
        ],
      }),
      ownKey,
    );
    expect(res.statusCode, res.body).toBe(201);
    const version = res.json().release.version;
    for (const refused of [
      await t.post('remotes/greetings/promote', ownKey, { version }),
      await t.post('remotes/greetings/canary', ownKey, { version, percent: 10 }),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(detail(refused)).toMatch(
        /^greetings@\S+ cannot be used: its screen \/hello\/\* takes pages of hello@\S+'s screen \/hello$/,
      );
    }
    expect(await inUse()).toEqual(before);
  });

  it('the deploy key is never stored: only its hash', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select key_hash from api_keys where kind = 'deploy'`,
    )) as unknown as { rows: { key_hash: string }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key_hash).not.toContain(key);
  });
});
