import {
  COMPANY_SORTS,
  type CompaniesFilter,
  type CompanyCreate,
  type CompanySort,
  cnpjOf,
  formatCnpj,
} from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/client.js';
import { CompaniesRepository } from '../src/db/companies-repository.js';
import { schema } from '../src/db/schema.js';
import { engine, freshDatabase, type TestDatabase } from './support/database.js';

/**
 * Issue 30: a selective search reads its matches first (CompaniesRepository.matchesFirst) instead of
 * leaving the plan to what the last ANALYZE sampled. Whichever plan answers, the page, `count` and
 * `count_is_exact` are the same: each search below is answered by every plan and compared.
 */

const ROOT = '12345678';

const taxId = cnpjOf;

/**
 * Companies whose CNPJ shares the first 2, 3 … 8 characters of ROOT (and no more), a few branches of
 * ROOT itself, and others; names and creation times with ties, so every order needs its tie-breaker.
 */
function companies() {
  const rows: CompanyCreate[] = [];
  let n = 0;
  const add = (tax_id: string) => {
    n++;
    rows.push({
      trading_name: `Loja ${String((n * 7) % 11).padStart(2, '0')}`,
      legal_name: `Razão ${String((n * 13) % 17).padStart(2, '0')} Ltda`,
      tax_id,
      type: n % 3 ? 'matriz' : 'filial',
      is_active: n % 4 !== 0,
    });
  };
  for (let shared = 2; shared < 8; shared++) {
    const next = (Number(ROOT[shared]) + 1) % 10;
    for (let i = 0; i < 9; i++) {
      const rest = String(i * 1_234_567).padStart(8, '0');
      add(taxId(`${ROOT.slice(0, shared)}${next}${rest}`.slice(0, 8)));
    }
  }
  for (let order = 1; order <= 14; order++) add(taxId(ROOT, order));
  for (let i = 0; i < 120; i++) add(taxId(String(20_000_000 + i * 654_321).padStart(8, '0')));
  // Phrases (phraseNarrowing): more matches than the fallback plan reads first, fewer, one written without
  // spaces (found through the unmasked term), accents and case as users type them.
  const named = (trading_name: string, legal_name: string) => {
    add(taxId(String(30_000_000 + n * 98_765).padStart(8, '0')));
    Object.assign(rows[rows.length - 1] as CompanyCreate, { trading_name, legal_name });
  };
  for (let i = 0; i < 14; i++) {
    named(`Padaria São João${i % 3 === 0 ? ' - Recife' : ''}`, `Silva & Souza Panificadora ${i} Ltda`);
  }
  named('PadariaSaoJoao Centro', 'Padaria Sao  Joao Comercio Ltda');
  for (let i = 0; i < 3; i++) named('Farmácia Aurora - Cuiabá', `Araújo & Lima Drogaria ${i} ME`);
  // A letter search_normalize keeps as it is (not in its list) though Unicode takes it apart: the trigrams
  // chosen from the term without its accent (`rec`) are not in the text, and must not narrow.
  named('Padaria Ŕecife Centro', 'Ŕecife Pães Ltda');
  // Word pairs (phrasePairsOf): a word of one letter between two, whole only where the phrase bounds it.
  named('Pão e Cia', 'Padaria e Confeitaria Ltda');
  // A word at the start of names (splitAtTerm): at the start of both, of the trading name only (ties, and one
  // that goes on), of the legal name only, inside a word, after another, and in an alphanumeric CNPJ.
  for (let i = 0; i < 3; i++) named('Quitanda', 'Quitanda');
  for (let i = 0; i < 9; i++) named(`Quitanda ${String.fromCharCode(65 + ((i * 5) % 9))}`, `Lima ${i} ME`);
  named('Quitanda Bela', 'Quitanda Bela Comércio Ltda');
  named('Quitandas do Vale', 'Vale ME');
  named('Bela Quitanda', 'Verde Ltda');
  named('Verde', 'Quitanda Verde Ltda');
  named('Verdequitanda', 'Azul ME');
  named('Zeta Ltda', 'Quitandão Ltda');
  // A phrase at the start of names (splitAtTerm, its others by their word pairs): at the start of the trading name
  // (ties, one that ends there), of both, of the legal name only, after a longer first word, after another word,
  // after a mark, written without its space, and a first pair that is another phrase's.
  for (let i = 0; i < 7; i++)
    named(`Auto Peças ${String.fromCharCode(65 + ((i * 3) % 7))}`, `Comércio de Peças Automotivas ${i} Ltda`);
  named('Auto Peças', 'Auto Peças Norte Ltda');
  named('Sul Distribuidora', 'Auto Peças Sul Ltda');
  named('Superauto Peças', 'Superauto ME');
  named('Comércio Auto Peças', 'Rio ME');
  named('Rio Verde', 'Distribuidora Auto Peças Ltda');
  named('(Auto Peças) Centro', 'Centro ME');
  named('Autopeças Brasil', 'Brasil ME');
  named('Auto-Peças Leste', 'Leste ME');
  named('Pluto Peças', 'Pluto ME');
  rows.push({
    trading_name: 'Alfa',
    legal_name: 'Beta ME',
    tax_id: taxId('QUITAN12'),
    type: 'matriz',
    is_active: true,
  });
  return rows;
}

let database: TestDatabase;
let db: Db;
const plans: Record<string, CompaniesRepository> = {};
/** The plans that narrow phrases one way only (by their word pairs, their trigrams, or the names' starts). */
const PHRASE_PLANS = new Set(['pairs', 'grams', 'starts', 'splitByPairs', 'splitByRest']);

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  await new CompaniesRepository(db).insertMany(companies());
  // Creation times with ties (by id then), one insert apart otherwise.
  await db.execute(sql`update companies set created_at = now() - (abs(hashtext(tax_id)) % 40) * interval '1 minute'`);
  await db.execute(sql`analyze companies`);
  plans.readFirst = new CompaniesRepository(db);
  plans.planner = new CompaniesRepository(db, { readFirst: false });
  plans.walking = new CompaniesRepository(db, { readFirst: false, maxMatchesSorted: -1 });
  // Reads eight matches first, finds more, and falls back.
  plans.fallback = new CompaniesRepository(db, { maxMatchesReadFirst: 8 });
  // Walks seven of the newest rows for any phrase the sample holds: the page is there, or the walk falls short.
  plans.shortWalk = new CompaniesRepository(db, { walkWindow: 7 });
  // Splits every word at the start of the order's names; with a cap of eight, falls back when the others are more.
  plans.split = new CompaniesRepository(db, { split: true });
  plans.splitFallback = new CompaniesRepository(db, { split: true, maxMatchesReadFirst: 8 });
  // Walks seven rows of any order but newest for any search the sample holds (falls short, or not), or all of them.
  plans.orderWalk = new CompaniesRepository(db, { orderWalk: 7 });
  plans.wholeOrderWalk = new CompaniesRepository(db, { orderWalk: 100_000 });
  // A phrase narrowed by its word pairs whenever it has some, or never (by its rarest trigrams).
  plans.pairs = new CompaniesRepository(db, { phrases: 'pairs' });
  plans.grams = new CompaniesRepository(db, { phrases: 'grams' });
  // A phrase read first through the starts of the names and the rest's trigram, whenever it can be.
  plans.starts = new CompaniesRepository(db, { phrases: 'starts' });
  // Splits every phrase, its others found by their word pairs alone, or by the rest's rarest trigram alone.
  plans.splitByPairs = new CompaniesRepository(db, { split: true, phrases: 'pairs' });
  plans.splitByRest = new CompaniesRepository(db, { split: true, phrases: 'grams' });
}, 60_000);
afterAll(() => database?.close());

const masked = (length: number) => formatCnpj(taxId(ROOT)).slice(0, length + (length > 5 ? 2 : length > 2 ? 1 : 0));
const LENGTHS = [2, 3, 4, 5, 6, 7, 8];

/** A node of PostgreSQL's `explain (format json)` plan. */
interface PlanNode {
  'Node Type': string;
  Plans: PlanNode[];
  Filter?: string;
  'Plan Rows': number;
  'Index Name'?: string;
}

/**
 * The plan of a bounded walk: Limit ← Subquery Scan (the search tested) ← Limit (a window of fewer than
 * `rowsBelow` rows) ← the order's `index`.
 */
function expectBoundedWalk(plan: PlanNode, walk: { tested: string; rowsBelow: number; index: string | RegExp }) {
  expect(plan['Node Type'], JSON.stringify(plan)).toBe('Limit');
  const tested = plan.Plans[0] as PlanNode;
  expect(tested['Node Type']).toBe('Subquery Scan');
  expect(tested.Filter).toContain(walk.tested);
  const window = tested.Plans[0] as PlanNode;
  expect(window['Node Type']).toBe('Limit');
  expect(window['Plan Rows']).toBeLessThan(walk.rowsBelow);
  expect(window.Plans[0]?.['Index Name']).toMatch(walk.index);
}

/**
 * The generic plan of `statement` (one made for any values, generic-plans.ts) on `pool`, the planner asked for indexes;
 * and how its statement ran there (pg_prepared_statements: how many generic and custom plans).
 */
async function genericPlanOf(pool: pg.Pool, statement: { text: string; values: unknown[] } | undefined) {
  const [ran] = (
    await pool.query('select generic_plans, custom_plans from pg_prepared_statements where statement = $1', [
      statement?.text,
    ])
  ).rows;
  const client = await pool.connect();
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  try {
    await client.query('begin; set local enable_seqscan = off; set local plan_cache_mode = force_generic_plan');
    await client.query(`prepare explained as ${statement?.text}`);
    const [
      {
        'QUERY PLAN': [{ Plan: plan }],
      },
    ] = (await client.query(`explain (format json) execute explained(${statement?.values.map(literal).join(', ')})`))
      .rows;
    return { plan, ran: ran as { generic_plans: number; custom_plans: number } | undefined };
  } finally {
    await client.query('rollback');
    // A prepared statement outlives the transaction.
    await client.query('deallocate explained');
    client.release();
  }
}

describe('a CNPJ prefix, masked or bare, or words give the same answers whatever plan reads them', () => {
  it('masks the way the screen does', () => {
    expect(LENGTHS.map(masked)).toEqual(['12', '12.3', '12.34', '12.345', '12.345.6', '12.345.67', '12.345.678']);
  });

  const terms = LENGTHS.flatMap((length) => [masked(length), ROOT.slice(0, length)]).filter((term) => term !== '12');
  // '12' bare and masked are the same text: the masked prefix needs its mask ('12.').
  terms.unshift('12.', '12', `${formatCnpj(taxId(ROOT))}`.slice(0, 15));
  terms.push('loja 07', 'RAZÃO 1', 'nada disso', '0001');
  // Words, split at the start of the order's names (splitAtTerm) or walked in the order (walkOrder).
  terms.push('quitanda', 'QUITANDÁ', 'quitan', 'quitandas', 'loja', 'razão', 'ltda', 'verde', 'bela', 'ria', 'q');
  // Phrases, read first through their rarest trigrams (phraseNarrowing): a test of their own per order.
  const phrases = [
    'padaria são joão',
    // Whitespace runs, which search_normalize (and searchNormalize, which writes the term for the statements) makes one.
    'padaria  são\tjoão',
    'PADARIA SAO JOAO - recife',
    'ria são jo',
    'padaria-sao-joao',
    'farmacia aurora - cuiaba',
    'razão 05 ltda',
    'souza panificadora 1',
    'farmacia sao joao',
    'padaria ŕecife',
    // Word pairs: words each in many names and never side by side, a short word inside the phrase and at its edges.
    'bela ltda',
    'quitanda ltda',
    'pão e cia',
    'ria e con',
    'o e ci',
    'a e confeitaria',
    'silva & souza',
    'ão joão - re',
    // A phrase at the start of names, split there (splitAtTerm) in the name orders.
    'auto peças',
    'AUTO PEÇAS',
    'auto peças s',
    'auto-peças',
    'auto pecas',
    'auto-pecas',
    'superauto peças',
    'uto peças',
    'pluto peças',
    'peças sul',
  ];
  const matchingNothing = new Set(['nada disso', 'farmacia sao joao', 'bela ltda', 'quitanda ltda']);

  // Every term through every plan: a few thousand lists, longer than a test's default time on a busy machine.
  it.each(COMPANY_SORTS.map((sort) => [sort]))(
    'in every page, filtered or not (%s)',
    (sort: CompanySort) => samePages(terms, sort),
    180_000,
  );
  it.each(COMPANY_SORTS.map((sort) => [sort]))(
    'phrases, in every page, filtered or not (%s)',
    (sort: CompanySort) => samePages(phrases, sort),
    180_000,
  );

  async function samePages(terms: string[], sort: CompanySort) {
    for (const search of terms) {
      for (const filter of [{ search }, { search, type: 'filial' as const }] as CompaniesFilter[]) {
        const reference = await everyMatch(filter, sort);
        if (!filter.type && !matchingNothing.has(search)) expect(reference.length, search).toBeGreaterThan(0);
        const skips = new Set([
          0,
          5,
          10,
          reference.length - 5,
          reference.length - 4,
          reference.length,
          reference.length + 5,
        ]);
        for (const skip of [...skips].filter((value) => value >= 0)) {
          const what = `${sort} ${JSON.stringify(filter)} skip=${skip}`;
          const expected = await plans.walking?.list(filter, skip, 5, sort);
          expect(
            expected?.data.map((row) => row.id),
            what,
          ).toEqual(reference.slice(skip, skip + 5));
          for (const [name, plan] of Object.entries(plans)) {
            // The pairs' plans differ from the others for phrases only (a few thousand lists less on a busy machine).
            if (PHRASE_PLANS.has(name) && !/\s/.test(search)) continue;
            expect(await plan.list(filter, skip, 5, sort), `${what} (${name})`).toEqual(expected);
          }
        }
      }
    }
  }
});

describe('a word or a phrase at the start of the names', () => {
  it.each([
    ['Quitanda', 'trading_name'],
    ['Quitanda', '-legal_name'],
    ['Auto Peças', 'trading_name'],
    ['auto peças', '-trading_name'],
    ['Auto Peças', 'legal_name'],
  ] as const)('is split there on this engine, and the split finds the page (%s, %s)', async (search, sort) => {
    const split = vi.spyOn(CompaniesRepository.prototype as unknown as { splitAtTerm: () => unknown }, 'splitAtTerm');
    try {
      const answer = await plans.split?.list({ search }, 0, 5, sort);
      expect(split).toHaveBeenCalledTimes(1);
      // The page and one row past it (searchPage reads one more, to tell whether more follow).
      const rows = (await split.mock.results[0]?.value) as unknown[] | undefined;
      expect(rows).toHaveLength(6);
      expect(rows?.slice(0, 5)).toEqual(answer?.data);
      expect(answer).toEqual(await plans.walking?.list({ search }, 0, 5, sort));
    } finally {
      split.mockRestore();
    }
  });
});

/** Every match's id in `sort` order, by the export's keyset reads (another query shape again). */
async function everyMatch(filter: CompaniesFilter, sort: CompanySort) {
  const ids: string[] = [];
  for await (const batch of new CompaniesRepository(db).exportRows(filter, sort, 7))
    ids.push(...batch.map((row) => row.id));
  return ids;
}

/**
 * `count` companies numbered 1…count: trading name `${trading} ${i}`, legal name `${legal} ${i} ${suffix}`, CNPJ
 * roots from `root` (43 apart), created `days` ago and a second apart (older than the others).
 */
const insertNumbered = (trading: string, [legal, suffix]: [string, string], root: number, count: number, days = 2) =>
  db.execute(sql`
    insert into companies (trading_name, legal_name, tax_id, type, created_at)
    select ${trading} || ' ' || i, ${legal} || ' ' || i || ' ' || ${suffix},
           lpad((${root}::int + i * 43)::text, 8, '0') || '000199', 'matriz',
           now() - ${days}::int * interval '1 day' - i * interval '1 second'
    from generate_series(1, ${count}::int) as i`);

describe.runIf(engine === 'postgres')('the plan of a selective CNPJ prefix (PostgreSQL)', () => {
  let pool: pg.Pool;
  let statements: { text: string; values: unknown[] }[] = [];
  let logged: CompaniesRepository;
  let loggedByGrams: CompaniesRepository;
  beforeAll(async () => {
    // Enough other companies that an index is worth reading, with creation times spread.
    await db.execute(sql`
      insert into companies (trading_name, legal_name, tax_id, type, created_at)
      select 'Outra Loja ' || i, 'Outra ' || i || ' Ltda', lpad((50000000 + i * 37)::text, 8, '0') || '000199', 'matriz',
             now() - i * interval '1 second'
      from generate_series(1, 30000) as i`);
    // A word at the start of 12 000 trading names and nowhere else (splitAtTerm), created before the others.
    await db.execute(sql`
      insert into companies (trading_name, legal_name, tax_id, type, created_at)
      select 'Mercearia ' || i, 'Vila ' || i || ' ME', lpad((70000000 + i * 41)::text, 8, '0') || '000199', 'filial',
             now() - interval '1 day' - i * interval '1 second'
      from generate_series(1, 12000) as i`);
    await db.execute(sql`analyze companies`);
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const logger: Logger = { logQuery: (text, values) => statements.push({ text, values }) };
    logged = new CompaniesRepository(drizzle(pool, { schema, logger }) as unknown as Db);
    loggedByGrams = new CompaniesRepository(drizzle(pool, { schema, logger }) as unknown as Db, { phrases: 'grams' });
  }, 60_000);
  afterAll(() => pool?.end());

  it.each(COMPANY_SORTS.map((sort) => [sort]))(
    'reads companies_tax_id_prefix_idx, not the order (%s)',
    async (sort) => {
      statements = [];
      await logged.list({ search: masked(3) }, 0, 5, sort);
      expect(statements).toHaveLength(1);
      const [statement] = statements as [{ text: string; values: unknown[] }];
      const plan = JSON.stringify((await pool.query(`explain (format json) ${statement.text}`, statement.values)).rows);
      expect(plan).toContain('companies_tax_id_prefix_idx');
      expect(plan).not.toMatch(/companies_(created_at|trading_name_sort|legal_name_sort|cnpj_sort)_idx/);
    },
  );

  it('reads a two-character masked prefix’s newest matches off their own index, however few the newest rows hold', async () => {
    // `50.`: 27 000 of the 42 300 companies, among the newest; `51.`: the oldest 3 000 of the 30 000 'Outra Loja'
    // (each a second older), behind the 27 000 that start `50`.
    const cases = ['50.', '51.'].flatMap((search) =>
      [{}, { is_active: true }, { type: 'matriz' as const }].map((filter) => ({ search, ...filter })),
    );
    for (const filter of cases) {
      statements = [];
      const answer = await logged.list(filter, 0, 5, 'newest');
      expect(statements).toHaveLength(1);
      const [statement] = statements as [{ text: string; values: unknown[] }];
      const explained = `explain (analyze, format json) ${statement.text}`;
      const plan = JSON.stringify((await pool.query(explained, statement.values)).rows);
      // A page's worth of rows, whichever index the planner takes (a prefix of 27 000 may as well walk the newest).
      const removed = [...plan.matchAll(/"Rows Removed by Filter":(\d+)/g)].map(([, rows]) => Number(rows));
      expect(Math.max(0, ...removed), plan).toBeLessThan(50);
      expect(plan).not.toMatch(/"Sort"|companies_tax_id_prefix_idx/);
      if (filter.search === '51.') expect(plan).toContain('companies_cnpj_start_newest_idx');
      const expected = (await db.execute(sql`
        select id from companies where tax_id like ${`${filter.search.slice(0, 2)}%`}
          and (${filter.type ?? null}::text is null or type = ${filter.type ?? null})
          and (${filter.is_active ?? null}::boolean is null or is_active = ${filter.is_active ?? null})
        order by created_at desc, id desc limit 5`)) as unknown as { rows: { id: string }[] };
      expect(answer.data.map((row) => row.id)).toEqual(expected.rows.map((row) => row.id));
      expect(answer.data).toHaveLength(5);
    }
  });

  it('reads first a word the newest rows hold fewer of than its share says, without walking them', async () => {
    // 3 000 of 45 300 companies (6.6 %: a page in ~90 rows by that share), all older than every other one.
    await insertNumbered('Quiosque', ['Banca', 'EPP'], 95_000_000, 3000, 3);
    await db.execute(sql`analyze companies`);
    try {
      const sent: { text: string; values: unknown[] }[] = [];
      const logger: Logger = { logQuery: (text, values) => sent.push({ text, values }) };
      const fresh = new CompaniesRepository(drizzle(pool, { schema, logger }) as unknown as Db);
      await fresh.prepareSearch();
      sent.length = 0;
      const answer = await fresh.list({ search: 'quiosque' }, 0, 5, 'newest');
      expect(answer.data.map((row) => row.trading_name)).toEqual([1, 2, 3, 4, 5].map((i) => `Quiosque ${i}`));
      expect(sent).toHaveLength(1);
      const plan = JSON.stringify((await pool.query(`explain (format json) ${sent[0]?.text}`, sent[0]?.values)).rows);
      expect(plan).toContain('companies_search_trgm_idx');
      expect(plan).not.toContain('companies_created_at_idx');
    } finally {
      await db.execute(sql`delete from companies where trading_name like 'Quiosque %'`);
      await db.execute(sql`analyze companies`);
    }
  });

  it('walks a bounded window of the newest rows for a phrase the sample says is common', async () => {
    statements = [];
    // 30 000 of the 42 300 companies: a page is among the newest few rows, and the trigram index would name all.
    const answer = await logged.list({ search: 'outra loja' }, 0, 5, 'newest');
    expect(answer.data).toHaveLength(5);
    const page = statements[statements.length - 1] as { text: string; values: unknown[] };
    const [
      {
        'QUERY PLAN': [{ Plan: plan }],
      },
    ] = (await pool.query(`explain (format json) ${page.text}`, page.values)).rows;
    expectBoundedWalk(plan, { tested: 'outra loja', rowsBelow: 100, index: 'companies_created_at_idx' });
    expect(JSON.stringify(plan)).not.toContain('companies_search_trgm_idx');
  });

  it('does not walk the newest rows for a phrase the sample says is rare', async () => {
    // The sample drawn before (its newest rows are read off companies_created_at_idx).
    await logged.prepareSearch();
    statements = [];
    // 5 of 42 300: walking would test thousands of rows for a page, reading them first reads 5.
    await logged.list({ search: 'Padaria São João - Recife' }, 0, 5, 'newest');
    const pages = statements.filter(
      (statement) => /search_text/.test(statement.text) && !/tablesample/.test(statement.text),
    );
    expect(pages).not.toHaveLength(0);
    for (const page of pages) {
      const plan = JSON.stringify((await pool.query(`explain (format json) ${page.text}`, page.values)).rows);
      expect(plan).not.toContain('companies_created_at_idx');
    }
  });

  it.each(COMPANY_SORTS.map((sort) => [sort]))(
    'looks a phrase up by its rarest trigrams alone, not the order (%s)',
    async (sort) => {
      statements = [];
      await loggedByGrams.list({ search: 'Padaria São João - Recife' }, 0, 5, sort);
      const page = statements.find((statement) => /offset 0/.test(statement.text));
      expect(page, statements.map((statement) => statement.text).join('\n')).toBeDefined();
      // 30 000 rows are few enough that a sequential scan may cost less: asked for an index, the planner must
      // be able to answer the narrowing through the trigram index with the three trigrams alone.
      const client = await pool.connect();
      await client.query('begin; set local enable_seqscan = off');
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = (await client.query(`explain (format json) ${page?.text}`, page?.values)).rows;
      await client.query('rollback');
      client.release();
      const text = JSON.stringify(plan);
      // The same in the plan made once for any phrase of its shape, by which it ran (its term written here).
      const generic = await genericPlanOf(pool, page);
      expect(generic.ran).toMatchObject({ custom_plans: 0 });
      for (const made of [text, JSON.stringify(generic.plan)]) {
        expect(made).toContain('companies_search_trgm_idx');
        expect(made).not.toMatch(/companies_(created_at|trading_name_sort|legal_name_sort|cnpj_sort)_idx/);
      }
      // The index is asked for three trigrams of three words, not for all of the phrase's.
      const conditions = [...text.matchAll(/"Index Cond":"([^"]*)"/g)].map((match) => match[1]).join(' ');
      expect(conditions).not.toContain('padaria sao joao');
      expect(conditions.match(/~~ '%[0-9a-z]{3}%'/g)).toHaveLength(3);
    },
  );

  it.each(COMPANY_SORTS.map((sort) => [sort]))(
    'looks words that are each common and never side by side up by their word pairs, not the order (%s)',
    async (sort) => {
      // `loja` and `ltda` are each in 30 000 of the 42 300 companies (`Outra Loja 7`, `Outra 7 Ltda`), never
      // together: their trigrams name 30 000 companies, the pair `oja ltd` none.
      statements = [];
      const answer = await logged.list({ search: 'loja ltda' }, 0, 5, sort);
      expect(answer).toEqual({ data: [], count: 0, count_is_exact: true });
      const page = statements.find((statement) => /offset 0/.test(statement.text));
      expect(page, statements.map((statement) => statement.text).join('\n')).toBeDefined();
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = (await pool.query(`explain (format json) ${page?.text}`, page?.values)).rows;
      const text = JSON.stringify(plan);
      const generic = await genericPlanOf(pool, page);
      expect(generic.ran).toMatchObject({ custom_plans: 0 });
      for (const made of [text, JSON.stringify(generic.plan)]) {
        expect(made).toContain('companies_search_pairs_idx');
        expect(made).not.toMatch(/companies_(created_at|trading_name_sort|legal_name_sort|cnpj_sort)_idx/);
      }
      const conditions: string[] = [];
      JSON.stringify(plan, (key, value) => (key === 'Index Cond' ? void conditions.push(value) : value));
      // `loja` may be a name's first word: the pair is asked plain and as a name's first pair (either units bit).
      expect(conditions.join(' ')).toMatch(/search_name_pairs.* && '\{"oja ltd","\^a0:oja ltd","\^a1:oja ltd"\}'/);
      // The trigram index is asked only for the term written without its space (`lojaltda`), by two trigrams
      // that hold none of the words alone.
      expect(conditions.join(' ')).not.toContain('loja ltda');
      expect(conditions.join(' ').match(/~~ '%[0-9a-z]{3}%'/g)).toHaveLength(2);
      for (const word of ['%loj%', '%oja%', '%ltd%', '%tda%']) expect(conditions.join(' ')).not.toContain(word);
    },
  );
});

describe.runIf(engine === 'postgres')('the plan of a common word in the other orders (PostgreSQL)', () => {
  let pool: pg.Pool;
  let statements: { text: string; values: unknown[] }[] = [];
  let logged: CompaniesRepository;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const logger: Logger = { logQuery: (text, values) => statements.push({ text, values }) };
    logged = new CompaniesRepository(drizzle(pool, { schema, logger }) as unknown as Db);
  });
  afterAll(() => pool?.end());

  /** The plan of `statement`, the planner asked for indexes (a few tens of thousands of rows may be read whole). */
  async function planOf(statement: { text: string; values: unknown[] } | undefined) {
    const client = await pool.connect();
    try {
      await client.query('begin; set local enable_seqscan = off');
      const [
        {
          'QUERY PLAN': [{ Plan: plan }],
        },
      ] = (await client.query(`explain (format json) ${statement?.text}`, statement?.values)).rows;
      return plan;
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  /**
   * `search`'s pages in `sort` through `repository` (a page of 5 at each of `skips`, the first 0) are the planner's;
   * the first page is one split statement, the last sent: its plan, the planner asked for indexes.
   */
  async function splitPlan(repository: CompaniesRepository, search: string, sort: CompanySort, skips: number[]) {
    const planner = new CompaniesRepository(db, { readFirst: false });
    let split: { text: string; values: unknown[] } | undefined;
    for (const skip of skips) {
      statements = [];
      const answer = await repository.list({ search }, skip, 5, sort);
      expect(answer, `skip=${skip}`).toEqual(await planner.list({ search }, skip, 5, sort));
      if (skip > 0) continue;
      expect(answer.data).toHaveLength(5);
      split = statements.find((statement) => /with others/.test(statement.text));
      expect(split, statements.map((statement) => statement.text).join('\n')).toBeDefined();
      expect(statements.indexOf(split as (typeof statements)[number])).toBe(statements.length - 1);
    }
    const plan = await planOf(split);
    // It ran by the plan made once for any term of its shape (the term written here), which reads the same indexes.
    const generic = await genericPlanOf(pool, split);
    expect(generic.ran).toMatchObject({ custom_plans: 0 });
    const indexes = (made: unknown) =>
      [...JSON.stringify(made).matchAll(/"Index Name":"([^"]*)"/g)].map((m) => m[1]).sort();
    expect(indexes(generic.plan)).toEqual(indexes(plan));
    return plan;
  }

  it.each([['trading_name'], ['-trading_name']] as const)(
    'splits a word at the start of the names: the range of the order, and the rest’s trigram index (%s)',
    async (sort) => {
      const plan = JSON.stringify(await splitPlan(logged, 'mercearia', sort, [0, 5, 2995, 11995, 12000]));
      expect(plan).toContain('companies_trading_name_sort_idx');
      expect(plan).toContain('companies_search_rest_trgm_idx');
      // Not the trigram index of the whole text, which names all 12 000 matches.
      expect(plan).not.toContain('"companies_search_trgm_idx"');
    },
  );

  it('walks the order’s index, bounded, for a word the sample says is common and spread over it', async () => {
    statements = [];
    // `outra` starts 30 000 legal names and as many trading names: not split; in legal name order the first
    // are past a few hundred others, a window of the index.
    const answer = await logged.list({ search: 'outra' }, 0, 5, 'legal_name');
    expect(answer).toEqual(
      await new CompaniesRepository(db, { readFirst: false }).list({ search: 'outra' }, 0, 5, 'legal_name'),
    );
    const plan = await planOf(statements[statements.length - 1]);
    expectBoundedWalk(plan, { tested: 'outra', rowsBelow: 2_000, index: 'companies_legal_name_sort_idx' });
  });

  describe('a word or a number, whatever search_text’s statistics say', () => {
    /** Calls of the planner's estimate (an EXPLAIN of the search): the plan of a word must not come from it. */
    const estimates = () =>
      vi.spyOn(
        CompaniesRepository.prototype as unknown as { estimatedMatches: () => Promise<number> },
        'estimatedMatches',
      );
    beforeAll(async () => {
      // No statistics of the search text: the planner guesses each LIKE's share (ANALYZE writes them again after).
      await db.execute(sql`delete from pg_statistic where starelid = 'companies'::regclass and staattnum =
        (select attnum from pg_attribute where attrelid = 'companies'::regclass and attname = 'search_text')`);
    });
    afterAll(() => db.execute(sql`analyze companies`));

    it.each([
      ['loja', 'newest', 'companies_created_at_idx', 'loja'],
      ['000199', 'newest', 'companies_created_at_idx', '000199'],
      // Two indexes hold tax_id in order: the order's and the unique constraint's.
      ['loja', 'cnpj', /^companies_(cnpj_sort_idx|tax_id_unique)$/, 'loja'],
      ['0001', '-cnpj', /^companies_(cnpj_sort_idx|tax_id_unique)$/, '0001'],
    ] as const)(
      'walks the order, bounded, for one the sample says is common (%s, %s)',
      async (search, sort, index, tested) => {
        const { answer, sent } = await plannedBySample(search, sort);
        expect(answer.data).toHaveLength(5);
        expectBoundedWalk(await planOf(sent[sent.length - 1]), { tested, rowsBelow: 2_000, index });
      },
    );

    it.each(COMPANY_SORTS.flatMap((sort) => [['recife', sort] as const, [ROOT, sort] as const]))(
      'reads one the sample says is rare first, through the trigram index (%s, %s)',
      async (search, sort) => {
        const { answer, sent } = await plannedBySample(search, sort);
        expect(answer.data.length).toBeGreaterThan(0);
        const page = sent.find((statement) => /limit \$\d+\) as matches/.test(statement.text));
        expect(page, sent.map((statement) => statement.text).join('\n')).toBeDefined();
        const plan = JSON.stringify(await planOf(page));
        expect(plan).toContain('companies_search_trgm_idx');
        expect(plan).not.toMatch(/companies_(created_at|trading_name_sort|legal_name_sort|cnpj_sort)_idx/);
      },
    );

    // In the newest order the newest rows may hold the page (walkWindow counts them there): not read first at all.
    it.each(COMPANY_SORTS.filter((sort) => sort !== 'newest').map((sort) => [sort]))(
      'reads a number of five digits or more through two of its trigrams, not all of them (%s)',
      async (sort) => {
        const { answer, sent } = await plannedBySample(ROOT, sort);
        expect(answer.data.length).toBeGreaterThan(0);
        const page = sent.find((statement) => /limit \$\d+\) as matches/.test(statement.text));
        const patterns = page?.values.filter((value) => typeof value === 'string' && value.includes('%'));
        // `12345678`: its rarest trigram and the rarest that does not overlap it, each a LIKE of its own.
        expect(patterns).toHaveLength(2);
        for (const pattern of patterns ?? []) expect(pattern).toMatch(/^%\d{3}%$/);
        const [first, second] = (patterns ?? []).map((pattern) => ROOT.indexOf(String(pattern).slice(1, 4)));
        expect(Math.abs((first ?? 0) - (second ?? 0))).toBeGreaterThanOrEqual(3);
        expect(JSON.stringify(await planOf(page))).toContain('companies_search_trgm_idx');
      },
    );

    /** `search`'s first page in `sort`: the planner's page, found without asking the planner's estimate; the statements sent. */
    async function plannedBySample(search: string, sort: CompanySort) {
      const reference = await new CompaniesRepository(db, { readFirst: false }).list({ search }, 0, 5, sort);
      const estimated = estimates();
      try {
        statements = [];
        const answer = await logged.list({ search }, 0, 5, sort);
        expect(answer).toEqual(reference);
        expect(estimated).not.toHaveBeenCalled();
        return { answer, sent: statements };
      } finally {
        estimated.mockRestore();
      }
    }
  });

  describe('a phrase the sample says is rare, at the start of 1 500 trading names', () => {
    let fresh: CompaniesRepository;
    beforeAll(async () => {
      await insertNumbered('Sorveteria Bela Vista', ['Gelados', 'ME'], 90_000_000, 1500, 3);
      // Its first pair elsewhere, after a longer first word: in as many other names (`drogaria sao joao` beside
      // `padaria sao joao`), where the rest holds `sor` in none.
      await insertNumbered('Drogaria Bela Vista', ['Remédios', 'ME'], 91_000_000, 1500, 3);
      // Vacuumed, as a table is between its writes: an index answers alone only for pages known to be all visible.
      await db.execute(sql`vacuum analyze companies`);
      const logger: Logger = { logQuery: (text, values) => statements.push({ text, values }) };
      fresh = new CompaniesRepository(drizzle(pool, { schema, logger }) as unknown as Db);
    }, 60_000);
    afterAll(async () => {
      await db.execute(sql`delete from companies where trading_name ~ '^(Sorveteria|Drogaria) Bela Vista [0-9]+$'`);
      await db.execute(sql`analyze companies`);
    });

    it.each([['trading_name'], ['-trading_name']] as const)(
      'splits it there instead of reading its matches first: the range of the order, and one trigram of the rest (%s)',
      async (sort) => {
        const plan = await splitPlan(fresh, 'sorveteria bela vista', sort, [0, 5, 1495, 1500]);
        const text = JSON.stringify(plan);
        expect(text).toContain('companies_trading_name_sort_idx');
        expect(text).toContain('companies_search_rest_trgm_idx');
        expect(text).not.toContain('companies_search_pairs_idx');
        const conditions: string[] = [];
        JSON.stringify(plan, (key, value) => (key === 'Index Cond' ? void conditions.push(value) : value));
        // The rest by one trigram of the phrase's words, not by the phrase (which would look up all of its own).
        const rest = conditions.filter((condition) => condition.includes('substr(')).join(' ');
        expect(rest.match(/~~ '%[0-9a-z]{3}%'/g)).toHaveLength(1);
        // The whole text's trigram index only for the phrase written without its spaces, by two trigrams.
        const whole = conditions.filter((condition) => condition.includes('search_text ~~')).join(' ');
        expect(whole).not.toContain('sorveteria bela vista');
        expect(whole.match(/~~ '%[0-9a-z]{3}%'/g)).toHaveLength(2);
      },
    );

    it('splits it however few of its rows the sample drew: the order’s index counts the names that start with it', async () => {
      const logger: Logger = { logQuery: (text, values) => statements.push({ text, values }) };
      const repository = new CompaniesRepository(drizzle(pool, { schema, logger }) as unknown as Db);
      const sample = await (
        repository as unknown as { sampledCompanies(): Promise<{ holding(part: string): number[] }> }
      ).sampledCompanies();
      const holding = sample.holding.bind(sample);
      // Two of its rows, as a draw of whole table pages sometimes holds of a phrase whose companies sit together
      // (`padaria sao joao`: one to six of ~15 about one draw in eight at a million rows).
      vi.spyOn(sample, 'holding').mockImplementation((part) =>
        part === 'sorveteria bela vista' ? holding(part).slice(0, 2) : holding(part),
      );
      const plan = JSON.stringify(await splitPlan(repository, 'sorveteria bela vista', 'trading_name', [0, 5, 1500]));
      expect(plan).toContain('companies_trading_name_sort_idx');
      expect(plan).toContain('companies_search_rest_trgm_idx');
    });

    it.each([['cnpj'], ['-cnpj']] as const)(
      'reads it first off the names’ indexes, which carry the CNPJ, and one trigram of the rest (%s)',
      async (sort) => {
        const planner = new CompaniesRepository(db, { readFirst: false });
        for (const skip of [0, 5, 1495, 1500]) {
          statements = [];
          const answer = await fresh.list({ search: 'sorveteria bela vista' }, skip, 5, sort);
          expect(answer, `skip=${skip}`).toEqual(
            await planner.list({ search: 'sorveteria bela vista' }, skip, 5, sort),
          );
        }
        statements = [];
        await fresh.list({ search: 'sorveteria bela vista' }, 0, 5, sort);
        const page = statements.find((statement) => /with others/.test(statement.text));
        expect(page, statements.map((statement) => statement.text).join('\n')).toBeDefined();
        // The term is written by the repository (searchNormalize): the statement ran by its generic plan, made once.
        const generic = await genericPlanOf(pool, page);
        expect(generic.ran).toMatchObject({ custom_plans: 0 });
        expect(generic.ran?.generic_plans).toBeGreaterThan(0);
        const plan = await planOf(page);
        // The trading names that start with it: their range, from its index alone (no table page); the legal names'
        // from theirs. The same in the plan made for any phrase.
        for (const made of [plan, generic.plan]) {
          const scans: PlanNode[] = [];
          JSON.stringify(made, (_, value) => (value?.['Index Name'] ? void scans.push(value) : value));
          const only = scans
            .filter((scan) => scan['Node Type'] === 'Index Only Scan')
            .map((scan) => scan['Index Name']);
          expect(only).toEqual(['companies_trading_name_sort_idx']);
          expect(scans.map((scan) => scan['Index Name'])).toContain('companies_legal_name_sort_idx');
        }
        const conditions: string[] = [];
        JSON.stringify(plan, (key, value) => (key === 'Index Cond' ? void conditions.push(value) : value));
        expect(
          conditions
            .filter((condition) => condition.includes('substr('))
            .join(' ')
            .match(/~~ '%[0-9a-z]{3}%'/g),
        ).toHaveLength(1);
        // The whole text's trigrams only for the phrase without its spaces (two), none of its words' own.
        const whole = conditions.filter((condition) => condition.includes('search_text ~~')).join(' ');
        expect(whole.match(/~~ '%[0-9a-z]{3}%'/g)).toHaveLength(2);
        expect(whole).not.toMatch(/'%(sor|bel|vis)%'/);
      },
    );
  });

  describe('a phrase at the start of 12 000 trading names', () => {
    let fresh: CompaniesRepository;
    beforeAll(async () => {
      // Every one's legal name holds the phrase's words, not the phrase: the rest's trigrams would name all.
      await insertNumbered('Auto Peças', ['Comércio de Peças Automotivas', 'Ltda'], 80_000_000, 12_000);
      await db.execute(sql`analyze companies`);
      // A sample drawn after them.
      const logger: Logger = { logQuery: (text, values) => statements.push({ text, values }) };
      fresh = new CompaniesRepository(drizzle(pool, { schema, logger }) as unknown as Db);
    }, 60_000);

    it.each([['trading_name'], ['-trading_name']] as const)(
      'splits it there: the range of the order, and its word pairs elsewhere (%s)',
      async (sort) => {
        const plan = await splitPlan(fresh, 'auto pecas', sort, [0, 5, 2995, 11995, 12010]);
        const text = JSON.stringify(plan);
        expect(text).toContain('companies_trading_name_sort_idx');
        expect(text).toContain('companies_search_pairs_idx');
        expect(text).not.toContain('companies_search_rest_trgm_idx');
        // The whole text's trigram index only for the phrase written without its space (`autopecas`, which the
        // search finds too), by two trigrams.
        const conditions: string[] = [];
        JSON.stringify(plan, (key, value) => (key === 'Index Cond' ? void conditions.push(value) : value));
        const trigrams = conditions.filter((condition) => condition.includes('~~')).join(' ');
        expect(trigrams).not.toContain('auto pecas');
        expect(trigrams.match(/~~ '%[0-9a-z]{3}%'/g)).toHaveLength(2);
        // The first pair elsewhere: plain, or a name's first pair whose first word does not end at 4 (0100: a bit
        // differs), or the legal name starting with the phrase.
        expect(conditions.join(' ')).toMatch(
          /&& '\{"uto pec","\^a1:uto pec","\^b1:uto pec","\^c0:uto pec","\^d1:uto pec"\}'/,
        );
        expect(text).toContain('companies_legal_name_sort_idx');
      },
    );
  });
});

describe('the search sample drawn ahead', () => {
  /** Counts the repository's draws of its sample (the one TABLESAMPLE query). */
  const countDraws = () =>
    vi.spyOn(CompaniesRepository.prototype as unknown as { drawSample: () => Promise<unknown> }, 'drawSample');

  it('is drawn by prepareSearch (the server’s start), so the first phrase searched does not wait for it', async () => {
    const draws = countDraws();
    try {
      const prepared = new CompaniesRepository(db);
      await prepared.prepareSearch();
      expect(draws).toHaveBeenCalledTimes(1);
      const page = await prepared.list({ search: 'padaria sao joao' }, 0, 5, 'newest');
      expect(page.data.length).toBeGreaterThan(0);
      expect(draws).toHaveBeenCalledTimes(1);
      // Not prepared: the first phrase searched draws it.
      await new CompaniesRepository(db).list({ search: 'padaria sao joao' }, 0, 5, 'newest');
      expect(draws).toHaveBeenCalledTimes(2);
    } finally {
      draws.mockRestore();
    }
  });
});
