import { createHash } from 'node:crypto';
import { apiErrors, PartnerKeyCreatedSchema, PartnerKeysSchema, ruleMessages } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { detail, testAppPerSuite } from './support/app.js';

/** The partner keys API: super users create, list and revoke; the key is shown once and stored hashed. */
const t = testAppPerSuite();

const PORTAL = { name: 'Portal Sul', origins: ['https://portal.example.com'], access: 'read-write' };

async function storedKeys() {
  const result = await t.database.db.execute(sql`select * from api_keys order by created_at`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('creating a partner key', () => {
  it('answers the key once, shaped bo_pk_<prefix>_<secret>, and stores only its SHA-256', async () => {
    const res = await t.post('partner-keys/', t.superuserToken, PORTAL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = v.parse(PartnerKeyCreatedSchema, res.json());
    expect(created).toMatchObject({
      name: 'Portal Sul',
      origins: ['https://portal.example.com'],
      access: 'read-write',
      revoked_at: null,
      last_used_at: null,
    });
    expect(created.key).toMatch(/^bo_pk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    const me = (await t.get('users/me', t.superuserToken)).json();
    expect(created.created_by).toBe(me.id);

    const row = (await storedKeys()).find((r) => r.id === created.id);
    expect(row?.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(created.prefix.length + 1));
  });

  it('gives every key its own secret and prefix', async () => {
    const a = (await t.post('partner-keys/', t.superuserToken, PORTAL)).json();
    const b = (await t.post('partner-keys/', t.superuserToken, PORTAL)).json();
    expect(a.prefix).not.toBe(b.prefix);
    expect(a.key).not.toBe(b.key);
  });

  it('is read-only unless said otherwise, with origins normalised as browsers send them', async () => {
    const res = await t.post('partner-keys/', t.superuserToken, {
      name: '  Portal Norte ',
      origins: ['HTTPS://Norte.Example.com:443/', 'https://norte.example.com', 'http://localhost:5173'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Portal Norte',
      origins: ['https://norte.example.com', 'http://localhost:5173'],
      access: 'read',
    });
  });

  it('refuses what is not a real origin, a wildcard above all, and stores nothing', async () => {
    const before = (await storedKeys()).length;
    for (const origins of [['*'], ['https://*.example.com'], ['https://portal.example.com/embed'], ['null'], []]) {
      const res = await t.post('partner-keys/', t.superuserToken, { ...PORTAL, origins });
      expect(res.statusCode, JSON.stringify(origins)).toBe(422);
      const [problem] = detail(res) as { loc: unknown[]; msg: string }[];
      expect(problem?.loc.slice(0, 2)).toEqual(['body', 'origins']);
      expect([ruleMessages.partnerKeyOriginInvalid, ruleMessages.partnerKeyOriginsRequired]).toContain(problem?.msg);
    }
    const wrongAccess = await t.post('partner-keys/', t.superuserToken, { ...PORTAL, access: 'admin' });
    expect(wrongAccess.statusCode).toBe(422);
    expect(detail(wrongAccess)).toEqual([
      { loc: ['body', 'access'], msg: ruleMessages.partnerKeyAccessInvalid, type: 'picklist' },
    ]);
    const noName = await t.post('partner-keys/', t.superuserToken, { ...PORTAL, name: '  ' });
    expect(noName.statusCode).toBe(422);
    expect((await storedKeys()).length).toBe(before);
  });
});

describe('listing and revoking', () => {
  it('lists newest first with revoked keys, never the secret or the hash', async () => {
    const created = (await t.post('partner-keys/', t.superuserToken, { ...PORTAL, name: 'Listada' })).json();
    const res = await t.get('partner-keys/?limit=100', t.superuserToken);
    expect(res.statusCode).toBe(200);
    const list = v.parse(PartnerKeysSchema, res.json());
    expect(list.data[0]?.id).toBe(created.id);
    expect(list.count).toBe((await storedKeys()).length);
    expect(res.body).not.toContain(created.key);
    expect(res.body).not.toContain('key_hash');
    for (const key of res.json().data) expect(Object.keys(key)).not.toContain('key');
  });

  it('revokes once: a second revocation keeps the first time and author', async () => {
    const created = (await t.post('partner-keys/', t.superuserToken, PORTAL)).json();
    const first = await t.post(`partner-keys/${created.id}/revoke`, t.superuserToken);
    expect(first.statusCode).toBe(200);
    expect(first.json().revoked_at).toEqual(expect.any(String));
    expect(first.json().revoked_by).toBe(created.created_by);
    const other = await t.userToken({ is_superuser: true });
    const again = await t.post(`partner-keys/${created.id}/revoke`, other.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().revoked_at).toBe(first.json().revoked_at);
    expect(again.json().revoked_by).toBe(created.created_by);
    const listed = (await t.get('partner-keys/?limit=100', t.superuserToken)).json().data;
    expect(listed.find((k: { id: string }) => k.id === created.id).revoked_at).toBe(first.json().revoked_at);
  });

  it('answers 404 for a key that does not exist', async () => {
    const res = await t.post('partner-keys/00000000-0000-4000-8000-000000000000/revoke', t.superuserToken);
    expect(res.statusCode).toBe(404);
    expect(detail(res)).toBe(apiErrors.partnerKeyNotFound);
  });
});

describe('who may manage partner keys', () => {
  it('is refused to ordinary users (403) and without a token (401), changing nothing', async () => {
    const { token } = await t.userToken();
    const existing = (await t.post('partner-keys/', t.superuserToken, PORTAL)).json();
    const before = await storedKeys();
    const calls = [
      () => t.get('partner-keys/'),
      () => t.post('partner-keys/', undefined, PORTAL),
      () => t.post(`partner-keys/${existing.id}/revoke`),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(detail(res)).toBe(apiErrors.notAuthenticated);
    }
    const asUser = [
      () => t.get('partner-keys/', token),
      () => t.post('partner-keys/', token, PORTAL),
      () => t.post(`partner-keys/${existing.id}/revoke`, token),
    ];
    for (const call of asUser) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(detail(res)).toBe(apiErrors.notEnoughPrivileges);
    }
    expect(await storedKeys()).toEqual(before);
  });
});
