import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../src/testing/server-process.js';
import { call, cleanUp, ENGINES, SUPERUSER, serverEnv, startServer } from './support.js';

/**
 * Real external clients against the built server: the OAuth2 password flow exactly as third-party
 * clients send it (RFC 6749 §4.3: url-encoded, or multipart as browsers' FormData, `curl -F` and
 * the FastAPI full-stack template's client do; with and without grant_type, scope, client_id and
 * client credentials), and the guarantees the API already gave and keeps.
 */
afterAll(() => cleanUp('external clients and kept guarantees'));

const run = promisify(execFile);

/** curl as an external client; resolves with the status and the parsed body. */
async function curl(args: string[]) {
  const { stdout } = await run('curl', ['-sS', '-w', '\n%{http_code}', ...args], { timeout: 15_000 });
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: JSON.parse(stdout.slice(0, at)) as unknown };
}

const hasCurl = await run('curl', ['--version']).then(
  () => true,
  () => false,
);

describe.each(ENGINES)('OAuth2 password flow from external clients on %s', (engine) => {
  let server: ServerProcess;
  let tokenUrl: string;
  beforeAll(async () => {
    server = await startServer(await serverEnv(engine, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' }));
    tokenUrl = `${server.url}/api/v1/login/access-token`;
  });

  const variants: [string, Record<string, string>][] = [
    ['username and password only', {}],
    ['grant_type=password', { grant_type: 'password' }],
    ['grant_type, an empty scope (Swagger UI)', { grant_type: 'password', scope: '' }],
    ['grant_type, scope, client_id', { grant_type: 'password', scope: 'openid profile', client_id: 'portal-parceiro' }],
    ['client_id and client_secret in the body', { client_id: 'portal-parceiro', client_secret: 's3cr3t' }],
  ];

  /** Logs in with `fields` in both encodings through fetch; checks the token works. */
  async function bothEncodings(fields: Record<string, string>, headers: Record<string, string> = {}) {
    const urlEncoded = await call(tokenUrl, { method: 'POST', headers, body: new URLSearchParams(fields) });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const multipart = await call(tokenUrl, { method: 'POST', headers, body: form });
    return [urlEncoded, multipart];
  }

  it.each(variants)('%s: url-encoded and multipart both log in', async (_name, extra) => {
    for (const answer of await bothEncodings({ username: SUPERUSER.email, password: SUPERUSER.password, ...extra })) {
      expect(answer.status).toBe(200);
      const { access_token, token_type } = answer.body as { access_token: string; token_type: string };
      expect(token_type).toBe('bearer');
      const me = await call(`${server.url}/api/v1/users/me`, { token: access_token });
      expect(me.status).toBe(200);
      expect((me.body as { email: string }).email).toBe(SUPERUSER.email);
    }
  });

  it('takes client credentials in an HTTP Basic header (RFC 6749 §2.3.1) and ignores them', async () => {
    const basic = `Basic ${Buffer.from('portal-parceiro:s3cr3t').toString('base64')}`;
    const answers = await bothEncodings(
      { grant_type: 'password', username: SUPERUSER.email, password: SUPERUSER.password },
      { authorization: basic },
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
  });

  it.each([
    ['a wrong password', { username: SUPERUSER.email, password: 'not-the-password' }, 400],
    ['an unknown account', { username: `ninguem-${engine}@example.com`, password: 'whatever-1' }, 400],
    ['another grant type', { grant_type: 'client_credentials', username: SUPERUSER.email, password: 'x' }, 422],
    ['no password', { username: SUPERUSER.email }, 422],
  ])('answers %s the same in both encodings', async (_name, fields, status) => {
    const [urlEncoded, multipart] = await bothEncodings(fields as Record<string, string>);
    expect(urlEncoded?.status).toBe(status);
    expect(multipart?.status).toBe(status);
    expect(multipart?.body).toEqual(urlEncoded?.body);
  });

  it.skipIf(!hasCurl)('logs in with curl -d and curl -F, and uses the token', async () => {
    const encoded = await curl([
      '-X',
      'POST',
      tokenUrl,
      '-d',
      'grant_type=password',
      '--data-urlencode',
      `username=${SUPERUSER.email}`,
      '--data-urlencode',
      `password=${SUPERUSER.password}`,
      '-d',
      'scope=',
    ]);
    const multipart = await curl([
      tokenUrl,
      '-F',
      `username=${SUPERUSER.email}`,
      '-F',
      `password=${SUPERUSER.password}`,
    ]);
    for (const answer of [encoded, multipart]) {
      expect(answer.status).toBe(200);
      const token = (answer.body as { access_token: string }).access_token;
      const me = await curl([`${server.url}/api/v1/users/me`, '-H', `Authorization: Bearer ${token}`]);
      expect(me).toMatchObject({ status: 200, body: { email: SUPERUSER.email } });
    }
    const file = await curl([tokenUrl, '-F', `username=${SUPERUSER.email}`, '-F', 'password=@/etc/hostname']);
    expect(file.status).toBe(415);
    expect(file.body).toEqual({ detail: expect.any(String) });
  });
});

describe('guarantees kept (checked against the built server)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer(await serverEnv('pglite'));
  });

  it("sends a Content-Security-Policy whose script-src has no 'unsafe-inline'", async () => {
    for (const path of ['/', '/companies', '/api/v1/utils/health-check/']) {
      const res = await call(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc, `script-src of ${path}`).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    }
  });

  it('answers an oversized body 413, malformed JSON 400 and a bad UUID 422, all as {"detail"}', async () => {
    const api = `${server.url}/api/v1`;
    const big = await call(`${api}/users/signup`, {
      method: 'POST',
      json: { email: 'big@example.com', password: 'x'.repeat(100_000) },
    });
    expect(big).toMatchObject({ status: 413, body: { detail: 'Request body is too large' } });
    const broken = await call(`${api}/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(broken).toMatchObject({ status: 400, body: { detail: 'Request body is not valid JSON' } });
    const token = (
      (await call(`${api}/login/access-token`, {
        method: 'POST',
        body: new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }),
      })) as { body: { access_token: string } }
    ).body.access_token;
    const badId = await call(`${api}/companies/not-a-uuid`, { token });
    expect(badId.status).toBe(422);
    expect(badId.body).toEqual({ detail: [{ loc: ['path', 'id'], msg: 'Must be a UUID', type: 'uuid' }] });
  });
});
