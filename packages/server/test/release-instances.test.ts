import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_COOKIE, userAudience } from '../src/releases/audience.js';
import { CHANNELS_MAX_AGE_MS } from '../src/releases/channels-cache.js';
import { createTestApp, type TestApp } from './support/app.js';
import { fakeRemoteBuild, fakeShellBuild, tempDir, uploadBody } from './support/builds.js';

/**
 * Several instances behind a load balancer (issue 25): the release store is in the database they
 * share, so every instance serves every stored version, and a promotion, canary or rollback made
 * through one reaches the pages of every other within CHANNELS_MAX_AGE_MS, without a restart.
 */
let a: TestApp;
let b: TestApp;
let webRoot: string;
let builds: string;

beforeAll(async () => {
  webRoot = tempDir('backoffice-web-');
  builds = tempDir();
  fakeShellBuild(path.join(webRoot, 'shell', 'dist'));
  a = await createTestApp({ env: { WEB_ROOT: webRoot } });
  b = await createTestApp({ env: { WEB_ROOT: webRoot }, database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(builds, { recursive: true, force: true });
});

const publish = async (on: TestApp, marker: string) => {
  const res = await on.post(
    'remotes/greetings/releases',
    on.superuserToken,
    uploadBody(fakeRemoteBuild(path.join(builds, marker), { marker })),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().release.version as string;
};

/** The version of greetings a page served by `on` names, for a browser carrying `audience`. */
async function servedBy(on: TestApp, audience?: string): Promise<string | undefined> {
  const res = await on.app.inject({
    method: 'GET',
    url: '/remotes.json',
    headers: audience ? { cookie: `${AUDIENCE_COOKIE}=${audience}` } : {},
  });
  return res.json().remotes.remote_greetings?.version;
}

/** Waits (a bounded number of times) until `on` serves `expected`: instances read the channels at most once per CHANNELS_MAX_AGE_MS. */
async function eventually(on: TestApp, expected: string, audience?: string): Promise<void> {
  for (let tries = 0; tries < 20 && (await servedBy(on, audience)) !== expected; tries++) {
    await new Promise((resolve) => setTimeout(resolve, CHANNELS_MAX_AGE_MS / 4));
  }
  expect(await servedBy(on, audience)).toBe(expected);
}

describe('two instances on one database', () => {
  it('a version published and promoted through one is served by the other, every version of it kept', async () => {
    // The other instance has read the channels already: it must notice the change, not just read it fresh.
    expect(await servedBy(b)).toBeUndefined();
    const v1 = await publish(a, 'one');
    expect((await a.post('remotes/greetings/promote', a.superuserToken, { version: v1 })).statusCode).toBe(200);
    expect(await servedBy(a)).toBe(v1);
    await eventually(b, v1);
    const entry = await b.get(`/remotes/greetings/${v1}/remoteEntry.js`);
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('var remote_greetings');

    const v2 = await publish(b, 'two');
    // Published through b, served by a under its version (nobody gets it by default yet).
    expect((await a.get(`/remotes/greetings/${v2}/static/js/async/page.74776f0000.js`)).body).toBe(
      'export default "greetings two";',
    );
    const { user, token } = await b.userToken();
    await b.get('users/me', token);
    const audience = userAudience(b.app.config.secretKey, user.id);
    const canary = await b.post('remotes/greetings/canary', b.superuserToken, { version: v2, users: [user.email] });
    expect(canary.statusCode, canary.body).toBe(200);
    await eventually(a, v2, audience);
    expect(await servedBy(a)).toBe(v1);

    expect((await b.post('remotes/greetings/promote', b.superuserToken, { version: v2 })).statusCode).toBe(200);
    await eventually(a, v2);
    expect((await a.post('remotes/greetings/rollback', a.superuserToken)).statusCode).toBe(200);
    await eventually(b, v1);
    await eventually(b, v1, audience);
    // A page opened on either version loads its files from either instance.
    for (const on of [a, b]) {
      for (const version of [v1, v2]) {
        expect((await on.get(`/remotes/greetings/${version}/remoteEntry.js`)).statusCode).toBe(200);
      }
    }
  });
});
