import { COMPANY_SORTS, type CompaniesFilter, type CompanySort, formatCnpj } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CompaniesRepository } from '../src/db/companies-repository.js';
import { defuseFormulas, restoreFormulas } from '../src/services/companies-csv.js';
import { createTestApp, detail, type TestApp } from './support/app.js';
import { FORMULA_NAMES, HARMLESS_NAME } from './support/csv-injection.js';
import { taxIdsFrom } from './support/tax-ids.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.userToken()).token;
  await t.database.db.execute(sql`delete from companies`);
});
afterAll(() => t.close());

const taxId = taxIdsFrom(30_000_000);

async function create(fields: Record<string, unknown>) {
  const res = await t.post('companies/', token, { legal_name: 'Razão Ltda', tax_id: taxId(), ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; tax_id: string; trading_name: string };
}

/** A small RFC 4180 reader (`;`, CRLF, quoted cells with doubled quotes), to read back what was written. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += char;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return records;
}

const exportCsv = (query = '', auth: string | null = token) => t.get(`companies/export.csv${query}`, auth ?? undefined);

describe('GET /companies/export.csv', () => {
  let plain: { id: string; tax_id: string };
  beforeAll(async () => {
    plain = await create({ trading_name: 'Padaria São João', legal_name: 'Souza & Filhos Ltda', type: 'matriz' });
    await create({ trading_name: 'Açaí; "Da Praça"', legal_name: 'Linha 1\nLinha 2', is_active: false });
    await create({ trading_name: '=HYPERLINK("http://evil")', legal_name: '+55 11 99999', type: 'matriz' });
    await create({ trading_name: '-10', legal_name: '@SUM(A1)' });
    // The API trims names; older data (an import) may still start with a tab or CR.
    await t.app.companiesRepository.insertMany([
      { trading_name: '\tTab', legal_name: '\rCR', tax_id: taxId(), type: 'filial', is_active: true },
    ]);
  });

  it('answers HEAD with the headers alone, without running the export', async () => {
    const exportRows = vi.spyOn(t.app.companiesRepository, 'exportRows');
    try {
      const head = await t.app.inject({
        method: 'HEAD',
        url: '/api/v1/companies/export.csv?sort=cnpj',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-disposition']).toMatch(/^attachment; filename="empresas-/);
      expect(head.body).toBe('');
      expect(exportRows).not.toHaveBeenCalled();
      expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/companies/export.csv' })).statusCode).toBe(401);
      expect((await exportCsv('?sort=cnpj')).statusCode).toBe(200);
      expect(exportRows).toHaveBeenCalledOnce();
    } finally {
      exportRows.mockRestore();
    }
  });

  it('answers a dated CSV attachment in UTF-8 with a BOM, ; and CRLF, the CNPJ formatted', async () => {
    const res = await exportCsv('?sort=cnpj');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="empresas-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF"Nome Fantasia";"Razão Social";"CNPJ";"Tipo";"Situação";')).toBe(true);
    expect(text.replace(/\r\n/g, '').includes('\r\n')).toBe(false);
    const [header, first] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'Nome Fantasia',
      'Razão Social',
      'CNPJ',
      'Tipo',
      'Situação',
      'Cadastrada em (horário de Brasília)',
    ]);
    expect(first?.slice(0, 5)).toEqual([
      'Padaria São João',
      'Souza & Filhos Ltda',
      formatCnpj(plain.tax_id),
      'Matriz',
      'Ativa',
    ]);
    expect(first?.[5]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('quotes as RFC 4180 says and defuses formulas with an apostrophe', async () => {
    const rows = parseCsv((await exportCsv('?sort=cnpj')).body.slice(1)).slice(1);
    const names = rows.map((row) => [row[0], row[1], row[3], row[4]]);
    expect(names).toEqual([
      ['Padaria São João', 'Souza & Filhos Ltda', 'Matriz', 'Ativa'],
      ['Açaí; "Da Praça"', 'Linha 1\nLinha 2', 'Filial', 'Inativa'],
      [`'=HYPERLINK("http://evil")`, `'+55 11 99999`, 'Matriz', 'Ativa'],
      [`'-10`, `'@SUM(A1)`, 'Filial', 'Ativa'],
      [`'\tTab`, `'\rCR`, 'Filial', 'Ativa'],
    ]);
    const raw = (await exportCsv('?sort=cnpj')).body;
    expect(raw).toContain('"Açaí; ""Da Praça"""');
    expect(raw).toContain('"Linha 1\nLinha 2"');
  });

  it('exports only what the filter and search match, in the order asked', async () => {
    const names = async (query: string) =>
      parseCsv((await exportCsv(query)).body.slice(1))
        .slice(1)
        .map((row) => row[0]);
    expect(await names('?type=matriz&sort=cnpj')).toEqual(['Padaria São João', `'=HYPERLINK("http://evil")`]);
    expect(await names('?is_active=false')).toEqual(['Açaí; "Da Praça"']);
    expect(await names('?search=sao%20joao')).toEqual(['Padaria São João']);
    expect(await names('?search=nada%20disso')).toEqual([]);
    expect(await names('?type=matriz&sort=-trading_name')).toEqual(['Padaria São João', `'=HYPERLINK("http://evil")`]);
    expect(await names('?type=matriz&sort=trading_name')).toEqual([`'=HYPERLINK("http://evil")`, 'Padaria São João']);
  });

  it('answers just the header for no match, and 422 for an invalid filter or order', async () => {
    expect(parseCsv((await exportCsv('?search=zzzz')).body.slice(1))).toHaveLength(1);
    for (const query of ['?sort=name', '?type=sede', '?is_active=talvez', `?search=${'x'.repeat(101)}`]) {
      const res = await exportCsv(query);
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('is for signed-in, active users only, answering as the list does', async () => {
    const inactive = await t.userToken();
    await t.patch(`users/${inactive.user.id}`, t.superuserToken, { is_active: false });
    const cases: [string, string | null, number][] = [
      ['no token', null, 401],
      ['a forged token', 'not-a-token', 401],
      // Deactivation revokes the user's tokens.
      ['a deactivated user', inactive.token, 401],
    ];
    for (const [what, auth, status] of cases) {
      const res = await exportCsv('', auth);
      expect(res.statusCode, what).toBe(status);
      const list = await t.get('companies/', auth ?? undefined);
      expect(res.statusCode, what).toBe(list.statusCode);
      expect(detail(res), what).toBe(detail(list));
      expect(res.body, what).not.toContain('Padaria');
    }
    expect((await exportCsv('', t.superuserToken)).statusCode).toBe(200);
  });
});

describe('export batches', () => {
  beforeAll(async () => {
    await t.database.db.execute(sql`delete from companies`);
    // One statement: every row has the same created_at, so newest-first order rests on the id tie-breaker.
    await t.app.companiesRepository.insertMany(
      Array.from({ length: 23 }, (_, i) => ({
        trading_name: ['Beta', 'alfa', 'Álamo', 'gama'][i % 4] as string,
        legal_name: `Razão ${i % 5}`,
        tax_id: taxId(40_000_000 + i),
        type: i % 2 ? 'matriz' : 'filial',
        is_active: i % 3 !== 0,
      })),
    );
  });

  // Every order the API accepts, so a new one cannot go untested.
  it.each(COMPANY_SORTS)('reads every row once, in the list order, across batch boundaries (%s)', async (sort) => {
    for (const filter of [{}, { type: 'matriz' as const }, { is_active: true }]) {
      const listed = (await t.app.companiesRepository.list(filter, 0, 100, sort)).data.map((row) => row.id);
      const batches: string[][] = [];
      for await (const batch of t.app.companiesRepository.exportRows(filter, sort, 4))
        batches.push(batch.map((row) => row.id));
      expect(batches.flat()).toEqual(listed);
      expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(4);
    }
  });
});

describe('pages of every order, by either plan of a name-ordered search', () => {
  // Enough companies that pages lie deep, laid out so that a walk of the name order meets the matches
  // late or early: "zebra" lives only at the end of the alphabet, "comum" is spread over every name.
  // A name-ordered search sorts its matches or walks the order depending on the planner's estimate
  // (MAX_MATCHES_SORTED): a second repository that always walks checks the other plan.
  const total = 1_700;
  let walking: CompaniesRepository;
  beforeAll(async () => {
    await t.database.db.execute(sql`delete from companies`);
    await t.app.companiesRepository.insertMany(
      Array.from({ length: total }, (_, i) => {
        const name = `${i >= total - 40 ? 'Zebra' : 'Loja'} ${String((i * 7919) % total).padStart(5, '0')}`;
        return {
          trading_name: i % 3 === 0 ? `${name} Comum` : name,
          legal_name: `Razão ${String((i * 104729) % total).padStart(5, '0')}${i % 5 === 0 ? ' comum' : ''}`,
          tax_id: taxId(50_000_000 + i),
          type: i % 2 ? 'matriz' : 'filial',
          is_active: i % 4 !== 0,
        };
      }),
    );
    await t.database.db.execute(sql`analyze companies`);
    walking = new CompaniesRepository(t.database.db, { maxMatchesSorted: -1, readFirst: false });
  });

  const exported = async (filter: CompaniesFilter, sort: CompanySort) => {
    const ids: string[] = [];
    for await (const batch of t.app.companiesRepository.exportRows(filter, sort))
      ids.push(...batch.map((row) => row.id));
    return ids;
  };

  it.each(['trading_name', '-trading_name', 'legal_name', '-legal_name', 'cnpj', 'newest'] as const)(
    'gives every page exactly the rows of the full order (%s)',
    async (sort) => {
      for (const filter of [
        { search: 'zebra' },
        { search: 'comum' },
        { search: 'comum', type: 'filial' as const },
        // Phrases: one spread over every order, one whose 40 matches are sparse.
        { search: 'loja 01' },
        { search: 'zebra 0' },
        {
          type: 'matriz' as const,
          is_active: true,
        },
      ]) {
        const all = await exported(filter, sort);
        expect(all.length, JSON.stringify(filter)).toBeGreaterThan(5);
        // Every page of a search (one of them straddles the end of the window's matches), a few otherwise.
        const skips = filter.search
          ? Array.from({ length: Math.ceil(all.length / 5) }, (_, page) => page * 5)
          : [0, 5, 35, 300, all.length - 3];
        for (const skip of skips) {
          const page = await t.app.companiesRepository.list(filter, skip, 5, sort);
          const what = `${sort} ${JSON.stringify(filter)} skip=${skip}`;
          expect(
            page.data.map((row) => row.id),
            what,
          ).toEqual(all.slice(skip, skip + 5));
          expect(await walking.list(filter, skip, 5, sort), `${what}, walking`).toEqual(page);
          const more = skip + 5 < all.length;
          if (filter.search)
            expect({ count: page.count, exact: page.count_is_exact }, what).toEqual(
              more ? { count: skip + 5, exact: false } : { count: all.length, exact: true },
            );
          else expect(page.count, what).toBe(all.length);
        }
      }
    },
  );
});

describe('CSV injection, whatever separator the reader splits on (issue 24, row 8)', () => {
  const names = [...FORMULA_NAMES, HARMLESS_NAME];
  let raw: string;
  beforeAll(async () => {
    await t.database.db.execute(sql`delete from companies`);
    for (const [i, name] of names.entries()) await create({ trading_name: name, legal_name: `Razão ${i}` });
    raw = (await exportCsv('?sort=legal_name')).body;
  });

  /** Cells as an importer that knows nothing of quotes sees them, splitting on `separator` (and lines). */
  const naiveCells = (separator: string) =>
    raw
      .slice(1)
      .split(/\r\n|\r|\n/)
      .flatMap((line) => line.split(separator))
      .map((cell) => cell.replace(/^"/, ''));

  it('quotes every cell of every record, the header included', () => {
    const records = raw.slice(1).split(/\r\n(?=")/);
    expect(records.length).toBe(names.length + 1);
    for (const record of records) {
      expect(record.replace(/\r\n$/, '')).toMatch(/^"(?:[^"]|"")*"(?:;"(?:[^"]|"")*"){5}$/);
    }
  });

  it.each([',', ';', '\t', '|'])('leaves no cell starting with = + - @ when split on %j', (separator) => {
    const formulas = naiveCells(separator).filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(formulas).toEqual([]);
  });

  it('the import’s reading undoes exactly what the export added, for any text', () => {
    // Every string of up to 5 characters over the characters that matter, and a few long random ones.
    const alphabet = ['=', '+', '-', '@', '\t', '\r', '\n', ',', ';', '|', "'", 'a'];
    let texts = [''];
    for (let length = 1; length <= 5; length++) {
      texts = texts.flatMap((text) => (text.length === length - 1 ? alphabet.map((char) => text + char) : [text]));
    }
    texts = [...new Set(texts)];
    for (let i = 0; i < 500; i++) {
      texts.push(Array.from({ length: 30 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join(''));
    }
    const broken = texts.filter((text) => restoreFormulas(defuseFormulas(text)) !== text);
    expect(broken).toEqual([]);
  });

  it('reads back, as RFC 4180 says, as the names with an apostrophe before each formula start', () => {
    const read = parseCsv(raw.slice(1))
      .slice(1)
      .map((row) => row[0]);
    expect(read).toEqual([
      "X,'=SUM(1+1)",
      "Mercado\t'=1+2",
      'Loja;\'@HYPERLINK("http://evil")',
      "A|'-2+3",
      "Linha\n'+1",
      'Só texto, sem fórmula - nem perigo',
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the export and the list order', async () => {
    const doc = (await t.get('/api/v1/openapi.json')).json();
    const exportOp = doc.paths['/api/v1/companies/export.csv'].get;
    expect(exportOp.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      ['is_active', 'search', 'sort', 'type'].sort(),
    );
    const sort = doc.paths['/api/v1/companies/'].get.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(JSON.stringify(sort.schema)).toContain('-trading_name');
  });
});
