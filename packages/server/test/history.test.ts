import { type AuditEvent, apiErrors } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_EMAIL_LABEL } from '../src/routes/login.js';
import { SYSTEM } from '../src/services/audit.js';
import { newLinkToken } from '../src/services/link-tokens.js';
import { createTestApp, detail, SUPERUSER, type TestApp } from './support/app.js';
import { taxIdsFrom } from './support/tax-ids.js';

/**
 * The history of every change (issue 27): written by the database in the transaction of the change,
 * read per company, per user and as the super users' activity list; restore from it; bulk actions.
 */
let t: TestApp;
let user: Awaited<ReturnType<TestApp['userToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.userToken({ full_name: 'Ana' });
});
afterAll(() => t.close());

const taxId = taxIdsFrom(20_000_000);

async function create(fields: Record<string, unknown> = {}, token = user.token) {
  const res = await t.post('companies/', token, {
    trading_name: 'Padaria Central',
    legal_name: 'Padaria Central Ltda',
    tax_id: taxId(),
    type: 'matriz',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; tax_id: string; created_at: string; trading_name: string };
}

async function history(
  id: string,
  query = '',
  token = user.token,
): Promise<{ data: AuditEvent[]; next_cursor: string | null }> {
  const res = await t.get(`companies/${id}/history${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a company’s history', () => {
  it('records creation, each changed field old → new, and deletion, with who, when and from where', async () => {
    const company = await create();
    expect(
      (await t.patch(`companies/${company.id}`, user.token, { trading_name: 'Padaria Nova', type: 'matriz' }))
        .statusCode,
    ).toBe(200);
    expect((await t.del(`companies/${company.id}`, user.token)).statusCode).toBe(200);

    const { data, next_cursor } = await history(company.id);
    expect(next_cursor).toBeNull();
    expect(data.map((event) => event.action)).toEqual(['company.deleted', 'company.updated', 'company.created']);
    const [deleted, updated, created] = data as [AuditEvent, AuditEvent, AuditEvent];
    for (const event of data) {
      expect(event.actor).toEqual({ type: 'user', id: user.user.id, label: user.user.email });
      // The address is a super user's to see: an ordinary account (anyone, with sign-up open) reads who and when.
      expect(event.ip).toBeNull();
      expect(event.entity_id).toBe(company.id);
      expect(Date.parse(event.occurred_at)).not.toBeNaN();
    }
    // Only what changed (the type was sent unchanged), never the derived columns.
    expect(updated.changes).toEqual({ trading_name: { old: 'Padaria Central', new: 'Padaria Nova' } });
    expect(created.changes.tax_id).toEqual({ old: null, new: company.tax_id });
    expect(Object.keys(created.changes).sort()).toEqual(
      ['created_at', 'is_active', 'legal_name', 'tax_id', 'trading_name', 'type'].sort(),
    );
    expect(deleted.changes.trading_name).toEqual({ old: 'Padaria Nova', new: null });
    const asSuperuser = await history(company.id, '', t.superuserToken);
    expect(asSuperuser.data.map((event) => event.ip)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('an update that changes nothing visible is no event; a failed change leaves none', async () => {
    const company = await create();
    const other = await create();
    expect((await t.patch(`companies/${company.id}`, user.token, { trading_name: 'Padaria Central' })).statusCode).toBe(
      200,
    );
    // The CNPJ is taken: the update fails in its transaction, and so does its event.
    const refused = await t.patch(`companies/${company.id}`, user.token, { tax_id: other.tax_id, legal_name: 'Outra' });
    expect(refused.statusCode).toBe(409);
    expect((await history(company.id)).data.map((event) => event.action)).toEqual(['company.created']);
  });

  it('a change and its event commit together: a transaction rolled back after the change leaves neither', async () => {
    const company = await create();
    const repository = t.app.companiesService;
    await expect(
      t.app.database.db.transaction(async (tx) => {
        await tx.execute(sql`update companies set legal_name = 'Nunca' where id = ${company.id}`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await repository.get(company.id)).legal_name).toBe('Padaria Central Ltda');
    expect((await history(company.id)).data).toHaveLength(1);
  });

  it('a change made outside the API is the system’s', async () => {
    const company = await create();
    await t.app.database.db.execute(sql`update companies set is_active = false where id = ${company.id}`);
    const [latest] = (await history(company.id)).data;
    expect(latest).toMatchObject({ action: 'company.updated', actor: { type: 'system', id: null, label: null } });
    expect(latest?.changes).toEqual({ is_active: { old: true, new: false } });
  });

  it('pages newest first with a keyset cursor', async () => {
    const company = await create();
    for (const name of ['A', 'B', 'C', 'D']) {
      await t.patch(`companies/${company.id}`, user.token, { trading_name: `Nome ${name}` });
    }
    const first = await history(company.id, '?limit=2');
    expect(first.data.map((event) => event.changes.trading_name?.new)).toEqual(['Nome D', 'Nome C']);
    const second = await history(company.id, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((event) => event.changes.trading_name?.new)).toEqual(['Nome B', 'Nome A']);
    const third = await history(company.id, `?limit=2&cursor=${second.next_cursor}`);
    expect(third.data.map((event) => event.action)).toEqual(['company.created']);
    expect(third.next_cursor).toBeNull();
    expect((await t.get(`companies/${company.id}/history?cursor=abc`, user.token)).statusCode).toBe(422);
    expect((await t.get(`companies/${company.id}/history?limit=101`, user.token)).statusCode).toBe(422);
  });

  it('the table is append-only: no event can be changed or removed, even by SQL', async () => {
    const company = await create();
    await expect(t.app.database.db.execute(sql`update audit_events set action = 'x'`)).rejects.toThrow();
    await expect(
      t.app.database.db.execute(sql`delete from audit_events where entity_id = ${company.id}`),
    ).rejects.toThrow();
    expect((await history(company.id)).data).toHaveLength(1);
  });
});

describe('restore', () => {
  it('a super user brings a deleted company back with its id, data and creation time, on record', async () => {
    const company = await create({ is_active: false, type: 'filial' });
    await t.del(`companies/${company.id}`, user.token);
    expect((await t.get(`companies/${company.id}`, user.token)).statusCode).toBe(404);
    const res = await t.post(`companies/${company.id}/restore`, t.superuserToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: company.id,
      tax_id: company.tax_id,
      trading_name: 'Padaria Central',
      type: 'filial',
      is_active: false,
      created_at: company.created_at,
    });
    const [restored] = (await history(company.id)).data;
    expect(restored).toMatchObject({
      action: 'company.restored',
      reason: 'restore',
      actor: { label: SUPERUSER.email },
    });
    expect((await t.get(`companies/${company.id}`, user.token)).statusCode).toBe(200);
  });

  it('is refused for a company that is not deleted, an unknown one, and one whose CNPJ was taken since', async () => {
    const company = await create();
    const notDeleted = await t.post(`companies/${company.id}/restore`, t.superuserToken);
    expect(notDeleted.statusCode).toBe(409);
    expect(detail(notDeleted)).toBe(apiErrors.companyNotDeleted);
    const unknown = await t.post('companies/00000000-0000-4000-8000-000000000000/restore', t.superuserToken);
    expect(unknown.statusCode).toBe(404);

    await t.del(`companies/${company.id}`, user.token);
    const taker = await create({ tax_id: company.tax_id, trading_name: 'Nova dona do CNPJ' });
    const taken = await t.post(`companies/${company.id}/restore`, t.superuserToken);
    expect(taken.statusCode).toBe(409);
    expect(detail(taken)).toBe(apiErrors.restoreTaxIdTaken);
    expect((await history(company.id)).data[0]?.action).toBe('company.deleted');
    expect((await t.get(`companies/${taker.id}`, user.token)).json().trading_name).toBe('Nova dona do CNPJ');
  });

  it('is for super users only', async () => {
    const company = await create();
    await t.del(`companies/${company.id}`, user.token);
    expect((await t.post(`companies/${company.id}/restore`, user.token)).statusCode).toBe(403);
  });
});

describe('bulk actions', () => {
  it('deactivates, activates and deletes many companies in one call, each change on record', async () => {
    const ids = [(await create()).id, (await create()).id, (await create({ is_active: false })).id];
    const off = await t.post('companies/bulk', user.token, { action: 'deactivate', ids });
    expect(off.statusCode, off.body).toBe(200);
    // The one already inactive is left as it was.
    expect(off.json()).toEqual({ action: 'deactivate', changed: 2, message: '2 empresas desativadas.' });
    const [event] = (await history(ids[0] as string)).data;
    expect(event).toMatchObject({
      action: 'company.updated',
      reason: 'bulk',
      changes: { is_active: { old: true, new: false } },
    });

    expect((await t.post('companies/bulk', user.token, { action: 'activate', ids })).json().changed).toBe(3);
    const gone = await t.post('companies/bulk', user.token, { action: 'delete', ids });
    expect(gone.json()).toEqual({ action: 'delete', changed: 3, message: '3 empresas excluídas.' });
    for (const id of ids) {
      expect((await t.get(`companies/${id}`, user.token)).statusCode).toBe(404);
      expect((await history(id)).data[0]).toMatchObject({ action: 'company.deleted', reason: 'bulk' });
    }
  });

  it('is all or nothing: an unknown id changes nothing and is named by its position', async () => {
    const ids = [(await create()).id, '00000000-0000-4000-8000-000000000000', (await create()).id];
    const res = await t.post('companies/bulk', user.token, { action: 'delete', ids });
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([
      { loc: ['body', 'ids', 1], msg: apiErrors.bulkCompanyNotFound, type: 'company_not_found' },
    ]);
    for (const id of [ids[0], ids[2]]) expect((await t.get(`companies/${id}`, user.token)).statusCode).toBe(200);
  });

  it('refuses an empty, repeated or unknown action with a 422', async () => {
    const id = (await create()).id;
    for (const body of [
      { action: 'delete', ids: [] },
      { action: 'delete', ids: [id, id] },
      { action: 'archive', ids: [id] },
      { action: 'delete', ids: ['not-a-uuid'] },
    ]) {
      expect((await t.post('companies/bulk', user.token, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await t.get(`companies/${id}`, user.token)).statusCode).toBe(200);
  });
});

describe('export of a selection', () => {
  it('writes only the selected companies, as the export does', async () => {
    const a = await create({ trading_name: 'Selecionada A' });
    const b = await create({ trading_name: 'Selecionada B' });
    await create({ trading_name: 'Não selecionada' });
    const res = await t.post('companies/export.csv', user.token, { ids: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Selecionada B');
    expect(lines[2]).toContain('Selecionada A');
  });
});

describe('related companies (same CNPJ root)', () => {
  it('lists the filiais of a matriz, and the matriz of a filial', async () => {
    const root = 30_000_001;
    const matriz = await create({ tax_id: taxId(root, 1), type: 'matriz' });
    const f2 = await create({ tax_id: taxId(root, 2), type: 'filial' });
    const f3 = await create({ tax_id: taxId(root, 3), type: 'filial' });
    await create({ tax_id: taxId(root + 1, 2), type: 'filial' });
    const ofMatriz = (await t.get(`companies/${matriz.id}/related`, user.token)).json();
    expect(ofMatriz.matrizes).toEqual([]);
    expect(ofMatriz.filiais.map((c: { id: string }) => c.id)).toEqual([f2.id, f3.id]);
    expect(ofMatriz.filiais_count).toBe(2);
    const ofFilial = (await t.get(`companies/${f3.id}/related`, user.token)).json();
    expect(ofFilial.matrizes.map((c: { id: string }) => c.id)).toEqual([matriz.id]);
    expect(ofFilial.filiais.map((c: { id: string }) => c.id)).toEqual([f2.id]);
  });
});

describe('users’ history and the activity list', () => {
  it('records sign-ins, failed ones, profile and role changes and password changes, never a password', async () => {
    const target = await t.createUser({ full_name: 'Bruno' });
    await t.login(target.email, target.password);
    const failed = await t.postRaw(
      'login/access-token',
      'application/x-www-form-urlencoded',
      new URLSearchParams({ username: target.email, password: 'wrong-password' }).toString(),
    );
    expect(failed.statusCode).toBe(400);
    await t.patch(`users/${target.id}`, t.superuserToken, { is_superuser: true, full_name: 'Bruno S.' });
    await t.patch(`users/${target.id}`, t.superuserToken, { password: 'another-password-1' });

    const res = await t.get(`users/${target.id}/history`, t.superuserToken);
    expect(res.statusCode).toBe(200);
    const events = res.json().data as AuditEvent[];
    expect(events.map((event) => event.action)).toEqual([
      'user.password_changed',
      'user.updated',
      'user.login_failed',
      'user.login',
      'user.created',
    ]);
    expect(events[1]?.changes).toEqual({
      full_name: { old: 'Bruno', new: 'Bruno S.' },
      is_superuser: { old: false, new: true },
    });
    expect(events[0]?.changes).toEqual({ password: { old: null, new: null } });
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('another-password-1');
    expect(res.body).not.toContain('hashed_password');
    expect((await t.get(`users/${target.id}/history`, user.token)).statusCode).toBe(403);
  });

  it('records a reset by its link, a change of one’s own password, a status change and a refused inactive sign-in', async () => {
    const target = await t.createUser();
    const { token, hash } = newLinkToken();
    await t.app.usersRepository.addResetToken(target.id, hash, new Date(Date.now() + 60_000));
    const reset = await t.post('reset-password/', undefined, { token, new_password: 'reset-password-1' });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await t.login(target.email, 'reset-password-1');
    const own = await t.patch('users/me/password', session, {
      current_password: 'reset-password-1',
      new_password: 'own-password-2',
      confirm_password: 'own-password-2',
    });
    expect(own.statusCode, own.body).toBe(200);
    await t.patch(`users/${target.id}`, t.superuserToken, { is_active: false });
    await expect(t.login(target.email, 'own-password-2')).rejects.toThrow();

    const events = (await t.get(`users/${target.id}/history`, t.superuserToken)).json().data as AuditEvent[];
    const self = { type: 'user', id: target.id, label: target.email };
    expect(events.slice(0, 5)).toMatchObject([
      { action: 'user.login_failed', actor: self },
      { action: 'user.updated', actor: { label: SUPERUSER.email }, changes: { is_active: { old: true, new: false } } },
      { action: 'user.password_changed', actor: self, changes: { password: { old: null, new: null } } },
      { action: 'user.login', actor: self },
      { action: 'user.password_reset', reason: 'password_reset', actor: self, ip: '127.0.0.1' },
    ]);
  });

  it('records a failed sign-in whose e-mail field holds no address without what was typed there', async () => {
    const typed = ['Minha-Senha-Secreta-9', 'senha sem arroba'];
    for (const username of typed) {
      const res = await t.postRaw(
        'login/access-token',
        'application/x-www-form-urlencoded',
        new URLSearchParams({ username, password: 'x' }).toString(),
      );
      expect(res.statusCode).toBe(400);
    }
    const res = await t.get('audit-events?action=user.login_failed&limit=100', t.superuserToken);
    for (const text of typed) expect(res.body).not.toContain(text);
    const labels = (res.json().data as AuditEvent[]).map((event) => event.actor.label);
    expect(labels.filter((label) => label === NOT_AN_EMAIL_LABEL)).toHaveLength(typed.length);
  });

  it('lists activity for super users, filtered by who, what, entity and period', async () => {
    const actor = await t.userToken();
    const company = await create({}, actor.token);
    await t.patch(`companies/${company.id}`, actor.token, { legal_name: 'Mudou' });
    const byActor = (await t.get(`audit-events?actor_id=${actor.user.id}`, t.superuserToken)).json();
    expect(byActor.data.map((event: AuditEvent) => event.action)).toEqual([
      'company.updated',
      'company.created',
      'user.login',
    ]);
    // Each event names its entity as people know it: the company's name, the user's e-mail.
    expect(byActor.data.map((event: AuditEvent) => event.entity_label)).toEqual([
      'Padaria Central',
      'Padaria Central',
      actor.user.email,
    ]);
    const updates = (
      await t.get(`audit-events?actor_id=${actor.user.id}&action=company.updated`, t.superuserToken)
    ).json();
    expect(updates.data).toHaveLength(1);
    const prefix = (await t.get(`audit-events?actor_id=${actor.user.id}&action=company.`, t.superuserToken)).json();
    expect(prefix.data).toHaveLength(2);
    const entity = (await t.get(`audit-events?entity_type=company&entity_id=${company.id}`, t.superuserToken)).json();
    expect(entity.data).toHaveLength(2);
    // Once deleted, every event of the company still names it, by the name its deletion recorded.
    await t.patch(`companies/${company.id}`, actor.token, { trading_name: 'Nome Final' });
    await t.del(`companies/${company.id}`, actor.token);
    const gone = (await t.get(`audit-events?entity_type=company&entity_id=${company.id}`, t.superuserToken)).json();
    expect(gone.data.map((event: AuditEvent) => event.entity_label)).toEqual(Array(4).fill('Nome Final'));
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await t.get(`audit-events?from=${future}`, t.superuserToken)).json().data).toEqual([]);
    const past = (await t.get(`audit-events?actor_id=${actor.user.id}&to=${future}&limit=1`, t.superuserToken)).json();
    expect(past.data).toHaveLength(1);
    expect(past.next_cursor).not.toBeNull();
    expect((await t.get('audit-events', user.token)).statusCode).toBe(403);
    expect((await t.get('audit-events?action=DROP TABLE', t.superuserToken)).statusCode).toBe(422);
  });

  it('purges events past the retention, and only through the purge', async () => {
    const company = await create();
    // Backdate this company's event by a year, as the purge itself is allowed to touch the table.
    await t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('backoffice.audit_purge', 'on', true)`);
      await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
      await tx.execute(
        sql`update audit_events set occurred_at = now() - interval '400 days' where entity_id = ${company.id}`,
      );
      await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    });
    expect(await t.app.auditRepository.purgeOlderThan(365)).toBe(1);
    expect((await history(company.id)).data).toEqual([]);
    expect(SYSTEM.type).toBe('system');
  });
});
