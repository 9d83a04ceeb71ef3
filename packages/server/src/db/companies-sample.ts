import type { CompaniesFilter, CompanySort } from '@backoffice/contracts';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { KEY_LINE, SORTS } from './companies-orders.js';
import { normalisedTerm, searchNormalize } from './search-normalize.js';

/*
 * The product's own sample of the companies, by which the repository plans a search (companies-repository.ts,
 * sampledCompanies and drawSample): which sampled rows hold a term, where a key stands in an order, what share of
 * them a filter keeps. A plan read from it does not hinge on what ANALYZE happened to sample (issue 30,
 * docs/architecture.md).
 */

/** A sampled company as drawSample reads it. */
export interface SampledRow {
  text: string;
  type: string;
  active: boolean;
  tax_id: string;
}

/** How many trigrams and phrases a sample keeps the rows of (Sample.holding); more, and it starts again. */
const SAMPLE_PARTS_KEPT = 10_000;

/**
 * The product's sample of the companies (sampledCompanies): their search texts joined into one string, so
 * that the sampled rows holding a trigram or a phrase are found by `indexOf` (a few hundred microseconds),
 * and kept once found (up to SAMPLE_PARTS_KEPT of them).
 */
export class Sample {
  /** Where each sampled text starts in `joined`. */
  readonly #starts: number[] = [];
  readonly #joined: string;
  readonly #found = new Map<string, number[]>();
  readonly #keys = new Map<CompanySort, string[]>();
  readonly #known = new Map<string, unknown>();
  readonly readAt = Date.now();
  /**
   * The newest NEWEST_ROWS_SAMPLED companies (all of them in a smaller table), in the newest order, drawn with this
   * sample: where a search's first pages are in that order (walkWindow). Undefined in the newest rows themselves.
   */
  newest: Sample | undefined;

  constructor(
    /** Each sampled company's search text (its trading name key, legal name key and CNPJ, one per line). */
    readonly texts: string[],
    /** Each sampled company's type, status and CNPJ. */
    readonly types: string[],
    readonly active: boolean[],
    readonly taxIds: string[],
    /** How many companies the table holds (pg_class, as of the last ANALYZE or VACUUM). */
    readonly rows: number,
    /**
     * Whether the database compares text by code point (the C, POSIX or C.UTF-8 collation, or the builtin
     * provider): then the names that start with a text are one range of the name orders' indexes.
     */
    readonly codePointOrder = false,
    /** Whether the database's search_normalize writes as searchNormalize does (mirroredNormalizeCheck). */
    readonly mirrorsNormalize = false,
  ) {
    let start = 0;
    for (const text of texts) {
      this.#starts.push(start);
      start += text.length + 1;
    }
    // A separator no search text holds, so that no match runs from one text into the next.
    this.#joined = texts.join('\u0000');
  }

  get size() {
    return this.#starts.length;
  }

  /** A search's term as the database normalises it, for a statement (normalisedTerm). */
  normalised(search: string): SQL {
    return normalisedTerm(search, this.mirrorsNormalize);
  }

  /** A search's term as the database normalises it, written here; undefined when only the database can write it. */
  written(search: string): string | undefined {
    return this.mirrorsNormalize ? searchNormalize(search) : undefined;
  }

  /**
   * `condition` where the database's normalisation of the term holds `part` (`at: 'start'`: starts with it), and true
   * where it does not: decided here for a term written here, so that the statement holds no test of its own term
   * (a plan made once then serves every term of its shape: generic-plans.ts), and by the database otherwise.
   */
  ifHolds(search: string, part: string, condition: SQL, at?: 'start'): SQL {
    const written = this.written(search);
    if (written !== undefined) return (at ? written.startsWith(part) : written.includes(part)) ? condition : sql`true`;
    const term = this.normalised(search);
    const missing = at ? sql`left(${term}, ${part.length}) <> ${part}` : sql`position(${part} in ${term}) = 0`;
    return sql`(${missing} or ${condition})`;
  }

  /** Sampled row `row`'s search text by line: its trading name key, its legal name key and its CNPJ. */
  linesOf(row: number): [trading: string, legal: string, cnpj: string] {
    const [trading = '', legal = '', cnpj = ''] = (this.texts[row] ?? '').split('\n');
    return [trading, legal, cnpj];
  }

  /**
   * Whether sampled row `row`'s search text without each name's first character (REST_TEXT) holds `part`, a text
   * without line breaks: somewhere but at the start of a name.
   */
  restHolds(row: number, part: string): boolean {
    const text = this.texts[row] ?? '';
    const cnpjLine = text.lastIndexOf('\n') + 1;
    for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + 1)) {
      if ((at !== 0 && text[at - 1] !== '\n') || at === cnpjLine) return true;
    }
    return false;
  }

  /** Sampled row `row`'s key in `sort` (not newest): a name's key line of its search text, or its CNPJ. */
  keyOf(sort: CompanySort, row: number): string {
    const line = KEY_LINE[sort];
    return line === undefined ? (this.taxIds[row] ?? '') : this.linesOf(row)[line];
  }

  /** What `compute` says of this sample for `key`, worked out once (up to SAMPLE_PARTS_KEPT of them). */
  known<T>(key: string, compute: () => T): T {
    if (this.#known.has(key)) return this.#known.get(key) as T;
    const value = compute();
    if (this.#known.size >= SAMPLE_PARTS_KEPT) this.#known.clear();
    this.#known.set(key, value);
    return value;
  }

  /** As `known`, for what the database answers: kept once answered (a failed answer is asked again next time). */
  async knownLater<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.#known.has(key)) return this.#known.get(key) as T;
    const value = await compute();
    return this.known(key, () => value);
  }

  /**
   * How many sampled rows come before `key` in `sort` (not newest): about where a company with that key
   * stands in the order, × rows / size. (JavaScript compares UTF-16 units: code point order but for
   * characters beyond the first plane, which names do not hold; an estimate either way.)
   */
  before(sort: CompanySort, key: string): number {
    let keys = this.#keys.get(sort);
    if (!keys) {
      keys = this.texts.map((_, row) => this.keyOf(sort, row)).sort();
      this.#keys.set(sort, keys);
    }
    // Ascending, the keys below `key`; descending, those above it.
    const descending = SORTS[sort].descending;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const at = keys[middle] as string;
      if (at < key || (descending && at === key)) low = middle + 1;
      else high = middle;
    }
    return descending ? keys.length - low : low;
  }

  /**
   * Which share of all sampled companies are among `rows` (sampled rows) and of `filter`'s type and status: how
   * densely a filtered search's matches sit among the rows a walk tests (walkWindow; the walk reads every row of
   * its window, of any type and status).
   */
  shareOf(filter: CompaniesFilter, rows: number[]): number {
    return this.size === 0 ? 0 : this.ofFilter(filter, rows).length / this.size;
  }

  /** The sampled rows among `rows` of `filter`'s type and status. */
  ofFilter(filter: CompaniesFilter, rows: number[]): number[] {
    const { type, is_active } = filter;
    return rows.filter(
      (row) =>
        (type === undefined || this.types[row] === type) && (is_active === undefined || this.active[row] === is_active),
    );
  }

  /** The sampled rows whose CNPJ starts with `prefix` (normalised as tax_id is), in order. */
  startingCnpj(prefix: string): number[] {
    return this.known(`cnpj:${prefix}`, () =>
      this.taxIds.flatMap((taxId, row) => (taxId.startsWith(prefix) ? [row] : [])),
    );
  }

  /** The sampled rows whose text holds `part`, in order. */
  holding(part: string): number[] {
    const known = this.#found.get(part);
    if (known) return known;
    const found: number[] = [];
    for (let at = this.#joined.indexOf(part); at !== -1; at = this.#joined.indexOf(part, at + 1)) {
      const row = this.#rowAt(at);
      if (found[found.length - 1] !== row) found.push(row);
    }
    // Kept for the sample's life, a bounded number of them (a trigram or a phrase searched again is free).
    if (this.#found.size >= SAMPLE_PARTS_KEPT) this.#found.clear();
    this.#found.set(part, found);
    return found;
  }

  #rowAt(at: number): number {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.#starts[middle] ?? 0) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/** The numbers in either of two ascending lists, ascending (each once). */
export function eitherSorted(a: number[], b: number[]): number[] {
  const either: number[] = [];
  for (let i = 0, j = 0; i < a.length || j < b.length; ) {
    const x = a[i] ?? Number.POSITIVE_INFINITY;
    const y = b[j] ?? Number.POSITIVE_INFINITY;
    either.push(Math.min(x, y));
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return either;
}

/** The numbers in both of two ascending lists, ascending. */
export function bothSorted(a: number[], b: number[]): number[] {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) both.push(x);
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return both;
}
