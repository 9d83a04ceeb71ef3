// EXPLAIN (ANALYZE, BUFFERS) of the statements the built repository sends for one search, as each plan sends them.
//   node packages/server/scripts/search-explain.mjs postgres://…/<db> "<search>" [SORT=newest] [PLAN=after|before] [SKIP=0]
// SEARCH_EXPLAIN_DIST=dist-main reads another build's repository (a copy of its packages/server/dist beside this one).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

const dist = `../${process.env.SEARCH_EXPLAIN_DIST ?? 'dist'}`;
const { CompaniesRepository } = await import(`${dist}/db/companies-repository.js`);
const { schema } = await import(`${dist}/db/schema.js`);

const [url, search, sort = 'newest', which = 'after', skip = '0'] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 1 });
const captured = [];
const db = drizzle(pool, { schema, logger: { logQuery: (text, values) => captured.push({ text, values }) } });
const repo = new CompaniesRepository(db, which === 'before' ? { readFirst: false } : {});
const t = performance.now();
const answer = await repo.list({ search }, Number(skip), 5, sort);
const ms = performance.now() - t;
console.log(
  `${which} ${sort} ${JSON.stringify(search)}: ${answer.data.length} rows, count ${answer.count} exact ${answer.count_is_exact}, ${ms.toFixed(1)} ms through the repository`,
);
const local = captured.some((s) => /^set local/.test(s.text));
for (const statement of captured.filter((s) => /^(select|with)/i.test(s.text))) {
  const client = await pool.connect();
  if (local) await client.query('begin; set local enable_indexscan = off');
  const { rows } = await client.query(`explain (analyze, buffers, costs off) ${statement.text}`, statement.values);
  if (local) await client.query('commit');
  client.release();
  console.log(`--- ${statement.text.slice(0, 160)}${statement.text.length > 160 ? '…' : ''}`);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
}
await pool.end();
