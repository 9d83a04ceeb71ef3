import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlForLog } from '../src/http/log.js';
import { createTestApp, SUPERUSER, type TestApp } from './support/app.js';
import { capturedLog } from './support/log.js';

let t: TestApp;
const { lines, logger } = capturedLog();
beforeAll(async () => {
  t = await createTestApp({ logger });
});
afterAll(() => t.close());

describe('the request log', () => {
  it('never holds a token or password, not even in the URL of a recovery link', async () => {
    const bearer = await t.login(SUPERUSER.email, SUPERUSER.password);
    await t.app.inject({ method: 'GET', url: '/reset-password?token=link-secret-1&x=1' });
    await t.app.inject({ method: 'GET', url: '/api/v1/users/me?token=query-secret-2' });
    await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${bearer}` } });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password/',
      payload: { token: 'body-secret-3', new_password: 'body-secret-4' },
    });
    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[Redacted]&x=1');
    expect(log).toContain('/api/v1/reset-password/');
    for (const secret of ['link-secret-1', 'query-secret-2', 'body-secret-3', 'body-secret-4', bearer]) {
      expect(log).not.toContain(secret);
    }
  });

  it('keeps the rest of a URL as it was', () => {
    expect(urlForLog('/companies/?search=padaria&skip=5')).toBe('/companies/?search=padaria&skip=5');
    expect(urlForLog('/reset-password?TOKEN=a&password=b#c')).toBe(
      '/reset-password?TOKEN=[Redacted]&password=[Redacted]#c',
    );
    expect(urlForLog('/x?mytoken=keep')).toBe('/x?mytoken=keep');
  });
});
