import { CompanySchema, formatCnpj } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { CompaniesRepository } from '../src/db/companies-repository.js';
import { detail, testAppPerSuite } from './support/app.js';
import { taxIdsFrom } from './support/tax-ids.js';

const t = testAppPerSuite();
let token: string;
beforeAll(async () => {
  // Companies are for every signed-in user, not only super users.
  token = (await t.userToken()).token;
});

const taxId = taxIdsFrom(10_000_000);

async function create(fields: Record<string, unknown> = {}) {
  const res = await t.post('companies/', token, {
    trading_name: 'Empresa Teste',
    legal_name: 'Empresa Teste Ltda',
    tax_id: taxId(),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /companies/', () => {
  it('creates a company with the spec defaults and a normalised CNPJ', async () => {
    const tax = taxId();
    const company = await create({ tax_id: formatCnpj(tax) });
    expect(company).toEqual({
      id: expect.any(String),
      trading_name: 'Empresa Teste',
      legal_name: 'Empresa Teste Ltda',
      tax_id: tax,
      type: 'filial',
      is_active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(company).not.toHaveProperty('search_text');
  });

  it('accepts an alphanumeric CNPJ, typed in lower case with its mask', async () => {
    const company = await create({ tax_id: '12.abc.345/01de-35', type: 'matriz' });
    expect(company).toMatchObject({ tax_id: '12ABC34501DE35', type: 'matriz' });
  });

  it('refuses a duplicate CNPJ with 409, whatever its mask', async () => {
    const tax = taxId();
    await create({ tax_id: tax });
    const res = await t.post('companies/', token, { trading_name: 'X', legal_name: 'Y', tax_id: formatCnpj(tax) });
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toBe('Já existe uma empresa com este CNPJ');
  });

  it.each([
    [{ trading_name: '' }, 'trading_name', 'Nome Fantasia é obrigatório'],
    [{ trading_name: '   ' }, 'trading_name', 'Nome Fantasia é obrigatório'],
    [{ legal_name: '' }, 'legal_name', 'Razão Social é obrigatória'],
    [{ tax_id: '' }, 'tax_id', 'CNPJ é obrigatório'],
    [{ tax_id: '123' }, 'tax_id', 'CNPJ deve conter 14 dígitos'],
    [{ tax_id: '11.222.333/0001-80' }, 'tax_id', 'CNPJ inválido'],
    [{ type: 'sede' }, 'type', 'Tipo deve ser matriz ou filial'],
  ])('answers 422 for %o', async (fields, field, message) => {
    const res = await t.post('companies/', token, { trading_name: 'A', legal_name: 'B', tax_id: taxId(), ...fields });
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([{ loc: ['body', field], msg: message, type: expect.any(String) }]);
  });

  it('reports every missing field at once', async () => {
    const res = await t.post('companies/', token, {});
    expect(res.statusCode).toBe(422);
    expect((detail(res) as { loc: string[] }[]).map((d) => d.loc[1])).toEqual(['trading_name', 'legal_name', 'tax_id']);
  });
});

describe('timestamps', () => {
  it('are ISO 8601 in UTC with milliseconds: the instant the database holds, whatever the session time zone', async () => {
    const company = await create();
    expect(company.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Date(company.created_at).toISOString()).toBe(company.created_at);
    const { rows } = (await t.database.db.execute(
      sql`select floor(extract(epoch from created_at) * 1000)::text as ms from companies where id = ${company.id}`,
    )) as unknown as { rows: { ms: string }[] };
    expect(new Date(company.created_at).getTime()).toBe(Number(rows[0]?.ms));
    const listed = (await t.get(`companies/?search=${company.tax_id}`, token)).json();
    expect(listed.data).toEqual([company]);
    // A session in another time zone (a DBA's default, say) reads the same text.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/Sao_Paulo'`);
      const again = await new CompaniesRepository(tx as unknown as Db).findById(company.id);
      expect(again).toMatchObject({ created_at: company.created_at, updated_at: company.updated_at });
    });
  });
});

describe('GET, PATCH, DELETE /companies/{id}', () => {
  it('reads a company and answers 404 in Portuguese for an unknown one', async () => {
    const company = await create();
    expect((await t.get(`companies/${company.id}`, token)).json()).toEqual(company);
    const missing = await t.get('companies/00000000-0000-4000-8000-000000000000', token);
    expect(missing.statusCode).toBe(404);
    expect(detail(missing)).toBe('Empresa não encontrada');
  });

  it('changes only the fields sent, including type and is_active', async () => {
    const company = await create({ type: 'filial' });
    const res = await t.patch(`companies/${company.id}`, token, { type: 'matriz', is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      trading_name: company.trading_name,
      legal_name: company.legal_name,
      tax_id: company.tax_id,
      type: 'matriz',
      is_active: false,
    });
    const empty = await t.patch(`companies/${company.id}`, token, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ type: 'matriz', is_active: false });
  });

  it('keeps the CNPJ unique on update and validates changed fields', async () => {
    const a = await create();
    const b = await create();
    const res = await t.patch(`companies/${b.id}`, token, { tax_id: a.tax_id });
    expect(res.statusCode).toBe(409);
    const bad = await t.patch(`companies/${b.id}`, token, { trading_name: '' });
    expect(detail(bad)).toEqual([expect.objectContaining({ msg: 'Nome Fantasia é obrigatório' })]);
    expect((await t.get(`companies/${b.id}`, token)).json().trading_name).toBe(b.trading_name);
    expect(
      (await t.patch('companies/00000000-0000-4000-8000-000000000000', token, { type: 'matriz' })).statusCode,
    ).toBe(404);
  });

  it('deletes a company once', async () => {
    const company = await create();
    const res = await t.del(`companies/${company.id}`, token);
    expect(res.statusCode).toBe(200);
    expect((await t.del(`companies/${company.id}`, token)).statusCode).toBe(404);
    expect((await t.get(`companies/${company.id}`, token)).statusCode).toBe(404);
  });
});

describe('listing and search', () => {
  let ids: Record<string, string>;
  const root = 55_000_000;

  beforeAll(async () => {
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`delete from companies`);
    const made = {
      joao: await create({
        trading_name: 'Padaria São João',
        legal_name: 'Souza & Filhos Panificação Ltda',
        tax_id: taxId(root, 1),
        type: 'matriz',
      }),
      joaoFilial: await create({
        trading_name: 'Padaria São João - Centro',
        legal_name: 'Souza & Filhos Panificação Ltda',
        tax_id: taxId(root, 2),
        type: 'filial',
      }),
      acai: await create({
        trading_name: 'Açaí da Praça',
        legal_name: 'Conceição Alimentos ME',
        tax_id: taxId(root + 1, 1),
        type: 'matriz',
        is_active: false,
      }),
      tech: await create({
        trading_name: 'TechNova',
        legal_name: 'Nova Tecnologia S.A.',
        tax_id: '12ABC34501DE35',
        type: 'filial',
      }),
      pct: await create({
        trading_name: '100% Natural',
        legal_name: 'Natural_Produtos Ltda',
        tax_id: taxId(root + 2, 1),
        type: 'filial',
      }),
    };
    ids = Object.fromEntries(Object.entries(made).map(([k, v]) => [k, v.id]));
  });

  async function names(query: string) {
    const res = await t.get(`companies/?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return {
      ids: body.data.map((c: { id: string }) => c.id) as string[],
      count: body.count as number,
      exact: body.count_is_exact,
    };
  }

  it('lists newest first with the total', async () => {
    const all = await names('');
    expect(all.ids).toEqual([ids.pct, ids.tech, ids.acai, ids.joaoFilial, ids.joao]);
    expect(all.count).toBe(5);
    expect(all.exact).toBe(true);
  });

  it.each([
    ['search=sao joao', ['joaoFilial', 'joao']],
    ['search=SÃO JOÃO', ['joaoFilial', 'joao']],
    ['search=panificacao', ['joaoFilial', 'joao']],
    ['search=conceicao', ['acai']],
    ['search=acai', ['acai']],
    ['search=Açaí', ['acai']],
    ['search=technova', ['tech']],
    ['search=12.ABC.345%2F01DE-35', ['tech']],
    ['search=12abc', ['tech']],
    [`search=${taxId(root, 1)}`, ['joao']],
    [`search=${encodeURIComponent(formatCnpj(taxId(root, 1)))}`, ['joao']],
    [`search=${encodeURIComponent('55.000.000')}`, ['joaoFilial', 'joao']],
    ['search=100%25', ['pct']],
    ['search=_', ['pct']],
    ['search=nothing-like-this', []],
  ])('%s', async (query, expected) => {
    const result = await names(query);
    expect(result.ids).toEqual(expected.map((k) => ids[k]));
    expect(result.count).toBe(expected.length);
  });

  it('a search says its total is exact only once the page reaches the last match', async () => {
    // Two companies match "padaria": a page of one has one more after it, so more than 1 match.
    expect(await names('search=padaria&limit=1')).toEqual({ ids: [ids.joaoFilial], count: 1, exact: false });
    expect(await names('search=padaria&skip=1&limit=1')).toEqual({ ids: [ids.joao], count: 2, exact: true });
    expect(await names('search=padaria&skip=0&limit=2')).toEqual({
      ids: [ids.joaoFilial, ids.joao],
      count: 2,
      exact: true,
    });
    // A page past the end still tells where the end is.
    expect(await names('search=padaria&skip=4&limit=2')).toEqual({ ids: [], count: 2, exact: true });
  });

  it('filters by type and status, alone and with a search, counting the filtered total', async () => {
    expect((await names('type=matriz')).ids).toEqual([ids.acai, ids.joao]);
    expect((await names('type=filial')).count).toBe(3);
    expect((await names('is_active=false')).ids).toEqual([ids.acai]);
    expect((await names('is_active=true&type=matriz')).ids).toEqual([ids.joao]);
    expect((await names('type=filial&search=padaria')).ids).toEqual([ids.joaoFilial]);
    expect((await names('type=')).count).toBe(5);
  });

  it('pages with skip and limit without overlap', async () => {
    const first = await names('skip=0&limit=2');
    const second = await names('skip=2&limit=2');
    const third = await names('skip=4&limit=2');
    expect([...first.ids, ...second.ids, ...third.ids]).toEqual((await names('')).ids);
    expect(first.count).toBe(5);
  });

  it('keeps the counters right through updates and deletes', async () => {
    const extra = await create({ type: 'matriz' });
    expect((await names('type=matriz')).count).toBe(3);
    await t.patch(`companies/${extra.id}`, token, { type: 'filial', is_active: false });
    expect((await names('type=matriz')).count).toBe(2);
    expect((await names('type=filial&is_active=false')).count).toBe(1);
    await t.del(`companies/${extra.id}`, token);
    expect((await names('')).count).toBe(5);
  });

  it('serves the paginated and active lists', async () => {
    const page = await t.get('companies/paginated?page=2&size=2', token);
    expect(page.json()).toMatchObject({ count: 5, page: 2, size: 2, pages: 3 });
    expect(page.json().data.map((c: { id: string }) => c.id)).toEqual([ids.acai, ids.joaoFilial]);
    expect((await t.get('companies/paginated', token)).json()).toMatchObject({ page: 1, size: 50, pages: 1 });
    const active = await t.get('companies/active', token);
    expect(active.json().count).toBe(4);
    expect(active.json().data.map((c: { id: string }) => c.id)).not.toContain(ids.acai);
  });

  it.each([
    // Names ignore case and accents ('Açaí' between '100%' and 'Padaria', whatever the collation).
    ['sort=trading_name', ['pct', 'acai', 'joao', 'joaoFilial', 'tech']],
    ['sort=-trading_name', ['tech', 'joaoFilial', 'joao', 'acai', 'pct']],
    // Both bakeries share a legal name: the tie goes by id ('souza' stands for them in that order).
    ['sort=legal_name', ['acai', 'pct', 'tech', 'souza']],
    ['sort=-legal_name', ['-souza', 'tech', 'pct', 'acai']],
    ['sort=cnpj', ['tech', 'joao', 'joaoFilial', 'acai', 'pct']],
    ['sort=-cnpj', ['pct', 'acai', 'joaoFilial', 'joao', 'tech']],
    ['sort=newest', ['pct', 'tech', 'acai', 'joaoFilial', 'joao']],
    ['sort=', ['pct', 'tech', 'acai', 'joaoFilial', 'joao']],
    ['sort=trading_name&type=filial', ['pct', 'joaoFilial', 'tech']],
    ['sort=-trading_name&search=padaria', ['joaoFilial', 'joao']],
  ])('orders by %s', async (query, expected) => {
    const souza = [ids.joao, ids.joaoFilial].sort() as string[];
    const expand = (key: string) =>
      key === 'souza' ? souza : key === '-souza' ? [...souza].reverse() : [ids[key] as string];
    const result = await names(query);
    expect(result.ids).toEqual(expected.flatMap(expand));
  });

  it('breaks ties of a name order by id, so pages never overlap', async () => {
    const twins = [await create({ trading_name: 'Gêmea' }), await create({ trading_name: 'gemea' })];
    try {
      const ascending = (await names('sort=trading_name')).ids.filter((id) => twins.some((c) => c.id === id));
      const descending = (await names('sort=-trading_name')).ids.filter((id) => twins.some((c) => c.id === id));
      const byId = twins.map((c) => c.id).sort();
      expect(ascending).toEqual(byId);
      expect(descending).toEqual([...byId].reverse());
      const pages = [await names('sort=trading_name&limit=3'), await names('sort=trading_name&skip=3&limit=4')];
      expect(pages.flatMap((page) => page.ids)).toEqual((await names('sort=trading_name')).ids);
    } finally {
      for (const twin of twins) await t.del(`companies/${twin.id}`, token);
    }
  });

  it('refuses an unknown order with 422 and says which orders exist', async () => {
    for (const sort of ['name', 'created_at', 'trading_name;drop table companies', '--cnpj', 'TRADING_NAME']) {
      const res = await t.get(`companies/?sort=${encodeURIComponent(sort)}`, token);
      expect(res.statusCode, sort).toBe(422);
      expect(detail(res)).toEqual([
        {
          loc: ['query', 'sort'],
          msg: 'Ordenação deve ser uma de: newest, trading_name, -trading_name, legal_name, -legal_name, cnpj, -cnpj',
          type: expect.any(String),
        },
      ]);
    }
  });

  it.each(['limit=0', 'limit=101', 'skip=-1', 'type=sede', 'is_active=yes', `search=${'x'.repeat(101)}`, 'limit=abc'])(
    'rejects %s with 422',
    async (query) => {
      expect((await t.get(`companies/?${query}`, token)).statusCode).toBe(422);
    },
  );

  it.each(['page=0', 'size=0', 'size=101'])('rejects paginated %s with 422', async (query) => {
    expect((await t.get(`companies/paginated?${query}`, token)).statusCode).toBe(422);
  });
});

// A list and a read of one company are written by different statements and paths of the server:
// both must say the same thing, with the contract's fields and no others.
describe('list answers', () => {
  it('give each company exactly as GET /companies/{id} does, whatever its names hold', async () => {
    const company = await create({
      trading_name: 'Padaria "Aspas" \\ Barra — Pão & Café 🍞 ListaJson',
      legal_name: "D'Ávila <Ltda> / São Paulo\u00a0ListaJson",
      type: 'matriz',
      is_active: true,
    });
    const alone = (await t.get(`companies/${company.id}`, token)).json();
    expect(Object.keys(alone).sort()).toEqual(Object.keys(CompanySchema.entries).sort());
    // Each statement of the list: a search in either kind of order, the prepared pages (filtered or not).
    const answers = [
      await t.get('companies/?search=listajson', token),
      await t.get('companies/?sort=trading_name&search=listajson', token),
      await t.get('companies/?limit=100', token),
      await t.get('companies/?type=matriz&is_active=true&limit=100&sort=-legal_name', token),
      await t.get('companies/active?limit=100', token),
      await t.get('companies/paginated?size=100', token),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const row = res.json().data.find((c: { id: string }) => c.id === company.id);
      expect(row, res.body).toEqual(alone);
      expect(Object.keys(row)).toEqual(Object.keys(alone));
    }
  });

  it('are JSON objects of the contract, also for an empty page', async () => {
    const list = (await t.get('companies/?skip=100000', token)).json();
    expect(list).toEqual({ data: [], count: expect.any(Number), count_is_exact: true });
    expect(list.count).toBeGreaterThan(0);
    expect((await t.get('companies/?search=nada-parecido', token)).json()).toEqual({
      data: [],
      count: 0,
      count_is_exact: true,
    });
    const page = (await t.get('companies/paginated?page=100000&size=1', token)).json();
    expect(page).toEqual({ data: [], count: list.count, page: 100000, size: 1, pages: list.count });
  });
});
