import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { estimatedKeyBits, SECRET_KEY_MIN_BITS, secretKeyProblem } from '../src/production-settings.js';

/** What `openssl rand -base64 48` gives: a key production accepts. */
const randomKey = () => randomBytes(48).toString('base64');

/** A complete production environment (a strong secret and first password), with `env` on top. */
function production(env: Record<string, string>) {
  return {
    NODE_ENV: 'production',
    SECRET_KEY: randomKey(),
    FIRST_SUPERUSER_PASSWORD: 'a-strong-password',
    ...env,
  };
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      databaseUrl: undefined,
      secretKey: undefined,
      accessTokenExpireMinutes: 11_520,
      resetTokenExpireMinutes: 60,
      firstSuperuser: 'admin@example.com',
      firstSuperuserPassword: 'changethis',
      frontendUrl: 'http://localhost:8000',
      corsOrigins: [],
      smtp: { host: undefined, port: 587, tls: true, ssl: false, timeoutSeconds: 30 },
      redisUrl: undefined,
      authRateLimitPerMinute: 20,
      statementTimeoutSeconds: 15,
      devRemoteOrigins: [],
    });
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number'],
    [{ RESET_TOKEN_EXPIRE_MINUTES: '0' }, 'RESET_TOKEN_EXPIRE_MINUTES must be a whole number'],
    [{ SMTP_TLS: 'maybe' }, 'SMTP_TLS must be true or false'],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: '-1' }, 'DATABASE_STATEMENT_TIMEOUT_SECONDS must be a whole number from 0'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [{ DEV_REMOTE_ORIGINS: 'http://localhost:3002/remoteEntry.js' }, 'DEV_REMOTE_ORIGINS must list origins'],
    [{ DEV_REMOTE_ORIGINS: '*' }, 'DEV_REMOTE_ORIGINS must list origins'],
    [
      { NODE_ENV: 'production', SECRET_KEY: 'changethis', FIRST_SUPERUSER_PASSWORD: 'strong-one-1' },
      'SECRET_KEY must be at least 32 characters',
    ],
  ])('explains a bad setting %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig(production({ CORS_ORIGINS: 'https://a.example.com/,https://b.example.com' }));
    expect(config.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
  });
});

describe('production refuses weak settings (issue 24, row 5)', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(production(env));
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`${JSON.stringify(env)} was accepted`);
  };

  it.each([
    ['32 × a', 'a'.repeat(32), 'only 1 distinct characters'],
    ['a word said again', 'password'.repeat(4), 'only 7 distinct characters'],
    ['a password said again', 'Passw0rd!'.repeat(4), 'repeats a piece of 9 characters'],
    ['a longer piece said again', 'Tr0ub4dor&3xyz!?'.repeat(2), 'repeats a piece of 16 characters'],
    ['a keyboard run', 'abcdefghijklmnopqrstuvwxyz012345', 'run of neighbouring characters'],
    // Eight characters, but half of them `a` and most of the rest `c`.
    ['few characters, unevenly', [...`${'c'.repeat(14)}egikmo`].map((c) => `a${c}`).join(''), 'about 78 bits'],
    ['too short', randomBytes(12).toString('base64'), 'at least 32 characters'],
  ])('a SECRET_KEY that is %s', (_what, key, reason) => {
    const message = refusal({ SECRET_KEY: key });
    expect(message).toContain('SECRET_KEY');
    expect(message).toContain(reason);
    expect(message).toContain('openssl rand -base64 48');
  });

  it('accepts random keys of every usual shape, 128 bits or more', () => {
    for (let i = 0; i < 200; i++) {
      for (const key of [
        randomBytes(48).toString('base64'),
        randomBytes(32).toString('base64url'),
        randomBytes(16).toString('hex'),
        randomBytes(32).toString('hex'),
      ]) {
        expect(secretKeyProblem(key), key).toBeUndefined();
      }
    }
  });

  it('estimates bits from the characters actually used', () => {
    expect(estimatedKeyBits('a'.repeat(64))).toBe(0);
    expect(estimatedKeyBits('ab'.repeat(32))).toBeCloseTo(64 + 1 / (2 * Math.LN2));
    expect(estimatedKeyBits(randomBytes(48).toString('base64'))).toBeGreaterThan(SECRET_KEY_MIN_BITS * 3);
  });

  it.each([
    ['a', 'Password must be at least 8 characters'],
    ['1234567', 'Password must be at least 8 characters'],
    ['x'.repeat(129), 'Password must be at most 128 characters'],
    ['changethis', 'must not be "changethis"'],
  ])('a first super user password of %j', (password, reason) => {
    const message = refusal({ FIRST_SUPERUSER_PASSWORD: password });
    expect(message).toContain('FIRST_SUPERUSER_PASSWORD');
    expect(message).toContain(reason);
  });

  // `null` is the Origin of sandboxed frames and data: pages, which any site can make: allowing it is `*`.
  it.each(['*', 'https://ok.example.com,*', 'https://*.example.com', 'null', 'https://ok.example.com/api'])(
    'CORS_ORIGINS=%s',
    (origins) => {
      const message = refusal({ CORS_ORIGINS: origins });
      expect(message).toContain('CORS_ORIGINS must list real origins');
    },
  );

  it('takes an origin as browsers send it (lower-case host, no trailing slash)', () => {
    const config = loadConfig(production({ CORS_ORIGINS: 'https://Portal.Example.com/' }));
    expect(config.corsOrigins).toEqual(['https://portal.example.com']);
  });

  it('names every problem at once', () => {
    const message = refusal({ SECRET_KEY: 'a'.repeat(32), FIRST_SUPERUSER_PASSWORD: 'a', CORS_ORIGINS: '*' });
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(3);
  });

  it('leaves development alone (generated key, dev password, any origin)', () => {
    expect(() =>
      loadConfig({ SECRET_KEY: 'a'.repeat(32), FIRST_SUPERUSER_PASSWORD: 'a', CORS_ORIGINS: '*' }),
    ).not.toThrow();
  });
});
