import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../src/testing/server-process.js';
import { call, cleanUp, serverEnv, startServer } from './support.js';

/**
 * The built server started as an operator would, with NODE_ENV=production (issue 24, row 5): weak
 * settings stop it before it listens, with a sentence that names each one; sound ones start it.
 */
afterAll(() => cleanUp('production settings'));

const production = async (extra: Record<string, string>) =>
  serverEnv('pglite', {
    NODE_ENV: 'production',
    SECRET_KEY: randomBytes(48).toString('base64'),
    FIRST_SUPERUSER_PASSWORD: 'a-strong-password',
    ...extra,
  });

/** The start-up's failure: the server exits (78, a configuration error) and says why on stderr. */
async function refusal(env: Record<string, string>): Promise<string> {
  const started = await startServerProcess({ env }).then(
    async (server) => {
      await server.stop();
      return undefined;
    },
    (error: Error) => error.message,
  );
  if (started === undefined) throw new Error('the server started with weak production settings');
  expect(started).toMatch(/exited with 78 before serving/);
  return started;
}

describe('NODE_ENV=production', () => {
  it('refuses a 32 × "a" SECRET_KEY, a first password under the rule and CORS_ORIGINS=*, naming each', async () => {
    const message = await refusal(
      await production({ SECRET_KEY: 'a'.repeat(32), FIRST_SUPERUSER_PASSWORD: 'a', CORS_ORIGINS: '*' }),
    );
    expect(message).toContain('SECRET_KEY is not random enough for production');
    expect(message).toContain('FIRST_SUPERUSER_PASSWORD does not meet the password rule');
    expect(message).toContain('Password must be at least 8 characters');
    expect(message).toContain('CORS_ORIGINS must list real origins in production, not "*"');
  });

  it.each([
    ['a 32 × "a" SECRET_KEY', { SECRET_KEY: 'a'.repeat(32) }, 'SECRET_KEY is not random enough'],
    ['FIRST_SUPERUSER_PASSWORD=a', { FIRST_SUPERUSER_PASSWORD: 'a' }, 'FIRST_SUPERUSER_PASSWORD does not meet'],
    ['CORS_ORIGINS=*', { CORS_ORIGINS: '*' }, 'CORS_ORIGINS must list real origins'],
  ])('refuses %s alone', async (_what, extra, message) => {
    expect(await refusal(await production(extra))).toContain(message);
  });

  it('starts with a random key, a sound password and named origins, and allows only those', async () => {
    const server = await startServer(await production({ CORS_ORIGINS: 'https://backoffice.example.com' }));
    const health = `${server.url}/api/v1/utils/health-check/`;
    const allowed = await call(health, { headers: { origin: 'https://backoffice.example.com' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://backoffice.example.com');
    const other = await call(health, { headers: { origin: 'https://evil.example.com' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
