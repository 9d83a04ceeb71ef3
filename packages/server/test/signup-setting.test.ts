import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiErrors } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, detail, type TestApp } from './support/app.js';

/**
 * SIGNUP_ENABLED (issue 24): open sign-up can be turned off. The API then refuses it whatever the
 * request holds, and the page the server renders tells the screens, so the login page hides its link.
 */

/** A shell build of one page, enough for the server to render it. */
function shellBuild() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-signup-web-'));
  fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell/dist/index.html'),
    '<!doctype html><html><head><title>shell</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(root, 'shell/dist/remotes.json'), '{}');
  return root;
}

/** The runtime settings block of the page the server renders for `/login`. */
async function pageSettings(t: TestApp) {
  const page = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  const block = /<script type="application\/json" id="backoffice-config">(.*?)<\/script>/.exec(page.body)?.[1];
  return JSON.parse(block ?? 'null') as { signupEnabled?: boolean } | null;
}

const someone = (email: string) => ({ email, password: 'signup-password', full_name: 'Ana Souza' });

describe.each([
  ['unset', {}, true],
  ['true', { SIGNUP_ENABLED: 'true' }, true],
  ['false', { SIGNUP_ENABLED: 'false' }, false],
])('SIGNUP_ENABLED %s', (_name, env, enabled) => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = shellBuild();
    t = await createTestApp({ env: { ...env, WEB_ROOT: webRoot } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it(enabled ? 'lets anyone sign up' : 'answers 403 with a detail and creates nobody', async () => {
    const res = await t.post('users/signup', undefined, someone('open@example.com'));
    if (enabled) {
      expect(res.statusCode).toBe(200);
      return;
    }
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: apiErrors.signupDisabled });
    expect(await t.app.usersRepository.findByEmail('open@example.com')).toBeUndefined();
    // Refused before the body is read: an invalid one learns nothing more.
    const invalid = await t.post('users/signup', undefined, { email: 'x' });
    expect(invalid.statusCode).toBe(403);
    expect(detail(invalid)).toBe(apiErrors.signupDisabled);
  });

  it('says so in the page it renders, for the login page to show or hide its link', async () => {
    expect(await pageSettings(t)).toMatchObject({ signupEnabled: enabled });
  });

  it('leaves super users creating accounts alone', async () => {
    const res = await t.post('users/', t.superuserToken, { ...someone('by-admin@example.com'), is_active: true });
    expect(res.statusCode).toBe(200);
  });
});
