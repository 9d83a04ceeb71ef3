import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CompaniesFilter, CompanySort } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { CompaniesRepository } from '../db/companies-repository.js';
import { companiesCsv } from '../services/companies-csv.js';
import { loadDemoCompanies } from './seed-demo.js';
import { timedLoad } from './timed-load.js';

/**
 * Loads `count` demo companies into a scratch database (a temporary PGlite directory, or the
 * PostgreSQL of BENCH_DATABASE_URL, which it empties first) and prints how long the companies
 * list takes for the queries the screen makes. Numbers only: nothing here asserts a time.
 */
export async function bench(count: number) {
  const url = process.env.BENCH_DATABASE_URL;
  const dir = url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const database: Database = url ? await openPostgres(url) : await openPglite(dir);
  try {
    await database.migrate();
    if (url) await database.db.execute(sql`truncate companies`);
    await timedLoad(database, count, loadDemoCompanies, { every: 100_000, noun: 'rows' });
    const repo = new CompaniesRepository(database.db);
    const cases: [string, CompaniesFilter, number, CompanySort?][] = [
      ['first page, no filter', {}, 0],
      ['first page, type=filial', { type: 'filial' }, 0],
      ['first page, type=matriz is_active=false', { type: 'matriz', is_active: false }, 0],
      ['search "padaria sao joao" (accents off)', { search: 'padaria sao joao' }, 0],
      ['search "Oliveira & Araújo" (legal name)', { search: 'Oliveira & Araújo' }, 0],
      ['search "a" (broad, capped count)', { search: 'a' }, 0],
      ['search masked CNPJ prefix "10.00"', { search: '10.00' }, 0],
      ['search absent name "zzzz"', { search: 'zzzz' }, 0],
      ['page 1000 (skip 4995), no filter', {}, 4_995],
      ['sort=trading_name, first page', {}, 0, 'trading_name'],
      ['sort=-trading_name, first page', {}, 0, '-trading_name'],
      ['sort=legal_name, first page', {}, 0, 'legal_name'],
      ['sort=-legal_name, first page', {}, 0, '-legal_name'],
      ['sort=cnpj, first page', {}, 0, 'cnpj'],
      ['sort=-cnpj, first page', {}, 0, '-cnpj'],
      ['sort=trading_name type=matriz is_active=false', { type: 'matriz', is_active: false }, 0, 'trading_name'],
      ['sort=-legal_name, page 1000', {}, 4_995, '-legal_name'],
      ['sort=trading_name search "padaria"', { search: 'padaria' }, 0, 'trading_name'],
    ];
    process.stdout.write('query                                          median_ms  p95_ms  count\n');
    for (const [name, filter, skip, sort] of cases) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < 15; i++) {
        const started = performance.now();
        const result = await repo.list(filter, skip, 5, sort);
        times.push(performance.now() - started);
        count = result.count;
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] as number;
      const p95 = times[Math.floor(times.length * 0.95)] as number;
      process.stdout.write(
        `${name.padEnd(46)} ${median.toFixed(1).padStart(9)} ${p95.toFixed(1).padStart(7)}  ${count}\n`,
      );
    }
    // The CSV export of every row, as the route streams it (the text is counted, not kept).
    const exportStarted = performance.now();
    let bytes = 0;
    let peakRss = 0;
    for await (const chunk of companiesCsv(repo.exportRows({}, 'trading_name'))) {
      bytes += Buffer.byteLength(chunk);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    process.stdout.write(
      `export.csv sort=trading_name: ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${exportSeconds.toFixed(1)} s, peak rss=${Math.round(peakRss / 1024 / 1024)} MiB\n`,
    );
    process.stdout.write(`memory rss=${Math.round(process.memoryUsage().rss / 1024 / 1024)} MiB\n`);
  } finally {
    await database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
