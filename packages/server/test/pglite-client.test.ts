import { NoopCache } from 'drizzle-orm/cache/core';
import { NoopLogger } from 'drizzle-orm/logger';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { openPglite, withoutTextParsers } from '../src/db/client.js';

describe('the PGlite client drizzle talks to', () => {
  it('drops exactly the parsers drizzle sends with every query (PGlite holds them from its creation)', () => {
    const query = new PglitePreparedQuery(
      {} as never,
      'select 1',
      [],
      new NoopLogger(),
      new NoopCache(),
      undefined,
      undefined,
      undefined,
      undefined,
      false,
    );
    const { queryConfig, rawQueryConfig } = query as unknown as Record<'queryConfig' | 'rawQueryConfig', object>;
    for (const options of [queryConfig, rawQueryConfig]) {
      expect(options).toHaveProperty('parsers');
      expect(withoutTextParsers(options)).not.toHaveProperty('parsers');
    }
    // A parser for any other type still reaches PGlite.
    const boolean = { rowMode: 'array' as const, parsers: { 16: (value: string) => value === 't' } };
    expect(withoutTextParsers(boolean)).toBe(boolean);
  });

  it('still reads timestamps, dates and intervals as drizzle expects, in and out of transactions', async () => {
    const database = await openPglite(undefined);
    try {
      const read = async (db: typeof database.db) =>
        (await db.execute(
          "select timestamptz '2026-11-23 10:00:00.123+00' as at, date '2026-11-23' as day, interval '1 day' as span",
        )) as unknown as { rows: Record<string, unknown>[] };
      const expected = { at: '2026-11-23 10:00:00.123+00', day: '2026-11-23', span: '1 day' };
      expect((await read(database.db)).rows[0]).toEqual(expected);
      expect((await database.db.transaction((tx) => read(tx as never))).rows[0]).toEqual(expected);
    } finally {
      await database.close();
    }
  });
});
