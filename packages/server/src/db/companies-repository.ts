import type { CompaniesFilter, CompanyCreate, CompanySort, CompanyType, CompanyUpdate } from '@backoffice/contracts';
import { DEFAULT_COMPANY_SORT, normalizeCnpj } from '@backoffice/contracts';
import {
  and,
  eq,
  getTableColumns,
  gt,
  inArray,
  like,
  lt,
  ne,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { CNPJ_ORDERS, KEY_LINE, NAME_KEYS, orderOf, otherNameKey, SORTS } from './companies-orders.js';
import { bothSorted, eitherSorted, Sample, type SampledRow } from './companies-sample.js';
import { duplicateAs } from './errors.js';
import { customPlansOf, type GenericPlans, genericPlansOf, runsOnPglite } from './generic-plans.js';
import { type WithIsoTimestamps, withIsoTimestamps } from './iso-timestamps.js';
import {
  CNPJ_START_LENGTH,
  type CompanyRow,
  cnpjStart,
  companies,
  companyCounts,
  namePairs,
  restSearchText,
} from './schema.js';
import { mirroredNormalizeCheck } from './search-normalize.js';

export class TaxIdTakenError extends Error {}
const taxIdTaken = () => new TaxIdTakenError();

/** A deleted company as its history holds it, to insert again with its id and creation time. */
export interface RestoredCompany extends CompanyCreate {
  id: string;
  /** As its history wrote it (ISO text): stored as text, so the microseconds stay. */
  created_at: string;
}

/**
 * A page past the end of a search's matches counts them up to here (`count_is_exact: false`
 * beyond), so the screen can go back to the last page.
 */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * A company as the repository returns it: every column but the search text and sort keys, which only
 * the database reads, with its timestamps as the API writes them (iso-timestamps.ts).
 */
export type CompanyListRow = WithIsoTimestamps<Omit<CompanyRow, 'search_text' | 'trading_name_key' | 'legal_name_key'>>;

export interface CompanyList {
  data: CompanyListRow[];
  count: number;
  count_is_exact: boolean;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');
const containing = (value: string) => `%${escapeLike(value)}%`;

/** `12.3`, `12.345.678/0001-9`: the beginning of a CNPJ written with its mask (at least one mask character). */
const MASKED_CNPJ_PREFIX =
  /^[0-9a-z]{2}\.(?:[0-9a-z]{0,3}|[0-9a-z]{3}\.(?:[0-9a-z]{0,3}|[0-9a-z]{3}\/(?:[0-9a-z]{0,4}|[0-9a-z]{4}-[0-9a-z]{0,2})))$/i;

/** The CNPJ prefix (normalised) that a search term shaped like a masked one stands for, if it is one. */
const cnpjPrefixOf = (search: string) => (MASKED_CNPJ_PREFIX.test(search) ? normalizeCnpj(search) : undefined);

/**
 * Whether `search` is a number of at least `digits` digits (searched as text: anywhere in the names and CNPJ)
 * whose trigrams are selective: not `000`, which is in nearly every CNPJ (a branch is `000N`), so its
 * trigram scan would read an entry for nearly every company.
 */
const isNumberOf = (digits: number, search: string) =>
  search.length >= digits && /^[0-9]+$/.test(search) && !search.includes('000');

/**
 * Case- and accent-insensitive match over both names, plus the CNPJ typed with or without its
 * mask. Both sides go through the database's search_normalize, so they cannot disagree. A term
 * shaped like the start of a masked CNPJ is the start of one: a prefix of tax_id, which a b-tree
 * answers at once (a trigram scan of "000…" reads a good part of the table).
 */
function searchCondition(search: string): SQL | undefined {
  const prefix = cnpjPrefixOf(search);
  if (prefix !== undefined) return sql`${companies.tax_id} like ${`${escapeLike(prefix)}%`}`;
  const matches: SQL[] = [sql`${companies.search_text} like search_normalize(${containing(search)})`];
  const cnpj = unmaskedOf(search);
  if (cnpj !== undefined) matches.push(sql`${companies.search_text} like ${containing(cnpj)}`);
  return or(...matches);
}

/**
 * The filter (filterCondition) for rows already found some other way: the same test, but a term that is no CNPJ
 * prefix is looked for with strpos, not LIKE. A LIKE with the term between wildcards (its own wildcards escaped) finds
 * exactly the texts that hold the term, and search_normalize of `%term%` is `%` + search_normalize(term) + `%`; but
 * the planner estimates each LIKE by matching it against the search text's statistics (~0.3 ms of planning each
 * at a million rows with the 1 000 that migration 0004 kept, ~0.1 ms with 100), and it cannot use an index for
 * these rows anyway.
 */
function filterTest(filter: CompaniesFilter & { search: string }, sample: Sample): SQL {
  const { search } = filter;
  const unmasked = unmaskedOf(search);
  return and(
    statusFilter(companies, filter.type, filter.is_active),
    cnpjPrefixOf(search) !== undefined
      ? searchCondition(search)
      : or(
          sql`strpos(${companies.search_text}, ${sample.normalised(search)}) > 0`,
          unmasked === undefined ? undefined : sql`strpos(${companies.search_text}, ${unmasked}) > 0`,
        ),
  ) as SQL;
}

/**
 * The term without its mask characters, when that is other text of letters and digits (a CNPJ typed with
 * dots, dashes or spaces): searchCondition also looks for it as it is stored.
 */
function unmaskedOf(search: string): string | undefined {
  const cnpj = normalizeCnpj(search).toLowerCase();
  return /^[0-9a-z]+$/.test(cnpj) && cnpj !== search.toLowerCase() ? cnpj : undefined;
}

/**
 * The term as search_normalize writes it, near enough to count it in the sample (the database's own
 * normalisation decides what matches; this only estimates how many). For any term, where searchNormalize
 * (search-normalize.ts), exact for the characters it mirrors, writes the term for the statements.
 */
const sampleNormalize = (term: string) =>
  term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

/** How many trigrams of a phrase's unmasked text (`comercioltda`) narrow it beside its word pairs (pairsNarrowing). */
export const UNMASKED_GRAMS = 2;

/** Three letters or digits of a phrase's words, each a trigram the search index holds (phraseNarrowing). */
export const PHRASE_GRAMS = 3;

/** Every run of three characters of a word, in order (a word of letters and digits: a trigram pg_trgm holds). */
function trigramsOf(word: string): string[] {
  const grams: string[] = [];
  for (let i = 0; i + 3 <= word.length; i++) grams.push(word.slice(i, i + 3));
  return grams;
}

/**
 * The candidate trigrams of a search of several words, one list per word (each word's runs of three
 * letters or digits, as the search text writes them: lower case, without accents). Undefined for a search
 * of fewer than two such words, or that is a CNPJ prefix (searchCondition reads those otherwise).
 */
function phraseGramsOf(search: string): string[][] | undefined {
  if (cnpjPrefixOf(search) !== undefined) return undefined;
  const words = sampleNormalize(search).match(/[0-9a-z]+/g);
  if (!words || words.length < 2) return undefined;
  const unmasked = unmaskedOf(search);
  // A row found by the unmasked text must hold the trigram too.
  const grams = words.map((word) =>
    trigramsOf(word).filter((gram) => unmasked === undefined || unmasked.includes(gram)),
  );
  return grams.filter((found) => found.length > 0).length >= 2 ? grams : undefined;
}

/** A bare number of at least this many digits read first is narrowed by two of its trigrams (numberNarrowing). */
export const NUMBER_NARROWED_DIGITS = 5;

/**
 * How a bare number read first is narrowed: by two of its trigrams, the rarest in the sample and the rarest that does
 * not overlap it where there is one, instead of all of them. A number's trigrams are three digits each, and each is in
 * ~1.2 % of the CNPJs (12 of them in 14 digits), so the trigram index reads every one of its posting lists — five of
 * ~12 000 companies each for `3087338` — where two name ~150 companies, each then tested with the whole term
 * (filterTest). One client, 200 runs (docs/performance.md, 2026-11-30 17:04 UTC section): 6–8 digits 0.92–1.17 →
 * 0.42–0.72 ms a statement on PostgreSQL, 1.18–1.45 → 0.72–0.80 on PGlite. Undefined for anything but a number of
 * NUMBER_NARROWED_DIGITS digits or more (four digits have two trigrams: nothing to leave out).
 */
function numberNarrowing(search: string, sample: Sample): SQL | undefined {
  if (!/^[0-9]+$/.test(search) || search.length < NUMBER_NARROWED_DIGITS) return undefined;
  const grams = trigramsOf(search)
    .map((gram, at) => ({ gram, at, rows: sample.holding(gram).length }))
    .sort((a, b) => a.rows - b.rows);
  const [rarest] = grams;
  if (!rarest) return undefined;
  const other = grams.find(({ at }) => Math.abs(at - rarest.at) >= 3) ?? grams.find(({ gram }) => gram !== rarest.gram);
  return and(
    ...[rarest, other].map(
      (found) => found && sample.ifHolds(search, found.gram, sql`${companies.search_text} like ${`%${found.gram}%`}`),
    ),
  );
}

/** Where two words of a company's names meet (companies_search_pairs_idx's expression, schema.ts). */
const NAME_PAIRS = namePairs(companies);

/**
 * The word pairs (search_pairs) that every company whose names hold the phrase holds too: for two neighbouring runs
 * of letters and digits of the term, the last three characters of the first, what stands between them, and the
 * first three of the next. A run at the term's edge may go on in a name (`ria são jo` is in `padaria são joão`), so
 * it gives its pair only with three characters of its own; a shorter one inside the term is whole, and its `guard`
 * (the text the term must hold for the pair to follow) takes in the character that bounds it. Each pair is written
 * as the database's own normalisation of the term is checked to hold its guard (phraseNarrowing), so a term this
 * normalisation reads otherwise loses a pair, never a match.
 */
function phrasePairsOf(search: string): PhrasePair[] {
  if (cnpjPrefixOf(search) !== undefined) return [];
  const runs = sampleNormalize(search).match(/[a-z0-9]+|[^a-z0-9]+/g) ?? [];
  const pairs: PhrasePair[] = [];
  const isWord = (run: string | undefined) => run !== undefined && /^[a-z0-9]/.test(run);
  for (let k = 0; k + 2 < runs.length; k++) {
    const [first, between, next] = [runs[k], runs[k + 1], runs[k + 2]] as [string, string, string];
    if (!isWord(first)) continue;
    // A short run is whole only where the term bounds it (the run before it, or after it, is no word).
    if (first.length < 3 && k === 0) continue;
    if (next.length < 3 && k + 3 >= runs.length) continue;
    const pair = `${first.slice(-3)}${between}${next.slice(0, 3)}`;
    const before = first.length < 3 ? (runs[k - 1] ?? '').slice(-1) : '';
    const after = next.length < 3 ? (runs[k + 3] ?? '').slice(0, 1) : '';
    // No word before it in the phrase: in a name, its first word may be the name's first (a tagged pair).
    const leading = k === 0 || (k === 1 && !isWord(runs[0]));
    pairs.push({ pair, guard: `${before}${pair}${after}`, leading });
  }
  return pairs;
}

/** A word pair of a phrase (phrasePairsOf). */
interface PhrasePair {
  pair: string;
  /** The text the term must hold (as the database normalises it) for every match to hold the pair. */
  guard: string;
  /** No word comes before the pair's first in the phrase, so a name may hold it as its first pair. */
  leading: boolean;
}

/**
 * Where a name's first word ends is written in four bits (migration 0015, search_name_pairs): up to 15, which also
 * stands for every longer end.
 */
const FIRST_WORD_END_MAX = 15;

/** The bits of a name's first pair as companies_search_pairs_idx holds them: `^a` the units … `^d` the eights. */
const END_BITS = ['a', 'b', 'c', 'd'] as const;

/** The companies whose names hold any of these pairs (plain or tagged), through companies_search_pairs_idx. */
function holdingAnyPair(pairs: string[]): SQL {
  if (pairs.length === 1) return sql`${NAME_PAIRS} @> array[${pairs[0]}]::text[]`;
  return sql`${NAME_PAIRS} && array[${sql.join(
    pairs.map((pair) => sql`${pair}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * The companies whose names hold a phrase's pair wherever it stands: plain, or, if it may be a name's first
 * (`leading`), as that name's first pair (its units bit is 0 or 1).
 */
const holdingPair = ({ pair, leading }: PhrasePair) =>
  holdingAnyPair(leading ? [pair, `^a0:${pair}`, `^a1:${pair}`] : [pair]);

/** holdingPair, when the database's normalisation of the search holds the pair's guard (otherwise true). */
const guardedPair = (search: string, sample: Sample, pair: PhrasePair) =>
  sample.ifHolds(search, pair.guard, holdingPair(pair));

/**
 * One way of narrowing every phrase (the repository's `phrases` plan, for tests): by its word pairs, by its rarest
 * trigrams (its others in a split by the rest's), or by the starts of the names and the rest (startsOrRest).
 */
export type PhrasePlan = 'pairs' | 'grams' | 'starts';

/**
 * A phrase splitAtTerm can split: words and what stands between them, single spaces (as search_normalize writes
 * them), without LIKE's wildcards or its escape, its last character with a successor.
 */
const SPLITTABLE_PHRASE = /^(?:[^\s%_\\]+ )*[^\s%_\\]*[^\s%_\\\uD7FF\u{10FFFF}]$/u;

/**
 * What splitAtTerm needs of a phrase: it starts with a word of three characters or more (shorter than
 * FIRST_WORD_END_MAX, or where it ends could not be told), and has word pairs.
 */
interface PhraseSplit {
  /** The phrase's first word (as sampleNormalize writes it). */
  word: string;
  /** The first word, what follows it and three characters of the next: the start of the first pair's text. */
  start: string;
  pairs: PhrasePair[];
}

/**
 * How splitAtTerm would split `search` at the start of a name order's names: as a word (SPLITTABLE, without a mask:
 * the word as search_normalize writes it), as a phrase (phraseSplitOf), or not at all. One rule for orderPlan, which
 * decides, and splitAtTerm, which reads.
 */
function splitOf(search: string): 'word' | PhraseSplit | undefined {
  if (SPLITTABLE.test(search) && unmaskedOf(search) === undefined) return 'word';
  return phraseSplitOf(search);
}

function phraseSplitOf(search: string): PhraseSplit | undefined {
  if (!SPLITTABLE_PHRASE.test(search)) return undefined;
  const [word = '', between = '', next = ''] = sampleNormalize(search).match(/[a-z0-9]+|[^a-z0-9]+/g) ?? [];
  const pairs = phrasePairsOf(search);
  // The first pair is the first word's (phrasePairsOf gives it only when that word has three characters).
  if (!/^[a-z0-9]/.test(word) || word.length >= FIRST_WORD_END_MAX || !pairs[0]?.leading) return undefined;
  return { word, start: `${word}${between}${next.slice(0, 3)}`, pairs };
}

/**
 * The type and status filters (undefined: not filtered), as values or as a prepared statement's
 * placeholders, over the companies or their counters.
 */
function statusFilter(
  table: typeof companies | typeof companyCounts,
  type: CompanyType | Placeholder | undefined,
  isActive: boolean | Placeholder | undefined,
): SQL | undefined {
  return and(
    type === undefined ? undefined : eq(table.type, type),
    isActive === undefined ? undefined : eq(table.is_active, isActive),
  );
}

/** The filter (as its schema normalised it) as SQL: the list and the export narrow the same way. */
function filterCondition(filter: CompaniesFilter): SQL | undefined {
  return and(
    statusFilter(companies, filter.type, filter.is_active),
    filter.search ? searchCondition(filter.search) : undefined,
  );
}

const {
  search_text: _searchOnly,
  trading_name_key: _tradingOrder,
  legal_name_key: _legalOrder,
  ...READ_COLUMNS
} = getTableColumns(companies);

/** What every read of a company selects (CompanyListRow). */
const COLUMNS = withIsoTimestamps(READ_COLUMNS);

/** COLUMNS as a select list, for statements written in SQL. */
const columnList = sql.join(
  Object.entries(COLUMNS).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
  sql`, `,
);

/**
 * A search splitAtTerm can split: one word, without LIKE's wildcards or its escape, whose last character has a
 * successor (its range ends there).
 */
const SPLITTABLE = /^[^\s%_\\]*[^\s%_\\\uD7FF\u{10FFFF}]$/u;

/**
 * The search text without the first character of each name (companies_search_rest_trgm_idx's expression,
 * schema.ts). A text occurs in a company's search text at the start of its trading name key, at the start of its
 * legal name key, or in this.
 */
const REST_TEXT = restSearchText(companies);

const sameCnpjRoot = (root: string, exceptId: string, type: CompanyType) =>
  and(like(companies.tax_id, `${escapeLike(root)}%`), ne(companies.id, exceptId), eq(companies.type, type));

/** Rows `skip` to `skip + take` of `where` in `sort` order, as the planner chooses to find them. */
const pageOf = (db: Db, where: SQL | undefined, sort: CompanySort, skip: number, take: number) =>
  db
    .select(COLUMNS)
    .from(companies)
    .where(where)
    .orderBy(...orderOf(sort))
    .offset(skip)
    .limit(take);

/**
 * A name-ordered search sorts its matches when the planner expects at most this many, and walks the
 * name index otherwise (searchInNameOrder).
 */
export const MAX_MATCHES_SORTED = 100_000;

/**
 * A masked CNPJ prefix of at least this many characters is read through companies_tax_id_prefix_idx
 * first (matchesFirst), whatever the planner expects. A prefix of n characters matches about 10^-n of
 * the companies, which the product knows and the planner cannot: tax_id's statistics are a histogram
 * of 100 buckets, 1 % each, so a 2-character prefix (~1 %) is about what the planner thinks, while a
 * 3-character one (~0.1 %) is guessed at 0.01 % or at 1 % depending on whether a bucket bound of the
 * last ANALYZE's sample happens to start with it; at 1 % it walks the order's index and filters
 * thousands of rows per match (issue 30). Two characters (CNPJ_START_LENGTH) are read off their own index in the
 * newest order (newestOfCnpjStart) and left to the estimate below in the others.
 */
export const CNPJ_PREFIX_READ_FIRST = 3;

/**
 * Before the product's sample is drawn (searchRows), a bare number of at least this many digits is read through
 * the trigram index first when the planner expects at most MAX_ESTIMATE_READ_FIRST matches, in every order. It is
 * searched anywhere in the names and the CNPJ, so n random digits match about (15 - n) × 10^-n of the companies
 * (4 digits: ~0.1 %, where walking the newest rows tests ~20 000 of them for a page at a million rows), and each
 * of its trigrams is three digits: the trigram scan is cheap, unlike a phrase's. Not every number is rare — a
 * branch is `000N`, so `3000` is in every CNPJ whose root ends in 3 (10 %) — which the search_text statistics do
 * tell at that level. (Three digits match ~1.2 %, where the walk is the cheaper plan.) Once there is a sample,
 * it tells how common any number is, as it tells a word's.
 */
export const DIGITS_READ_FIRST = 4;

/**
 * A search that the product's sample (or, before there is one, the planner) expects to match at most this many
 * companies reads its matches first, in every order (matchesFirst): a word or a number through its trigrams, a
 * phrase (several words) through its rarest trigrams or its word pairs (phraseNarrowing). In a name order it sorted
 * them before (searchInNameOrder, up to MAX_MATCHES_SORTED), in a transaction that ruled the index walk out; read
 * first, the same plan is one statement.
 */
export const MAX_ESTIMATE_READ_FIRST = 5_000;

/**
 * At most this many matches are read first (and sorted); a search with more (the estimate was wrong,
 * or a prefix is that common) falls back to the planner's plan, having read this many rows in vain.
 */
export const MAX_MATCHES_READ_FIRST = 20_000;

/** From this `skip` on, a page without a search reads its ids off the order's index first (list). */
export const DEEP_PAGE_SKIP = 50;

/** Rows per query of an export: small enough to stream, large enough that 1 M rows are 1 000 queries. */
export const EXPORT_BATCH_SIZE = 1_000;

type PreparedPage = PgPreparedQuery<PreparedQueryConfig & { execute: (CompanyListRow & { total: number })[] }>;

/** What a page statement without a search depends on (CompaniesRepository.pageStatement). */
interface PageShape {
  sort: CompanySort;
  byType: boolean;
  byStatus: boolean;
  deep: boolean;
}

/** How long the product's sample of companies (sampledCompanies) is kept before it is drawn again. */
export const SAMPLE_TTL_MS = 10 * 60_000;

/**
 * About how many companies the product samples (sampledCompanies) to tell how common a phrase and its
 * trigrams are: at a million, one sampled row stands for 100 companies, so a phrase of 0.1 % (1 000
 * companies) is seen ~10 times, where ANALYZE's histogram of search_text (1 000 rows) sees it once, or not
 * at all one sample in three — which chose the plan before.
 */
export const SAMPLE_ROWS = 10_000;

/**
 * A search walks the newest rows (walkNewest) when the sample says the walk costs less than reading its matches
 * first: walking a page of k rows at a share s tests about k / s rows, consecutive in the table, and reading first
 * reads each row its index names (s × the table's rows for a word; more for a phrase's narrowing), scattered. One
 * row read first costs about WALKED_ROWS_PER_READ rows walked: at a million companies, all in memory, a walk tested
 * 0.19–0.25 µs a row (`3087`: 134 000 rows in 25 ms; `padaria sao joao`: 4 000 in 1.0 ms) and reading first cost
 * 1.8–1.9 µs a match (`3087`'s 446 in 0.8 ms, `padaria sao joao`'s 1 471 in 2.7 ms; pgbench, one client, 2026-11-29).
 * So a first page walks from s ≈ 0.09 % (870 matches) at a million companies, from s ≈ 0.27 % at 100 000: the same
 * term can be the one or the other by the table's size. (Comparing table pages instead, as before, walked `3087`:
 * 2.5 ms where reading first took 0.8.) The window walked is WALK_MARGIN times what the sampled share needs: the
 * sample's error, bounded (a term rarer than the sample said costs that window, then is read first).
 */
export const WALKED_ROWS_PER_READ = 8;
export const WALK_MARGIN = 4;

/**
 * WALKED_ROWS_PER_READ on PGlite, where the gap is narrower: a row walked costs 0.55–0.65 µs, a row read first
 * 1.7–2.2 µs (one client, a million companies: `padaria parana`'s newest 10 206 rows walked in 6.5 ms a list, its
 * matches read first in 4.4; `padaria sao joao`'s 3 520 walked in 3.0, read first in 3.9; 2026-11-30 14:15–14:45 UTC
 * section of docs/performance.md).
 */
export const WALKED_ROWS_PER_READ_PGLITE = 3;

/**
 * How many of the newest companies the sample holds in full, in the newest order (Sample.newest): where the first
 * pages of a search in that order are, counted rather than guessed from its share of the whole table. A term's
 * matches sit together wherever they were created together (`padaria parana`: 1 541 companies, 0.15 %, so a page
 * in ~3 900 rows by its share, but the 6th newest is the 10 206th newest company; `30.`: 1 %, the 6th newest is the
 * 8 121st), and a sample of whole table pages cannot see it at that scale: one sampled row stands for 100.
 * ~2–3 MB of texts, read once per sample (SAMPLE_TTL_MS) off companies_created_at_idx.
 */
export const NEWEST_ROWS_SAMPLED = 20_000;

/**
 * The window of a walk whose reach the newest rows counted (walkWindow): companies created since the sample
 * was drawn stand before the counted ones (the walk stops at its page; a window that falls short is read first).
 */
export const COUNTED_WALK_MARGIN = 2;

/**
 * A search in an order other than newest walks that order's index (walkOrder) when the rows before the sample's
 * first matches (at least ORDER_WALK_LEAST sampled rows, × rows / size) are fewer than the matches it would
 * otherwise read and sort; the window is ORDER_WALK_MARGIN times those rows, at most MAX_ORDER_WALK. The sample
 * is drawn by table pages, and a matriz and its branches share their names and sit in the same pages, so a
 * count of a few sampled rows says little, and the least sampled match stands after the least match: a window of
 * twice the count fell short, and a window compared with the matches' count instead of the count itself was
 * refused, after one server start in two or three at a million rows (`sort=legal_name&search=padaria`, then
 * 1.4 s). A larger window costs nothing when the page is found early (the walk stops there); only a walk that
 * falls short reads all of it.
 */
export const ORDER_WALK_MARGIN = 4;
export const ORDER_WALK_LEAST = 10;

/**
 * The longest walk of a name or CNPJ order (walkOrder): its rows are scattered over the table, a page each, so a
 * walk that falls short costs about what sorting this many matches would. (The planner keeps to the index for
 * such a window: the page's LIMIT says it stops early; checked at a million rows up to 160 000.)
 */
export const MAX_ORDER_WALK = 100_000;

/**
 * A term the sample says is rare enough to read first (MAX_ESTIMATE_READ_FIRST) is split at the start of a name
 * order's names instead (splitAtTerm) when at least SPLIT_LEAST_MATCHES of the order's names start with it and the
 * split reads at most 1 / SPLIT_MARGIN of that many rows: `padaria sao joao` (1 471 of a million, all at the start
 * of a trading name) read first decodes three trigrams' posting lists of 30 000–70 000 companies and reads its 1 471
 * rows, 5.8 ms a statement; split, 6 entries of the order's index and a trigram found in 28 rests, 1.0 ms
 * (2026-11-30 section of docs/performance.md). A term of a few hundred matches is read first in about the time a
 * split is planned.
 *
 * How many names start with it is the order's index's to say (OrderPlan.countStarts), not the sample's: a matriz
 * and its branches share their names and sit in the same table pages, which the sample draws whole, so the sampled
 * rows of a phrase of 1 471 companies (`padaria sao joao`, ~15 on average) were one to six about one draw in eight,
 * and it was read first at 3–4× the split's cost for that server's life (2026-11-30 21:00 UTC section).
 */
export const SPLIT_LEAST_MATCHES = 500;
export const SPLIT_MARGIN = 2;

/**
 * How a search in a name or CNPJ order finds its page (orderPlan): split at the start of the order's names, a walk
 * of the order's index through `window` rows, or — `countStarts` — split if at least that many of the order's names
 * start with the term (an index-only count of at most that many entries, once per sample), read first otherwise.
 */
type OrderPlan = { split?: boolean; window?: number; countStarts?: number };

/**
 * What one company named by a trigram's posting list costs a search, against one company read from the table
 * (phraseNarrowing): `padaria sao joao`'s three trigrams, 148 000 entries in all, took 1.45 ms more than reading its
 * 1 471 rows by the names' ranges, which took ~1.3 ms (2026-11-30 section of docs/performance.md): ~1 : 90.
 */
export const POSTINGS_PER_ROW = 100;

/**
 * The sampled rows that `search` matches, in order: a masked CNPJ prefix (of fewer than CNPJ_PREFIX_READ_FIRST
 * characters: `30.`) at the start of the CNPJ only, any other term anywhere in the search text, or its unmasked text
 * (searchCondition).
 */
function holdingSearch(sample: Sample, search: string): number[] {
  const prefix = cnpjPrefixOf(search);
  if (prefix !== undefined) return sample.startingCnpj(prefix);
  const term = sampleNormalize(search);
  const unmasked = unmaskedOf(search);
  return unmasked === undefined ? sample.holding(term) : eitherSorted(sample.holding(term), sample.holding(unmasked));
}

/**
 * The companies that may hold a phrase's unmasked text (`comercioltda`; searchCondition finds it too, so a
 * narrowing must keep it), by the UNMASKED_GRAMS of its trigrams the sample holds least (those across its words, `iol`
 * and `olt`, are in names written without spaces only): its whole pattern's trigram scan read 47–137 pages where the
 * pairs read 3–18. Also the sampled rows it names. Undefined for a term that has no unmasked text.
 */
function gluedNarrowing(search: string, sample: Sample): { narrowing: SQL; rows: number[] } | undefined {
  const unmasked = unmaskedOf(search);
  if (unmasked === undefined) return undefined;
  const rarest = [...new Set(trigramsOf(unmasked))]
    .map((gram) => ({ gram, rows: sample.holding(gram) }))
    .sort((a, b) => a.rows.length - b.rows.length)
    .slice(0, UNMASKED_GRAMS);
  // Every row whose text holds the unmasked term holds each of its trigrams (a phrase's has six letters or more).
  const narrowing =
    and(...rarest.map(({ gram }) => sql`${companies.search_text} like ${`%${gram}%`}`)) ??
    sql`${companies.search_text} like ${containing(unmasked)}`;
  return { narrowing, rows: rarest.map(({ rows }) => rows).reduce(bothSorted, sample.holding(unmasked.slice(0, 3))) };
}

/** The texts in `column` that start with `text`: from it, up to it with its last character's successor. */
const startingWith = (column: SQLWrapper, text: SQL) =>
  sql`(${column} >= ${text} and ${column} < (left(${text}, -1) || chr(ascii(right(${text}, 1)) + 1)))`;

/**
 * The companies of `filter` whose name in `sort` (a name order) starts with its search: one range of that order's index
 * (splitAtTerm reads its page there, orderPlan counts it).
 */
function startingInOrder(filter: CompaniesFilter & { search: string }, sort: CompanySort, sample: Sample): SQL {
  const key = NAME_KEYS[KEY_LINE[sort] ?? 0];
  return and(
    startingWith(key, sample.normalised(filter.search)),
    statusFilter(companies, filter.type, filter.is_active),
  ) as SQL;
}

/**
 * The companies that may hold a phrase (phraseSplitOf) elsewhere than at the start of the name that `line` (0 the
 * trading name, 1 the legal name) holds, and about how many sampled rows they are (splitAtTerm reads them apart from
 * the order's range): by its word pairs (pairsElsewhere) or by the rest's rarest trigram (restElsewhere), whichever
 * the sample says names fewer. `auto pecas` is in every legal name `comercio de pecas automotivas` by its trigrams,
 * and its first pair is after another word in a handful of names; `padaria sao joao`'s first pair is in every
 * `drogaria sao joao` (~4 500 of a million), and `pad` is in 28 rests. A `plan` (tests) takes the pairs (`pairs`) or
 * the rest (the others).
 */
function phraseElsewhere(
  search: string,
  phrase: PhraseSplit,
  line: 0 | 1,
  sample: Sample,
  plan?: PhrasePlan,
): { narrowing: SQL; rows: number } {
  return sample.known(JSON.stringify(['elsewhere', search, line, plan]), () => {
    const byPairs = plan !== undefined && plan !== 'pairs' ? undefined : pairsElsewhere(search, phrase, line, sample);
    const byRest = plan === 'pairs' ? undefined : restElsewhere(search, line, sample);
    if (!byRest) return byPairs as { narrowing: SQL; rows: number };
    return byPairs && byPairs.rows <= byRest.rows ? byPairs : byRest;
  });
}

/**
 * The companies that may hold a phrase elsewhere than at the start of `line`'s name by its word pairs: its first
 * pair plain (after another word) or as a name's first pair whose first word ends elsewhere than the phrase's (a bit
 * differs: migration 0015), or the other name starting with it (that name's index, a range); and each of its other
 * pairs; or its unmasked text. The first pair only when the database's normalisation of the term starts as
 * phraseSplitOf read it (otherwise every company: splitAtTerm then finds the others too many and falls back). Also
 * about how many sampled rows they are: those holding every pair, but for those whose name starts with the phrase's
 * first word and has the first pair nowhere else; and those its unmasked text's trigrams name.
 */
function pairsElsewhere(search: string, phrase: PhraseSplit, line: 0 | 1, sample: Sample) {
  const [first, ...rest] = phrase.pairs as [PhrasePair, ...PhrasePair[]];
  const end = phrase.word.length;
  const endsElsewhere = END_BITS.map((bit, i) => `^${bit}${1 - ((end >> i) & 1)}:${first.pair}`);
  const other = otherNameKey(line);
  const term = sample.normalised(search);
  const pairs = and(
    sample.ifHolds(
      search,
      phrase.start,
      or(holdingAnyPair([first.pair, ...endsElsewhere]), startingWith(other, term)) as SQL,
      'start',
    ),
    ...rest.map((pair) => guardedPair(search, sample, pair)),
  ) as SQL;
  const sampled = phrase.pairs
    .map(({ guard }) => sample.holding(guard))
    .reduce(bothSorted)
    .filter((row) => {
      const lines = sample.linesOf(row);
      const name = lines[line];
      if (!name.startsWith(phrase.start)) return true;
      lines[line] = name.slice(phrase.word.length);
      return lines.join('\n').includes(first.pair);
    });
  return withGlued(search, sample, pairs, sampled);
}

/**
 * The companies that may hold a phrase elsewhere than at the start of `line`'s name by the rest (REST_TEXT, the
 * search text without each name's first character, which holds every such match but those at the start of the
 * other name): the other name starting with it (a range of its index), or the rest holding the one trigram of its
 * words that the sample's rests hold least, or its unmasked text (startsOrRest).
 */
const restElsewhere = (search: string, line: 0 | 1, sample: Sample) =>
  startsOrRest(search, [line === 0 ? 1 : 0], sample);

/**
 * The companies whose names in `lines` (0 the trading name, 1 the legal name) start with a phrase (their indexes'
 * ranges), or whose rest (REST_TEXT) holds the one trigram of its words that the sample's rests hold least
 * (companies_search_rest_trgm_idx: the phrase's own pattern would look up all of its trigrams, ` sa` and `ao ` among
 * them, 6 ms for `padaria sao joao`), or whose text holds its unmasked text; and about how many sampled rows they
 * are. A match of the phrase is at the start of a name, or in the rest, or the unmasked text: with both names, every
 * match (phraseNarrowing); with one, every match but those at the start of the other (splitAtTerm). The trigram only
 * when the database's normalisation of the term holds it (otherwise every company, as pairsElsewhere's). Undefined
 * for a phrase without a trigram of its own.
 */
function startsOrRest(search: string, lines: (0 | 1)[], sample: Sample) {
  return sample.known(JSON.stringify(['starts', search, lines]), () => {
    const term = sampleNormalize(search);
    const rarest = rarestInRest(term, sample);
    if (!rarest) return undefined;
    const names = [companies.trading_name_key, companies.legal_name_key];
    const normalised = sample.normalised(search);
    const narrowing = or(
      ...lines.map((line) => startingWith(names[line] as SQLWrapper, normalised)),
      sample.ifHolds(search, rarest.gram, sql`${REST_TEXT} like ${`%${rarest.gram}%`}`),
    ) as SQL;
    const starting = sample
      .holding(term)
      .filter((row) => lines.some((line) => sample.linesOf(row)[line].startsWith(term)));
    return withGlued(search, sample, narrowing, eitherSorted(rarest.rows, starting));
  });
}

/** The trigram of a term's words that the sample's rests (REST_TEXT) hold least, and the sampled rows holding it there. */
function rarestInRest(term: string, sample: Sample): { gram: string; rows: number[] } | undefined {
  const grams = [...new Set(term.match(/[0-9a-z]+/g)?.flatMap(trigramsOf) ?? [])];
  return grams
    .map((gram) => ({ gram, rows: sample.holding(gram).filter((row) => sample.restHolds(row, gram)) }))
    .sort((a, b) => a.rows.length - b.rows.length)[0];
}

/** A phrase's narrowing elsewhere with its unmasked text's (gluedNarrowing), and how many sampled rows they name. */
function withGlued(search: string, sample: Sample, narrowing: SQL, rows: number[]) {
  const glued = gluedNarrowing(search, sample);
  if (!glued) return { narrowing, rows: rows.length };
  return { narrowing: or(narrowing, glued.narrowing) as SQL, rows: new Set([...rows, ...glued.rows]).size };
}

export class CompaniesRepository {
  readonly #pages = new Map<string, PreparedPage>();
  private readonly genericPlans: GenericPlans;
  private readonly customPlans: GenericPlans;
  #sample: Sample | undefined;
  #drawing: Promise<Sample> | undefined;

  private readonly maxMatchesSorted: number;
  private readonly readFirst: boolean;
  private readonly maxMatchesReadFirst: number;
  private readonly walkWindowRows: number | undefined;
  private readonly orderWalkRows: number | undefined;
  private readonly alwaysSplit: boolean;
  private readonly phrasePlan: PhrasePlan | undefined;
  /** WALKED_ROWS_PER_READ for this repository's engine. */
  private readonly walkedRowsPerRead: number;

  constructor(
    private readonly db: Db,
    /**
     * Tests change them to run every plan of a search on a small table: `maxMatchesSorted` -1 walks every
     * name-ordered search, `readFirst` false never reads the matches first (matchesFirst), a small
     * `maxMatchesReadFirst` makes it fall back; `walkWindow` walks every phrase the sample has seen
     * (walkNewest) through that many rows (a small one makes the walk fall short); `orderWalk` walks every
     * search the sample holds in the other orders (walkOrder) through that many rows; `split` splits every
     * word that can be split at the start of the order's names (splitAtTerm), whatever the sample says;
     * `phrases` narrows every phrase one way (PhrasePlan).
     */
    plans: {
      maxMatchesSorted?: number;
      readFirst?: boolean;
      maxMatchesReadFirst?: number;
      walkWindow?: number;
      orderWalk?: number;
      split?: boolean;
      phrases?: PhrasePlan;
    } = {},
  ) {
    this.maxMatchesSorted = plans.maxMatchesSorted ?? MAX_MATCHES_SORTED;
    this.readFirst = plans.readFirst ?? true;
    this.maxMatchesReadFirst = plans.maxMatchesReadFirst ?? MAX_MATCHES_READ_FIRST;
    this.walkWindowRows = plans.walkWindow;
    this.orderWalkRows = plans.orderWalk;
    this.alwaysSplit = plans.split ?? false;
    this.phrasePlan = plans.phrases;
    this.walkedRowsPerRead = runsOnPglite(db) ? WALKED_ROWS_PER_READ_PGLITE : WALKED_ROWS_PER_READ;
    this.customPlans = customPlansOf(db);
    this.genericPlans = genericPlansOf(db);
  }

  async list(
    filter: CompaniesFilter,
    skip: number,
    limit: number,
    sort: CompanySort = DEFAULT_COMPANY_SORT,
  ): Promise<CompanyList> {
    const { search } = filter;
    if (search) return this.searchPage({ ...filter, search }, filterCondition(filter), skip, limit, sort);
    const { type, is_active } = filter;
    const page = this.pageStatement({
      sort,
      byType: type !== undefined,
      byStatus: is_active !== undefined,
      deep: skip >= DEEP_PAGE_SKIP,
    });
    const rows = await page.execute({ type, is_active, skip, limit });
    const first = rows[0];
    // Only a page past the end (no row to carry the total) asks the counters again.
    const count = first ? first.total : ((await this.countFromCounters(type, is_active))[0]?.n ?? 0);
    return { data: rows.map(({ total: _, ...row }) => row), count, count_is_exact: true };
  }

  /**
   * The statement of a page without a search, for one shape of request: its order, which filters it
   * has, and whether it is deep. Lists are the API's busiest requests, so each shape is built once and
   * prepared (parsed once per database connection, and once per PGlite: keepPreparedStatements); the
   * filter values, `skip` and `limit` are its parameters. Searches are not prepared: their plan depends
   * on the term (see searchPage).
   */
  private pageStatement(shape: PageShape) {
    const name = `companies_page_${shape.sort}_${shape.byType ? 't' : ''}${shape.byStatus ? 'a' : ''}${shape.deep ? '_deep' : ''}`;
    let statement = this.#pages.get(name);
    if (!statement) {
      statement = this.buildPage(shape, name);
      this.#pages.set(name, statement);
    }
    return statement;
  }

  private buildPage(shape: PageShape, name: string): PreparedPage {
    const type = shape.byType ? sql.placeholder('type') : undefined;
    const isActive = shape.byStatus ? sql.placeholder('is_active') : undefined;
    const where = statusFilter(companies, type, isActive);
    // The total comes from the counters, in the same statement as the page: one round trip.
    const counted = this.countFromCounters(type, isActive);
    const columns = { ...COLUMNS, total: sql<number>`(${counted})`.mapWith(Number) };
    const order = orderOf(shape.sort);
    // Deep in an order, the page's ids come first, off the order's index alone (each index carries the
    // filter columns, migrations 0003 and 0006), then only those rows: skipping 4 995 rows reads 4 995
    // index entries, not 4 995 table rows scattered over the disk. Near the top, reading the rows
    // directly is cheaper than planning the join.
    if (!shape.deep) {
      return this.db
        .select(columns)
        .from(companies)
        .where(where)
        .orderBy(...order)
        .offset(sql.placeholder('skip'))
        .limit(sql.placeholder('limit'))
        .prepare(name);
    }
    const pageIds = this.db
      .select({ id: companies.id })
      .from(companies)
      .where(where)
      .orderBy(...order)
      .offset(sql.placeholder('skip'))
      .limit(sql.placeholder('limit'))
      .as('page');
    return this.db
      .select(columns)
      .from(companies)
      .innerJoin(pageIds, eq(companies.id, pageIds.id))
      .orderBy(...order)
      .prepare(name);
  }

  /** Totals without a search come from the trigger-maintained counters: exact and O(1). */
  private countFromCounters(type: CompanyType | Placeholder | undefined, isActive: boolean | Placeholder | undefined) {
    return this.db
      .select({ n: sql<number>`coalesce(sum(${companyCounts.n}), 0)::int` })
      .from(companyCounts)
      .where(statusFilter(companyCounts, type, isActive));
  }

  /**
   * A search reads one row past the page instead of counting its matches: counting a phrase that
   * matches a few thousand rows costs a scan of all of them (15-20 ms at a million rows), where
   * the page alone is read off the created_at index in about a millisecond. So `count` is exact
   * when this page reaches the end of the matches, and otherwise the rows up to the end of this
   * page with `count_is_exact: false`, which always means "more than `count` match" (the screens
   * say "mais de N"). Only a page past the end counts, to say where the end is.
   */
  private async searchPage(
    filter: CompaniesFilter & { search: string },
    where: SQL | undefined,
    skip: number,
    limit: number,
    sort: CompanySort,
  ): Promise<CompanyList> {
    const rows = await this.searchRows(filter, where, skip, limit + 1, sort);
    if (rows.length > limit) return { data: rows.slice(0, limit), count: skip + limit, count_is_exact: false };
    if (rows.length > 0 || skip === 0) return { data: rows, count: skip + rows.length, count_is_exact: true };
    return { data: rows, ...(await this.countSearch(where)) };
  }

  /**
   * The rows `skip` to `skip + take` of a search, by the plan its selectivity calls for, which the product
   * works out itself rather than from search_text's statistics (how common a term is: its sample of the
   * companies, sampledCompanies). A masked CNPJ prefix of two characters in the newest order reads its newest matches
   * off their own index (newestOfCnpjStart). A word, a number or a phrase that the sample says is common enough in the
   * newest order walks the newest rows, a bounded window of them (walkNewest). A search the product knows to
   * be selective (a masked CNPJ prefix of CNPJ_PREFIX_READ_FIRST characters), or that the sample says matches
   * at most MAX_ESTIMATE_READ_FIRST companies, reads its matches first and sorts them (matchesFirst, a phrase's
   * narrowed by phraseNarrowing); the others, and one whose matches turn out too many to sort, are left to the
   * order's own plan. In the other orders a term the sample says is common comes first (orderPlan): split at the
   * start of the order's names (splitAtTerm), or a bounded walk of the order's index (walkOrder). Rows a plan
   * reads some other way than by the search's own trigrams are tested with filterTest. Before the table has been
   * analysed (no sample), the planner's estimate stands in: for a name order, a phrase, and a bare number of
   * DIGITS_READ_FIRST digits.
   */
  private async searchRows(
    filter: CompaniesFilter & { search: string },
    where: SQL | undefined,
    skip: number,
    take: number,
    sort: CompanySort,
  ): Promise<CompanyListRow[]> {
    const { search } = filter;
    const { byName } = SORTS[sort];
    const start = cnpjPrefixOf(search);
    if (this.readFirst && sort === 'newest' && start?.length === CNPJ_START_LENGTH) {
      return this.newestOfCnpjStart(filter, start, skip, take);
    }
    // How many companies the search is expected to match: from the product's sample, or the planner's estimate.
    let expected: number | undefined;
    if (this.readFirst && skip + take <= this.maxMatchesReadFirst) {
      // A prefix's share the product knows; any other term's its sample tells (the planner's estimate stands in
      // only before there is a sample).
      const known = (cnpjPrefixOf(search)?.length ?? 0) >= CNPJ_PREFIX_READ_FIRST;
      // In the other orders, a word the sample says is common is split at the start of the order's names, or
      // walks the order's index, bounded; either falls back to what follows.
      const ordered = known || sort === 'newest' ? undefined : await this.orderPlan(filter, sort, skip + take);
      if (ordered?.split) {
        const rows = await this.splitAtTerm(filter, skip, take, sort);
        if (rows) return rows;
      } else if (ordered?.window !== undefined) {
        const rows = await this.walkOrder(await this.filterTest(filter), sort, skip, take, ordered.window);
        if (rows.length === take) return rows;
      }
      const phrase = known ? undefined : await this.phraseNarrowing(filter);
      // A single word or number: how common it is, from the same sample.
      const word = known || phrase ? undefined : await this.sampledWord(filter);
      const sampled = phrase ?? word;
      const window = sort === 'newest' && sampled ? this.walkWindow(filter, sampled, skip + take) : undefined;
      if (window !== undefined) {
        const rows = await this.walkNewest(await this.filterTest(filter), skip, take, window);
        if (rows.length === take) return rows;
      }
      expected = sampled?.expected;
      if (!known && expected === undefined && (byName || phrase || isNumberOf(DIGITS_READ_FIRST, search))) {
        expected = await this.estimatedMatches(where);
      }
      if (known || (expected !== undefined && expected <= MAX_ESTIMATE_READ_FIRST)) {
        // Narrowed, the search is tested on the rows the narrowing read (filterTest). A masked CNPJ prefix (known)
        // needs no sample: its plan is its own index.
        const sample = known ? undefined : await this.sampledCompanies();
        const narrowing = phrase?.narrowing ?? (sample && numberNarrowing(search, sample));
        const rows =
          phrase?.starts && CNPJ_ORDERS.has(sort)
            ? await this.startsFirst(filter, skip, take, sort)
            : narrowing
              ? await this.matchesFirst(
                  await this.filterTest(filter),
                  skip,
                  take,
                  sort,
                  narrowing,
                  sample && this.plansFor(search, sample),
                )
              : await this.matchesFirst(where, skip, take, sort);
        if (rows) return rows;
      }
    }
    if (byName) return this.searchInNameOrder(where, skip, take, sort, expected);
    return pageOf(this.db, where, sort, skip, take);
  }

  /**
   * A masked CNPJ prefix of CNPJ_START_LENGTH characters (`30.`, ~1 % of the companies) in the newest order: its
   * newest matches off companies_cnpj_start_newest_idx, a few index entries for a page. Walking the newest rows
   * instead tests as many as come before the first matches, and a prefix's CNPJs sit together wherever the CNPJs
   * were created together (a matriz and its branches; a list imported in CNPJ order): 8 121 rows for the first
   * page of `30.` at a million demo companies, 4–6 ms a list on PGlite, where the newest 0.8 % held 0.07 % of
   * them (2026-11-30 13:40–14:00 UTC section of docs/performance.md). The prefix is tested as the index's expression
   * only (with tax_id's LIKE too the planner intersected both indexes and sorted the 10 000 matches).
   */
  private newestOfCnpjStart(filter: CompaniesFilter, start: string, skip: number, take: number) {
    const where = and(statusFilter(companies, filter.type, filter.is_active), sql`${cnpjStart(companies)} = ${start}`);
    return pageOf(this.db, where, 'newest', skip, take);
  }

  /**
   * How a statement whose structure decides its plan runs: for a term written in TypeScript (no test of the term
   * left in the statement: Sample.ifHolds) by one generic plan for every term of its shape (generic-plans.ts), for any
   * other term planned for its value.
   */
  private plansFor(search: string, sample: Sample): GenericPlans {
    return sample.written(search) === undefined ? this.customPlans : this.genericPlans;
  }

  /** filterTest with the term as the sample says the database normalises it. */
  private async filterTest(filter: CompaniesFilter & { search: string }): Promise<SQL> {
    return filterTest(filter, await this.sampledCompanies());
  }

  /**
   * How many of the newest rows walkNewest tests to fill `rows` rows of a search, when walking them costs less than
   * reading first the `expected` rows its index names (walkedRowsPerRead rows walked for each); undefined otherwise
   * (or unknown). Where the newest companies the sample holds in full (Sample.newest) contain that many matches,
   * the walk's length is counted there (COUNTED_WALK_MARGIN times it); where they hold fewer, a search that can be
   * read first is (MAX_ESTIMATE_READ_FIRST), and a more common one walks past them by the share of the companies it
   * matches (WALK_MARGIN times `rows / share` more). Without them (an empty table), by that share alone.
   */
  private walkWindow(
    filter: CompaniesFilter & { search: string },
    { share, expected, sample }: { share?: number; expected?: number; sample?: Sample },
    rows: number,
  ): number | undefined {
    if (!share || !sample) return undefined;
    if (this.walkWindowRows !== undefined) return this.walkWindowRows;
    const matching = expected ?? share * sample.rows;
    const read = this.walkedRowsPerRead * matching;
    const newest = sample.newest;
    if (newest && newest.size > 0) {
      const matches = newest.ofFilter(filter, holdingSearch(newest, filter.search));
      const counted = matches[rows - 1];
      if (counted !== undefined)
        return counted + 1 <= read ? Math.ceil((counted + 1) * COUNTED_WALK_MARGIN) : undefined;
      // Fewer than `rows` in the whole table, or the newest rows hold fewer than their share says (the matches sit
      // elsewhere, and nothing tells how far): read first where it can be; otherwise walk past the counted rows.
      if (newest.size < NEWEST_ROWS_SAMPLED || matching <= MAX_ESTIMATE_READ_FIRST) return undefined;
      const needed = newest.size + rows / share;
      return needed <= read ? Math.ceil(needed * WALK_MARGIN) : undefined;
    }
    const needed = rows / share;
    if (needed > read) return undefined;
    return Math.ceil(needed * WALK_MARGIN);
  }

  /**
   * A search's page in the newest order, found by walking at most `window` of the newest companies and
   * testing each: the planner's own plan for a common search, but bounded, so that a search the sample
   * thought common and is not costs `window` rows, not the table. The newest order is the table's own
   * (rows are appended as they are created, so the walk reads consecutive pages). The rows are the page
   * only if the window held all of them; fewer, and the caller reads the matches another way.
   */
  private walkNewest(where: SQL | undefined, skip: number, take: number, window: number) {
    return this.walkOrder(where, 'newest', skip, take, window);
  }

  /**
   * A search's page in `sort` found by walking at most `window` rows of that order's index and testing each
   * (walkNewest, in any order). In the name and CNPJ orders the rows walked are scattered over the table, a
   * table page each, so orderPlan only walks what the sample says holds the page.
   */
  private async walkOrder(where: SQL | undefined, sort: CompanySort, skip: number, take: number, window: number) {
    const order = sql.join(orderOf(sort), sql`, `);
    const walked = sql`(select * from ${companies} order by ${order} limit ${window}) as ${companies}`;
    // Planned for its window and term each time: a generic plan would not know how far the walk goes.
    return this.customPlans.rows<CompanyListRow>(
      sql`select ${columnList} from ${walked} where ${where ?? sql`true`} order by ${order} offset ${skip} limit ${take}`,
    );
  }

  /**
   * How a search in an order other than newest finds its page when the product's sample says the term is
   * common (more than MAX_ESTIMATE_READ_FIRST companies; rarer ones are read first, as before). A word whose
   * matches are nearly all names that start with it (`padaria`: trading names) is split there (splitAtTerm):
   * its matches cluster in the name order, far from its start (700 000 companies before `padaria`), so a walk
   * from the start is long, and sorting them reads all of them. Otherwise, if the sample's first matches in
   * the order say a walk of the order's index finds the page in fewer rows than there are matches, it walks
   * (walkOrder), a window of ORDER_WALK_MARGIN times those rows. Undefined: neither (as before). A bare number is
   * planned the same way (`308`, in ~1.2 % of the CNPJs, walks the order); a masked CNPJ prefix is a range of its own.
   */
  private async orderPlan(
    filter: CompaniesFilter & { search: string },
    sort: CompanySort,
    rows: number,
  ): Promise<OrderPlan | undefined> {
    const { search } = filter;
    if (cnpjPrefixOf(search) !== undefined) return undefined;
    const sample = await this.sampledCompanies();
    const line = KEY_LINE[sort];
    const split = line !== undefined && sample.codePointOrder ? splitOf(search) : undefined;
    const phrase = split === 'word' ? undefined : split;
    const splittable = split !== undefined;
    if (this.alwaysSplit) return splittable ? { split: true } : undefined;
    const term = sampleNormalize(search);
    if (this.orderWalkRows !== undefined) {
      return sample.holding(term).length > 0 ? { window: this.orderWalkRows } : undefined;
    }
    // Worked out once per sample for each term, order, filter and page (a few milliseconds for a word in half
    // of the sample).
    const key = JSON.stringify([term, sort, filter.type, filter.is_active, rows, splittable]);
    const plan = sample.known(key, () => this.orderPlanOf(sample, filter, sort, rows, term, splittable, phrase));
    const least = plan?.countStarts;
    if (least === undefined) return plan;
    const starting = await sample.knownLater(`${key} starts`, () => this.countStarting(filter, sort, sample, least));
    return starting >= least ? { split: true } : undefined;
  }

  /** How many of `sort`'s names start with the search, up to `least`: its index's range, counted. */
  private async countStarting(
    filter: CompaniesFilter & { search: string },
    sort: CompanySort,
    sample: Sample,
    least: number,
  ) {
    const where = startingInOrder(filter, sort, sample);
    const counted = (await this.db.execute(
      sql`select count(*)::int as n from (select 1 from ${companies} where ${where} limit ${least}) as s`,
    )) as unknown as { rows: { n: number }[] };
    return Number(counted.rows[0]?.n ?? 0);
  }

  private orderPlanOf(
    sample: Sample,
    filter: CompaniesFilter & { search: string },
    sort: CompanySort,
    rows: number,
    term: string,
    splittable: boolean,
    phrase: PhraseSplit | undefined,
  ): OrderPlan | undefined {
    const line = KEY_LINE[sort];
    const holding = sample.holding(term);
    const matching = sample.ofFilter(filter, holding);
    const scale = sample.rows / Math.max(1, sample.size);
    const expected = matching.length * scale;
    // The sampled rows splitAtTerm would read apart from the order's range: the phrase elsewhere
    // (phraseElsewhere), or the word at the start of the other name or elsewhere than at a name's start.
    const others = !splittable
      ? undefined
      : phrase && line !== undefined
        ? phraseElsewhere(filter.search, phrase, line, sample, this.phrasePlan).rows
        : holding.filter((row) => {
            const otherName = sample.linesOf(row)[line === 0 ? 1 : 0];
            return otherName.startsWith(term) || sample.restHolds(row, term);
          }).length;
    if (expected <= MAX_ESTIMATE_READ_FIRST) {
      // Read first, every company holding the term is read (and its trigrams' posting lists); split, the page's
      // rows of the range and the others (as many as the sample says: their narrowing is common enough to sample).
      if (others === undefined) return undefined;
      const least = Math.max(SPLIT_LEAST_MATCHES, Math.ceil((others * scale + rows) * SPLIT_MARGIN));
      if (least > MAX_ESTIMATE_READ_FIRST) return undefined;
      // A sample of the whole table holds every match: it can say.
      if (sample.size >= sample.rows) return holding.length >= least ? { split: true } : undefined;
      return { countStarts: least };
    }
    if (others !== undefined && others * scale <= MAX_ESTIMATE_READ_FIRST) return { split: true };
    // The sampled matches that stand for the first `rows` matches, and how many sampled rows come before them.
    const needed = Math.max(1, Math.ceil(rows / scale));
    if (matching.length < needed) return undefined;
    const keys = matching.map((row) => sample.keyOf(sort, row)).sort();
    const last = (SORTS[sort].descending ? keys[keys.length - needed] : keys[needed - 1]) as string;
    // Where the sample says the page is: walking there must read fewer rows than sorting the matches would. The
    // first sampled match is after the first match (a sample's least is above the least), so the walk is sized
    // generously: it stops at the page, and reads all of its window only when it falls short.
    const reach = Math.max(ORDER_WALK_LEAST, sample.before(sort, last) + 1) * scale;
    if (reach >= expected) return undefined;
    return { window: Math.ceil(Math.min(MAX_ORDER_WALK, reach * ORDER_WALK_MARGIN)) };
  }

  /**
   * A word's page in a name order, split at the word: a company's search text holds it at the start of its
   * trading name key, at the start of its legal name key, or in the rest (REST_TEXT, the search text without
   * each name's first character). Those whose key in this order starts with the word are one range of the
   * order's index (in code point order: orderPlan asks), already in order: its first `skip + take` are read off
   * the index alone. The others — the word at the start of the other name (that name's index, a range too)
   * or in the rest (its trigram index, companies_search_rest_trgm_idx) — are read whole, at most
   * MAX_MATCHES_READ_FIRST + 1; together they hold every match that can come before the range's rows, so the
   * page is cut from both, tested against the search. For `padaria` in trading name order: 6 index entries
   * and a trigram lookup that finds nothing, instead of 50 000 matches sorted. Undefined when the others were
   * too many (the caller plans as before). Only for a word without spaces, LIKE's wildcards or a mask
   * (orderPlan), so that the search is the word as search_normalize writes it.
   *
   * A phrase (phraseSplitOf: `auto pecas`, at the start of 50 013 trading names) is split the same way, but its
   * others come from the word pairs (pairsElsewhere): the rest's trigrams of `auto pecas` are in every legal name
   * `comercio de pecas automotivas`, while its first pair elsewhere than at the start of a name is in a handful of
   * companies. The pairs name companies that may hold it, so the others are tested against the search as they
   * are read.
   */
  private async splitAtTerm(
    filter: CompaniesFilter & { search: string },
    skip: number,
    take: number,
    sort: CompanySort,
  ): Promise<CompanyListRow[] | undefined> {
    const line = KEY_LINE[sort] ?? 0;
    const other = otherNameKey(line);
    const sample = await this.sampledCompanies();
    const word = sample.normalised(filter.search);
    const order = sql.join(orderOf(sort), sql`, `);
    const cap = this.maxMatchesReadFirst;
    const walked = sql`select ${companies.id} from ${companies}
      where ${startingInOrder(filter, sort, sample)}
      order by ${order} limit ${skip + take}`;
    const { search } = filter;
    const split = splitOf(search);
    const phrase = split === 'word' ? undefined : split;
    // A phrase's candidates are tested as they are read, apart (OFFSET 0: the search's own trigrams, which name every
    // match, are not looked up).
    const others = phrase
      ? sql`select ${companies.id} from (select * from ${companies}
          where ${phraseElsewhere(search, phrase, line, sample, this.phrasePlan).narrowing} offset 0) as ${companies}
          where ${filterTest(filter, sample)} limit ${cap + 1}`
      : sql`select ${companies.id} from ${companies}
          where ${startingWith(other, word)} or ${REST_TEXT} like ('%' || ${word} || '%') limit ${cap + 1}`;
    // A phrase's candidates were tested as they were read, and the range's rows hold it (the order's name starts
    // with it): not tested again. A word's are tested here (filterTest: they are looked up by id).
    const tested = phrase ? sql`true` : filterTest(filter, sample);
    // Each candidate's row by its id (a lateral subquery the planner cannot flatten: an index lookup each). Its
    // structure decides the plan.
    const rows = await this.plansFor(search, sample).rows<CompanyListRow & { others: number; at: unknown }>(
      sql`with others as (${others})
        select (select count(*) from others)::int as others, page.* from (select 1) as one left join (
          select ${columnList}, row_number() over (order by ${order}) as at
          from (select id from (${walked}) as walked union select id from others) as candidates,
            lateral (select * from ${companies} where ${companies.id} = candidates.id offset 0) as ${companies}
          where ${tested}
          order by ${order} offset ${skip} limit ${take}
        ) as page on true
        order by page.at`,
    );
    if ((rows[0]?.others ?? 0) > cap) return undefined;
    return rows.filter((row) => row.id !== null).map(({ others: _, at: __, ...row }) => row);
  }

  /**
   * A phrase's page in a CNPJ order from its matches, read first where phraseNarrowing found them cheapest, at the
   * start of the names (startsOrRest): the names that start with it are ranges of the name orders' indexes, which
   * carry the CNPJ (migration 0017), so the trading names' ids and CNPJs are read off their index alone, and the
   * legal names' off theirs with a table page each (those whose trading name starts with it too are left out there);
   * both hold the phrase (a name starts with it: not tested); the others — the phrase in the rest, or written
   * without its spaces — are read and tested, at most MAX_MATCHES_READ_FIRST + 1 of each. Sorted by CNPJ, the page
   * cut, and only its rows read whole. For `padaria sao joao` in `-cnpj` order: 1 471 index entries and 28 rows,
   * instead of 1 471 rows from 541 table pages (0.9 against 1.7 ms a statement). Undefined when any part holds more than that (the caller then
   * runs the ordinary plan).
   */
  private async startsFirst(
    filter: CompaniesFilter & { search: string },
    skip: number,
    take: number,
    sort: CompanySort,
  ): Promise<CompanyListRow[] | undefined> {
    const cap = this.maxMatchesReadFirst;
    const sample = await this.sampledCompanies();
    const term = sample.normalised(filter.search);
    const status = statusFilter(companies, filter.type, filter.is_active);
    const others = startsOrRest(filter.search, [], sample);
    if (!others) return undefined;
    // Each match once (UNION ALL: a hashed UNION of 1 471 ids cost a millisecond): a legal name's range without the
    // trading names that start with the phrase too, the others without either.
    const trading = startingWith(companies.trading_name_key, term);
    const legal = startingWith(companies.legal_name_key, term);
    const starting = (range: SQL, unless?: SQL) => sql`(select ${companies.id}, ${companies.tax_id} from ${companies}
      where ${and(range, unless && sql`not ${unless}`, status)} limit ${cap + 1})`;
    const direction = SORTS[sort].descending ? sql` desc` : sql``;
    // Its structure decides the plan (each part's own LIMIT, UNION ALL).
    const rows = await this.plansFor(filter.search, sample).rows<
      CompanyListRow & { others: number; matched: number | null }
    >(
      sql`with others as (select ${companies.id}, ${companies.tax_id} from (select * from ${companies}
          where ${others.narrowing} offset 0) as ${companies}
          where ${and(filterTest(filter, sample), sql`not ${trading}`, sql`not ${legal}`)} limit ${cap + 1})
        select (select count(*) from others)::int as others, page.* from (select 1) as one left join (
          select ${columnList}, page.matched::int as matched from ${companies} join (
            select candidates.id, candidates.tax_id, count(*) over () as matched from (
              ${starting(trading)} union all ${starting(legal, trading)}
              union all select id, tax_id from others) as candidates
            order by candidates.tax_id${direction} offset ${skip} limit ${take}
          ) as page on page.id = ${companies.id}
        ) as page on true
        order by page.tax_id${direction}`,
    );
    const first = rows[0];
    if ((first?.others ?? 0) > cap || (first?.matched ?? 0) > cap) return undefined;
    return rows.filter((row) => row.id !== null).map(({ others: _, matched: __, ...row }) => row);
  }

  /**
   * A search's page from its matches, read first: at most MAX_MATCHES_READ_FIRST + 1 of them (id and sort
   * keys) by whatever index finds them (the tax_id prefix index for a CNPJ prefix, the trigram index for
   * words), sorted, the page cut, and only the page's rows read whole. One statement, whose plan cannot
   * walk the order's index: the matches come from a subquery with its own LIMIT, which PostgreSQL plans
   * apart and never merges into the ordering. Undefined when there were more matches than that (the
   * page would be cut from only some of them): the caller then runs the ordinary plan. Run by `plans`: a phrase's
   * narrowing by plansFor; a CNPJ prefix or a word planned for its value (`tax_id like $1` reads its index only when
   * the planner sees the prefix).
   */
  private async matchesFirst(
    where: SQL | undefined,
    skip: number,
    take: number,
    sort: CompanySort,
    narrowing?: SQL,
    plans: GenericPlans = this.customPlans,
  ): Promise<CompanyListRow[] | undefined> {
    const { keys, descending } = SORTS[sort];
    const keyNames = keys.map((_, i) => sql.identifier(`k${i}`));
    // Narrowed (a phrase), the index reads the rows of the narrowing alone, and the search is tested on
    // those: a subquery with OFFSET 0 is planned apart, so the phrase's own trigrams are not looked up.
    const source = narrowing
      ? sql`(select * from ${companies} where ${narrowing} offset 0) as ${companies}`
      : sql`${companies}`;
    const matches = sql`select ${companies.id}, ${sql.join(
      keys.map((key, i) => sql`${key} as ${keyNames[i]}`),
      sql`, `,
    )} from ${source} where ${where ?? sql`true`} limit ${this.maxMatchesReadFirst + 1}`;
    const direction = descending ? sql` desc` : sql``;
    const page = sql`select matches.id, count(*) over () as matched from (${matches}) as matches
      order by ${sql.join(
        keyNames.map((name) => sql`${name}${direction}`),
        sql`, `,
      )} offset ${skip} limit ${take}`;
    const rows = await plans.rows<CompanyListRow & { matched: number }>(
      sql`select ${columnList}, page.matched::int as matched from ${companies} join (${page}) as page on page.id = ${companies.id}
        order by ${sql.join(orderOf(sort), sql`, `)}`,
    );
    if ((rows[0]?.matched ?? 0) > this.maxMatchesReadFirst) return undefined;
    return rows.map(({ matched: _, ...row }) => row);
  }

  /**
   * A search in a name order. Left to itself, the planner walks the name index and tests each row until
   * the page is full, expecting the matches to be spread over the alphabet. That is right for a common
   * word ("ltda", "comercio": a page within a few hundred rows) and ruinous for one whose matches share
   * their first letters ("padaria": 700 000 rows under A to O first, a second per request), and it cannot
   * tell them apart. Sorting the matches instead costs in proportion to how many there are (50 000 in
   * ~70 ms). So the planner is asked how many rows match (its estimate, from the search_text statistics:
   * a millisecond): up to MAX_MATCHES_SORTED they are found through the trigram index and sorted, the
   * index walk ruled out for that one statement (enable_indexscan is local to its transaction); beyond,
   * at least one company in ten matches at a million rows, and the walk is left to find them.
   */
  private async searchInNameOrder(
    where: SQL | undefined,
    skip: number,
    take: number,
    sort: CompanySort,
    estimate?: number,
  ): Promise<CompanyListRow[]> {
    if ((estimate ?? (await this.estimatedMatches(where))) > this.maxMatchesSorted) {
      return pageOf(this.db, where, sort, skip, take);
    }
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_indexscan = off`);
      return pageOf(tx, where, sort, skip, take);
    });
  }

  /**
   * For a search of several words, a condition that every match meets and the search index answers
   * cheaply: the PHRASE_GRAMS rarest of its words' trigrams, one per word. The search index looks a phrase
   * up by all of its trigrams, and its cost is the number of companies each is in, whatever the phrase
   * matches: `farmacia aurora - cuiaba` (69 companies of a million) has two dozen, among them `  a` (words
   * starting with a, 69 % of the companies), `  c`, `ra ` and `ia ` (46–60 %), and its index scan read
   * 1 101 pages (37–85 ms); the rarest trigram of each word (`uro`, `cui`, `far`: 3–4 % each) read together
   * name just those 69 in 56 pages (2–6 ms), which are then tested. How rare a trigram is comes from the
   * product's sample of the companies (sampledCompanies): it only chooses which trigrams narrow, never what
   * matches. Each trigram's condition holds only if the database's own normalisation of the term contains
   * it (otherwise it is `true`), so the narrowing cannot drop a match whatever the term. The sample also
   * says how many companies hold all of them (`expected`, at least the phrase's matches) and what share of
   * the companies are the filter's and hold the phrase itself (`share`, which decides whether to walk: walkWindow).
   * A phrase whose words are each common and never side by side (`comercio ltda`) is in no company, but its
   * rarest trigrams are in ~100 000: where two of its words meet (phrasePairsOf, companies_search_pairs_idx) is
   * in few. The sample says which of the two, the trigrams or the pairs, names fewer companies, and those are read.
   */
  private async phraseNarrowing(
    filter: CompaniesFilter & { search: string },
  ): Promise<{ narrowing: SQL; starts?: boolean; expected?: number; share?: number; sample?: Sample } | undefined> {
    const { search } = filter;
    const grams = phraseGramsOf(search);
    if (!grams) return undefined;
    const sample = await this.sampledCompanies();
    const rarest = grams
      .map((found) => found.map((gram) => ({ gram, n: sample.holding(gram).length })).sort((a, b) => a.n - b.n)[0])
      .filter((best) => best !== undefined)
      .sort((a, b) => a.n - b.n)
      .map(({ gram }) => gram)
      .filter((gram, i, all) => all.indexOf(gram) === i)
      .slice(0, PHRASE_GRAMS);
    const byGrams = and(
      ...rarest.map((gram) => sample.ifHolds(search, gram, sql`${companies.search_text} like ${`%${gram}%`}`)),
    ) as SQL;
    const plan = this.phrasePlan;
    const pairs = plan === 'grams' || plan === 'starts' ? [] : phrasePairsOf(search);
    const byPairs = pairs.length > 0 ? this.pairsNarrowing(search, pairs, sample) : undefined;
    if (sample.size === 0) return { narrowing: byPairs?.narrowing ?? byGrams };
    // The sampled rows holding all of the rarest trigrams, or all of the pairs (or the unmasked term's trigrams):
    // what the planner's estimate would say from a sample, without asking it (a round trip and a plan). The fewer
    // are read.
    const withGrams = rarest.map((gram) => sample.holding(gram)).reduce(bothSorted).length;
    const withPairs = byPairs?.rows.length ?? Number.POSITIVE_INFINITY;
    const pairsFirst = byPairs !== undefined && (plan === 'pairs' || withPairs <= withGrams);
    let narrowing = pairsFirst ? byPairs.narrowing : byGrams;
    let rows = pairsFirst ? withPairs : withGrams;
    let byStarts = false;
    // The starts of the names and the rest, where the names' indexes can read them as ranges: every company they
    // name is read, but no trigram of the phrase's words is looked up in the whole text's index, whose posting
    // lists each name tens of thousands of companies (`padaria sao joao`: 1 471 matches, all at the start of a
    // trading name, through three lists of 148 000 entries in all). Read when they name no more rows than the
    // other narrowing costs, its trigrams' entries counted at POSTINGS_PER_ROW a row.
    const starts =
      (plan === undefined || plan === 'starts') && sample.codePointOrder && SPLITTABLE_PHRASE.test(search)
        ? startsOrRest(search, [0, 1], sample)
        : undefined;
    if (starts) {
      const postings = pairsFirst ? 0 : rarest.reduce((sum, gram) => sum + sample.holding(gram).length, 0);
      if (plan === 'starts' || starts.rows <= rows + postings / POSTINGS_PER_ROW) {
        ({ narrowing, rows } = starts);
        byStarts = true;
      }
    }
    return {
      narrowing,
      starts: byStarts,
      expected: (rows / sample.size) * sample.rows,
      share: sample.shareOf(filter, sample.holding(sampleNormalize(search))),
      sample,
    };
  }

  /**
   * How common a search of one word or number is, from the product's sample (as phraseNarrowing tells a phrase's):
   * the share of the companies that are the filter's and hold it (walkWindow decides by it whether to walk the
   * newest rows), and about how many companies hold it at all (`expected`: the rows its trigram scan reads, which
   * decides whether to read them first). So its plan does not hinge on search_text's statistics: a number of three
   * digits is in ~1.2 % of the companies, and the planner, from a histogram that saw it in a bound or not, either
   * walked the newest rows (a page in ~500) or read all 12 000 matches (2026-11-29 14:05 UTC section of
   * docs/performance.md). A masked CNPJ prefix too short to be read first (`30.`) is counted among the sampled
   * CNPJs that start with it. `expected` is left out for a term of fewer than three characters, which holds no
   * trigram to look up: the planner decides, as before. Undefined when the sample is empty (the table not yet
   * analysed).
   */
  private async sampledWord(
    filter: CompaniesFilter & { search: string },
  ): Promise<{ expected?: number; share: number; sample: Sample } | undefined> {
    const sample = await this.sampledCompanies();
    if (sample.size === 0) return undefined;
    const term = sampleNormalize(filter.search);
    const prefix = cnpjPrefixOf(filter.search);
    const holding = holdingSearch(sample, filter.search);
    return {
      expected: prefix === undefined && term.length < 3 ? undefined : (holding.length / sample.size) * sample.rows,
      share: sample.shareOf(filter, holding),
      sample,
    };
  }

  /**
   * The companies that hold each of a phrase's word pairs (companies_search_pairs_idx: one small entry each, where
   * `comercio ltda`'s trigrams name ~100 000 companies), or its unmasked text (searchCondition finds that too, so
   * the narrowing must keep it: gluedNarrowing). A pair is asked only when the database's normalisation of the term
   * holds its guard. Also the sampled rows this narrowing names.
   */
  private pairsNarrowing(search: string, pairs: PhrasePair[], sample: Sample): { narrowing: SQL; rows: number[] } {
    const together = and(...pairs.map((pair) => guardedPair(search, sample, pair))) as SQL;
    const withPairs = pairs.map(({ guard }) => sample.holding(guard)).reduce(bothSorted);
    const glued = gluedNarrowing(search, sample);
    if (!glued) return { narrowing: together, rows: withPairs };
    return {
      narrowing: or(together, glued.narrowing) as SQL,
      rows: [...new Set([...withPairs, ...glued.rows])],
    };
  }

  /**
   * About SAMPLE_ROWS companies (search text, type, status), drawn by the product from the table's pages
   * (TABLESAMPLE SYSTEM: whole pages at random) and drawn again once it is SAMPLE_TTL_MS old. Drawn here
   * rather than read from ANALYZE's histogram of search_text (1 000 rows): with ten times as many rows, how
   * common a phrase of 0.1 % is is counted (~10 rows), not guessed from one row or none. Empty before the
   * table has been analysed (its size unknown). One draw at a time: concurrent searches share it, and while
   * a new one is drawn the old one serves. With it, the newest NEWEST_ROWS_SAMPLED companies in full (Sample.newest).
   */
  /**
   * Draws the search's sample ahead of the first search (the server's start calls it once listening): the
   * first phrase searched would otherwise wait for the draw, and on PGlite the draw holds its only connection
   * (~0.6 s at 100 000 companies), so every request waited with it.
   */
  async prepareSearch(): Promise<void> {
    await this.sampledCompanies();
  }

  private async sampledCompanies(): Promise<Sample> {
    const sample = this.#sample;
    if (sample && Date.now() - sample.readAt < SAMPLE_TTL_MS) return sample;
    if (!this.#drawing) {
      this.#drawing = this.drawSample()
        .then((drawn) => {
          this.#sample = drawn;
          return drawn;
        })
        .finally(() => {
          this.#drawing = undefined;
        });
      // With an old sample to serve, a failed draw is tried again by the next search.
      if (sample) this.#drawing.catch(() => undefined);
    }
    return sample ?? this.#drawing;
  }

  private async drawSample(): Promise<Sample> {
    // The database's collation too (pg_database: datlocprovider is PostgreSQL 15's; read as JSON, so that its
    // absence is no error): splitAtTerm reads the names that start with a term as a range only in code point order.
    const size = (await this.db.execute(
      sql`select reltuples::float8 as rows,
            (select to_jsonb(d) ->> 'datlocprovider' from pg_database d where datname = current_database()) as provider,
            (select datcollate from pg_database where datname = current_database()) as locale,
            ${mirroredNormalizeCheck()} as mirrored
          from pg_class where oid = 'companies'::regclass`,
    )) as unknown as {
      rows: { rows: number; provider: string | null; locale: string | null; mirrored: boolean }[];
    };
    const [table] = size.rows;
    const rows = Number(table?.rows ?? 0);
    const codePointOrder =
      table?.provider === 'b' ||
      ((table?.provider ?? 'c') === 'c' && /^(C|POSIX|C\.UTF-?8)$/i.test(table?.locale ?? ''));
    const mirrored = table?.mirrored === true;
    if (!(rows > 0)) return new Sample([], [], [], [], 0, codePointOrder, mirrored);
    const percent = Math.min(100, (100 * SAMPLE_ROWS) / rows);
    // What each sampled company is read with (SampledRow), in the random draw and in the newest rows.
    const sampled = sql`${companies.search_text} as text, ${companies.type} as type, ${companies.is_active} as active,
      ${companies.tax_id} as tax_id`;
    const result = (await this.db.execute(
      sql`select ${sampled} from ${companies} tablesample system (${sql.raw(percent.toFixed(6))})`,
    )) as unknown as { rows: SampledRow[] };
    const newest = (await this.db.execute(
      sql`select ${sampled} from ${companies} order by ${sql.join(orderOf('newest'), sql`, `)} limit ${NEWEST_ROWS_SAMPLED}`,
    )) as unknown as { rows: SampledRow[] };
    const sampleOf = (sampled: SampledRow[], size: number) =>
      new Sample(
        sampled.map((row) => row.text),
        sampled.map((row) => row.type),
        sampled.map((row) => row.active),
        sampled.map((row) => row.tax_id),
        size,
        codePointOrder,
        mirrored,
      );
    const sample = sampleOf(result.rows, rows);
    sample.newest = sampleOf(newest.rows, newest.rows.length);
    return sample;
  }

  /** How many companies the planner expects `where` to match (EXPLAIN: planned, not run). */
  private async estimatedMatches(where: SQL | undefined): Promise<number> {
    const query = this.db.select({ one: sql`1` }).from(companies).where(where);
    const result = (await this.db.execute(sql`explain (format json) ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[];
    };
    return result.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
  }

  private async countSearch(where: SQL | undefined) {
    const matching = this.db
      .select({ one: sql`1` })
      .from(companies)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matching');
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(matching);
    const n = row?.n ?? 0;
    return n > SEARCH_COUNT_CAP
      ? { count: SEARCH_COUNT_CAP, count_is_exact: false }
      : { count: n, count_is_exact: true };
  }

  /**
   * Every company of the filter in `sort` order, read in batches by keyset (each batch starts after the
   * last row's keys, an index range rather than an ever-growing offset), so memory stays constant and a
   * batch costs the same at row 1 as at row 1 000 000. The keys travel as text, so timestamps keep their
   * microseconds. No transaction is held between batches (PGlite has one connection, which a long export
   * must not hold): a row created or deleted meanwhile shows or not, and one whose sort key changes meanwhile
   * (a renamed company in a name order) may show twice or not at all — the export is not a snapshot.
   */
  async *exportRows(
    filter: CompaniesFilter,
    sort: CompanySort = DEFAULT_COMPANY_SORT,
    batchSize = EXPORT_BATCH_SIZE,
  ): AsyncGenerator<CompanyListRow[]> {
    const where = filterCondition(filter);
    const { keys, descending } = SORTS[sort];
    const keyRow = sql`(${sql.join(keys, sql`, `)})`;
    let after: string[] | undefined;
    for (;;) {
      const afterLast = after
        ? (descending ? lt : gt)(
            keyRow,
            sql`(${sql.join(
              after.map((value) => sql`${value}`),
              sql`, `,
            )})`,
          )
        : undefined;
      const batch = await this.db
        .select({
          row: COLUMNS,
          cursor: sql<string[]>`array[${sql.join(
            keys.map((key) => sql`(${key})::text`),
            sql`, `,
          )}]`,
        })
        .from(companies)
        .where(and(where, afterLast))
        .orderBy(...orderOf(sort))
        .limit(batchSize);
      if (batch.length > 0) yield batch.map((entry) => entry.row);
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1]?.cursor;
    }
  }

  async findById(id: string): Promise<CompanyListRow | undefined> {
    const [row] = await this.db.select(COLUMNS).from(companies).where(eq(companies.id, id)).limit(1);
    return row;
  }

  async create(company: CompanyCreate): Promise<CompanyListRow> {
    const [row] = await duplicateAs(taxIdTaken, () => this.db.insert(companies).values(company).returning(COLUMNS));
    return row as CompanyListRow;
  }

  /** Inserts a deleted company again, with its id, data and creation time (CompaniesService.restore). */
  async restore(company: RestoredCompany): Promise<CompanyListRow> {
    // As text into timestamptz: the creation time keeps its microseconds (a Date would cut them).
    const created_at = sql`${company.created_at}::timestamptz` as unknown as Date;
    const [row] = await duplicateAs(taxIdTaken, () =>
      this.db
        .insert(companies)
        .values({ ...company, created_at })
        .returning(COLUMNS),
    );
    return row as CompanyListRow;
  }

  /**
   * Inserts many rows in one statement (an import's batch, demo data, benchmarks); a row whose tax_id is
   * registered already is skipped. Returns how many were inserted.
   */
  async insertMany(rows: CompanyCreate[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(companies)
      .values(rows)
      .onConflictDoNothing({ target: companies.tax_id })
      .returning({ id: companies.id });
    return inserted.length;
  }

  async update(id: string, changes: CompanyUpdate): Promise<CompanyListRow | undefined> {
    const [row] = await duplicateAs(taxIdTaken, () =>
      this.db
        .update(companies)
        .set({ ...changes, updated_at: new Date() })
        .where(eq(companies.id, id))
        .returning(COLUMNS),
    );
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
    return rows.length > 0;
  }

  /**
   * Which of `ids` name a company, each row locked until the transaction ends (a concurrent delete
   * cannot slip between a check and the change that relies on it).
   */
  async lockExisting(ids: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.id, ids))
      .for('update');
    return new Set(rows.map((row) => row.id));
  }

  /** Deletes the companies of `ids`; returns how many there were. */
  async deleteMany(ids: string[]): Promise<number> {
    return (await this.db.delete(companies).where(inArray(companies.id, ids)).returning({ id: companies.id })).length;
  }

  /** Gives the companies of `ids` this status; returns how many changed (those already in it do not). */
  async setActive(ids: string[], isActive: boolean): Promise<number> {
    const rows = await this.db
      .update(companies)
      .set({ is_active: isActive, updated_at: new Date() })
      .where(and(inArray(companies.id, ids), ne(companies.is_active, isActive)))
      .returning({ id: companies.id });
    return rows.length;
  }

  /** The companies of `ids` that exist, newest first. */
  findMany(ids: string[]): Promise<CompanyListRow[]> {
    return this.db
      .select(COLUMNS)
      .from(companies)
      .where(inArray(companies.id, ids))
      .orderBy(...orderOf(DEFAULT_COMPANY_SORT));
  }

  /**
   * The companies of one type whose CNPJ starts with `root` (a prefix of tax_id, which its pattern index
   * answers), but `exceptId`: the first `limit` by CNPJ.
   */
  withCnpjRoot(root: string, exceptId: string, type: CompanyType, limit: number): Promise<CompanyListRow[]> {
    return this.db
      .select(COLUMNS)
      .from(companies)
      .where(sameCnpjRoot(root, exceptId, type))
      .orderBy(companies.tax_id)
      .limit(limit);
  }

  /** How many companies withCnpjRoot would list without a limit. */
  async countWithCnpjRoot(root: string, exceptId: string, type: CompanyType): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(sameCnpjRoot(root, exceptId, type));
    return row?.n ?? 0;
  }

  /** Which of these CNPJs are registered already. */
  async registeredTaxIds(taxIds: string[]): Promise<Set<string>> {
    if (taxIds.length === 0) return new Set();
    const rows = await this.db
      .select({ tax_id: companies.tax_id })
      .from(companies)
      .where(inArray(companies.tax_id, taxIds));
    return new Set(rows.map((row) => row.tax_id));
  }
}
