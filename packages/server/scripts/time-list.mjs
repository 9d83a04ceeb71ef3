// Times CompaniesRepository.list in one process, one connection: node scripts/time-list.mjs DB SEARCH SORT [N] [DIST]
// DB is a postgres:// URL, or an embedded PGlite database: its folder, or bench-api --data-dir's (pgdata inside).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pgdataOf } from './pglite-folder.mjs';

const [url, search, sort, n = '200', distDir = 'dist'] = process.argv.slice(2);
const dist = `${distDir.startsWith('/') ? '' : '../'}${distDir}`;
const { CompaniesRepository } = await import(`${dist}/db/companies-repository.js`);
const { schema } = await import(`${dist}/db/schema.js`);
let db;
let close;
if (/^postgres(ql)?:/.test(url)) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  db = drizzle(pool, { schema });
  close = () => pool.end();
} else {
  const { openPglite } = await import(`${dist}/db/client.js`);
  const database = await openPglite(pgdataOf(url));
  db = database.db;
  close = database.close;
}
const repo = new CompaniesRepository(db);
// Warmed as long as it is timed: PGlite's engine is WebAssembly that V8 optimises while it runs, and one warm-up
// run timed the unoptimised engine (the first page 4.2 ms a list after one run, 0.73 after 300, on a million rows).
for (let i = 0; i < Number(n); i++) await repo.list({ search }, 0, 5, sort);
const t = performance.now();
const c0 = process.cpuUsage();
for (let i = 0; i < Number(n); i++) await repo.list({ search }, 0, 5, sort);
const ms = (performance.now() - t) / Number(n);
const cpu = process.cpuUsage(c0);
console.log(
  `${sort} ${search}: ${ms.toFixed(2)} ms a list, node CPU ${((cpu.user + cpu.system) / 1000 / Number(n)).toFixed(2)} ms`,
);
await close();
