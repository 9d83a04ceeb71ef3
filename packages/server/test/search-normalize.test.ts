import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mirroredNormalizeCheck,
  NORMALIZE_PROBE,
  normalisedTerm,
  searchNormalize,
} from '../src/db/search-normalize.js';
import { freshDatabase, type TestDatabase } from './support/database.js';

/**
 * searchNormalize writes a search's term as the database's search_normalize does (migration 0000), so that the
 * search's statements take it as a parameter; where it cannot be sure, it leaves the term to the database.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

async function databaseNormalize(terms: string[]): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select search_normalize(term) as written
      from jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb) with ordinality as t(term, n) order by n`,
  )) as unknown as { rows: { written: string }[] };
  return result.rows.map((row) => row.written);
}

/** A deterministic generator (mulberry32), so a failure names the same terms again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('searchNormalize', () => {
  it('writes the probe as this database does, which the repository checks with its sample', async () => {
    const [written] = await databaseNormalize([NORMALIZE_PROBE]);
    expect(written).toBe(searchNormalize(NORMALIZE_PROBE));
    const result = (await database.db.execute(sql`select ${mirroredNormalizeCheck()} as mirrored`)) as unknown as {
      rows: { mirrored: boolean }[];
    };
    expect(result.rows[0]?.mirrored).toBe(true);
  });

  it('writes every term of its characters as the database does, and leaves any other term to it', async () => {
    // The probe's characters, and some it does not write: Latin-1's upper-case letters outside translate()'s list,
    // a non-breaking space, letters and spaces beyond Latin-1.
    const alphabet = [...new Set([...NORMALIZE_PROBE, ...'ÆØÐÞ\u00a0\u2003ŔİıЖ€😀'])];
    const next = random(30);
    const terms = Array.from({ length: 2_000 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(
        '',
      ),
    );
    terms.push('Padaria  São\tJoão', 'AÇÚCAR & CIA. LTDA', '12.345.678/0001-95', '  x  ', '');
    const written = await databaseNormalize(terms);
    let mirrored = 0;
    terms.forEach((term, i) => {
      const mine = searchNormalize(term);
      if (mine === undefined) {
        expect(
          [...term].some((char) => 'ÆØÐÞ\u00a0\u2003ŔİıЖ€😀'.includes(char)),
          JSON.stringify(term),
        ).toBe(true);
        return;
      }
      mirrored++;
      expect(mine, JSON.stringify(term)).toBe(written[i]);
    });
    expect(mirrored).toBeGreaterThan(500);
    expect(searchNormalize('Padaria  São\tJoão')).toBe('padaria sao joao');
  });

  it('gives a statement the written term as a parameter, or the database’s call when it cannot write it', () => {
    const dialect = new PgDialect();
    expect(dialect.sqlToQuery(normalisedTerm('São João', true))).toMatchObject({
      sql: '$1::text',
      params: ['sao joao'],
    });
    expect(dialect.sqlToQuery(normalisedTerm('São João', false))).toMatchObject({
      sql: 'search_normalize($1)',
      params: ['São João'],
    });
    expect(dialect.sqlToQuery(normalisedTerm('Ŕecife', true))).toMatchObject({
      sql: 'search_normalize($1)',
      params: ['Ŕecife'],
    });
  });
});
