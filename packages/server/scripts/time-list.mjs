// Times CompaniesRepository.list in one process, one connection: node scripts/time-list.mjs URL SEARCH SORT [N] [DIST]
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

const [url, search, sort, n = '200', distDir = 'dist'] = process.argv.slice(2);
const { CompaniesRepository } = await import(
  `${distDir.startsWith('/') ? '' : '../'}${distDir}/db/companies-repository.js`
);
const { schema } = await import(`${distDir.startsWith('/') ? '' : '../'}${distDir}/db/schema.js`);
const pool = new pg.Pool({ connectionString: url, max: 1 });
const repo = new CompaniesRepository(drizzle(pool, { schema }));
await repo.list({ search }, 0, 5, sort);
const t = performance.now();
const c0 = process.cpuUsage();
for (let i = 0; i < Number(n); i++) await repo.list({ search }, 0, 5, sort);
const ms = (performance.now() - t) / Number(n);
const cpu = process.cpuUsage(c0);
console.log(
  `${sort} ${search}: ${ms.toFixed(2)} ms a list, node CPU ${((cpu.user + cpu.system) / 1000 / Number(n)).toFixed(2)} ms`,
);
await pool.end();
