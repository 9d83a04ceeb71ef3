// Issue 30's sweep (docs/performance.md, 2026-11-28): every masked CNPJ prefix of DIGITS characters (3: 10.0 …
// 99.9) in one order, as the planner alone plans it (`readFirst: false`, the search before issue 30) and read
// first, EXPLAIN ANALYZE'd after each of ROUNDS `ANALYZE companies`: how many walk an order's index, and the
// median, p95 and worst execution time and buffers of each. Needs the built server (`build`) and a loaded database:
//   node packages/server/scripts/search-plans.mjs postgres://…/<bench db> [ROUNDS=3] [SORT=newest] [DIGITS=3]

import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { CompaniesRepository } from '../dist/db/companies-repository.js';
import { schema } from '../dist/db/schema.js';

const [url, rounds = '3', sort = 'newest', digits = '3'] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 1 });
let captured = [];
const db = drizzle(pool, { schema, logger: { logQuery: (text, values) => captured.push({ text, values }) } });
const repos = { before: new CompaniesRepository(db, { readFirst: false }), after: new CompaniesRepository(db) };
const prefixes = [];
for (let n = 10 ** (Number(digits) - 1); n < 10 ** Number(digits); n++) {
  const d = String(n);
  prefixes.push(`${d.slice(0, 2)}.${d.slice(2)}`);
}
const pct = (values, p) =>
  values.slice().sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
for (let round = 1; round <= Number(rounds); round++) {
  await pool.query('analyze companies');
  for (const [label, repo] of Object.entries(repos)) {
    const times = [];
    const buffers = [];
    let walks = 0;
    let worst = { time: 0 };
    for (const search of prefixes) {
      captured = [];
      await repo.list({ search }, 0, 5, sort);
      const statement = captured.filter((s) => /^select/.test(s.text)).at(-1);
      const local = captured.some((s) => /^set local/.test(s.text));
      const client = await pool.connect();
      if (local) await client.query('begin; set local enable_indexscan = off');
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = (await client.query(`explain (analyze, buffers, format json) ${statement.text}`, statement.values)).rows;
      if (local) await client.query('commit');
      client.release();
      const text = JSON.stringify(plan);
      if (
        /companies_(created_at_idx|filter_idx|trading_name_sort_idx|legal_name_sort_idx|cnpj_sort_idx|tax_id_unique)/.test(
          text,
        )
      )
        walks++;
      times.push(plan['Execution Time']);
      buffers.push(plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks']);
      if (plan['Execution Time'] > worst.time) worst = { time: plan['Execution Time'], search };
    }
    console.log(
      `round ${round} ${label}: ${prefixes.length} prefixes, ${walks} walk an order's index; execution ms median ${pct(times, 50).toFixed(2)} p95 ${pct(times, 95).toFixed(2)} max ${worst.time.toFixed(2)} (${worst.search}); buffers median ${pct(buffers, 50)} p95 ${pct(buffers, 95)} max ${Math.max(...buffers)}`,
    );
  }
}
await pool.end();
