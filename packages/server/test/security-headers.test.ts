import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './support/app.js';

/**
 * Headers that fit the deployment (issue 24, deliverable 4). Framing: no page of the product is ever
 * shown in a frame — partner portals embed the companies screen as a script and a custom element in
 * their own page, not an iframe — so both headers say "never": `frame-ancestors 'none'` and
 * `X-Frame-Options: DENY` (for browsers without CSP level 2). HSTS and `upgrade-insecure-requests`
 * only when the site is served over HTTPS: on a plain-HTTP office install they would make browsers
 * refuse the site (HSTS pinned for a year) or ask for files over a TLS port nobody listens on.
 */
const apps: TestApp[] = [];
// The apps sharing the first one's database close before it (appWith puts them first).
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** One database for every app below: the headers depend on the settings only (a new PGlite each is slow). */
let first: TestApp;
beforeAll(async () => {
  first = await createTestApp();
  apps.push(first);
}, 180_000);

async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ env, database: first.database });
  apps.unshift(t);
  return t;
}

async function headersWith(env: Record<string, string>) {
  const t = await appWith(env);
  const res = await t.get('utils/health-check/');
  expect(res.statusCode).toBe(200);
  const csp = String(res.headers['content-security-policy']).split(';');
  return { headers: res.headers, csp };
}

describe('framing', () => {
  it("says never, consistently: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const { headers, csp } = await headersWith({});
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
  });
});

describe.each([
  ['FRONTEND_URL on plain HTTP', { FRONTEND_URL: 'http://backoffice.escritorio.local:8000' }, false],
  ['FRONTEND_URL on HTTPS', { FRONTEND_URL: 'https://backoffice.example.com' }, true],
  [
    'HTTPS_ONLY=true behind a TLS proxy, FRONTEND_URL on HTTP',
    { FRONTEND_URL: 'http://a.test', HTTPS_ONLY: 'true' },
    true,
  ],
  ['HTTPS_ONLY=false, FRONTEND_URL on HTTPS', { FRONTEND_URL: 'https://a.example.com', HTTPS_ONLY: 'false' }, false],
  // Developers' dev servers are plain http: only a page that loads from one does without the upgrade.
  [
    'FRONTEND_URL on HTTPS, DEV_REMOTE_ORIGINS listed',
    { FRONTEND_URL: 'https://backoffice.example.com', DEV_REMOTE_ORIGINS: 'http://localhost:3002' },
    true,
  ],
])('%s', (_what, env, https) => {
  it(
    https ? 'sends HSTS and upgrade-insecure-requests' : 'sends neither HSTS nor upgrade-insecure-requests',
    async () => {
      const { headers, csp } = await headersWith(env);
      if (https) {
        expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(csp).toContain('upgrade-insecure-requests');
      } else {
        expect(headers['strict-transport-security']).toBeUndefined();
        expect(csp).not.toContain('upgrade-insecure-requests');
      }
      expect(loadConfig(env).httpsOnly).toBe(https);
    },
  );
});

describe('the API reference page (/docs)', () => {
  // @fastify/swagger-ui sends a CSP of its own by default: frame-ancestors 'self' (against X-Frame-Options
  // DENY) and upgrade-insecure-requests even on a plain-HTTP install.
  const sites = { 'plain HTTP': 'http://backoffice.escritorio.local:8000', HTTPS: 'https://backoffice.example.com' };
  const started: Record<string, TestApp> = {};
  beforeAll(async () => {
    for (const [what, url] of Object.entries(sites)) started[what] = await appWith({ FRONTEND_URL: url });
  }, 180_000);

  it.each(Object.keys(sites))('sends the headers every other answer sends, on %s', async (what) => {
    const t = started[what] as TestApp;
    const product = (await t.get('utils/health-check/')).headers;
    for (const url of ['/docs/', '/docs/static/index.css', '/docs/json']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(200);
      for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security']) {
        expect(res.headers[name], `${url} ${name}`).toBe(product[name]);
      }
    }
  });
});

describe('HTTPS_ONLY', () => {
  it('explains a bad value', () => {
    expect(() => loadConfig({ HTTPS_ONLY: 'sometimes' })).toThrow('HTTPS_ONLY must be true or false');
  });
});
