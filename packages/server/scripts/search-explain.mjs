// EXPLAIN (ANALYZE, BUFFERS) of the statements the built repository sends for one search, as each plan sends them.
//   node packages/server/scripts/search-explain.mjs DB "<search>" [SORT=newest] [PLAN=after|before] [SKIP=0]
// DB is a postgres:// URL, or an embedded PGlite database: its folder, or bench-api --data-dir's (pgdata inside).
// SEARCH_EXPLAIN_DIST=dist-main reads another build's repository (a copy of its packages/server/dist beside this one).
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgdataOf } from './pglite-folder.mjs';

const dist = `../${process.env.SEARCH_EXPLAIN_DIST ?? 'dist'}`;
const { CompaniesRepository } = await import(`${dist}/db/companies-repository.js`);
const { schema } = await import(`${dist}/db/schema.js`);

const [url, search, sort = 'newest', which = 'after', skip = '0'] = process.argv.slice(2);
const captured = [];
const logger = { logQuery: (text, values) => captured.push({ text, values }) };
let db;
let explain;
let close;
if (/^postgres(ql)?:/.test(url)) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  db = drizzle(pool, { schema, logger });
  explain = async (statement, local) => {
    const client = await pool.connect();
    if (local) await client.query('begin; set local enable_indexscan = off');
    const { rows } = await client.query(statement.text, statement.values);
    if (local) await client.query('commit');
    client.release();
    return rows;
  };
  close = () => pool.end();
} else {
  const { openPglite } = await import(`${dist}/db/client.js`);
  const database = await openPglite(pgdataOf(url));
  const client = database.db.$client;
  db = drizzlePglite({ client, schema, logger });
  explain = async (statement, local) => {
    if (local) await client.query('begin; set local enable_indexscan = off');
    const { rows } = await client.query(statement.text, statement.values);
    if (local) await client.query('commit');
    return rows;
  };
  close = database.close;
}
const repo = new CompaniesRepository(db, which === 'before' ? { readFirst: false } : {});
const t = performance.now();
const answer = await repo.list({ search }, Number(skip), 5, sort);
const ms = performance.now() - t;
console.log(
  `${which} ${sort} ${JSON.stringify(search)}: ${answer.data.length} rows, count ${answer.count} exact ${answer.count_is_exact}, ${ms.toFixed(1)} ms through the repository`,
);
const local = captured.some((s) => /^set local/.test(s.text));
// EXPLAIN_REPEAT=N explains each statement N times more and prints the medians of its planning and execution times.
const repeat = Number(process.env.EXPLAIN_REPEAT ?? 0);
const timing = process.env.EXPLAIN_TIMING === 'off' ? 'timing off, ' : '';
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const statement of captured.filter((s) => /^(select|with)/i.test(s.text))) {
  // EXPLAIN_GENERIC=1: the plan made for any values (generic-plans.ts), the values written into EXECUTE.
  const literal = (value) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  const explained = process.env.EXPLAIN_GENERIC
    ? {
        text: `explain (analyze, ${timing}buffers, costs off) execute explained${
          statement.values.length > 0 ? `(${statement.values.map(literal).join(', ')})` : ''
        }`,
        values: [],
      }
    : { ...statement, text: `explain (analyze, ${timing}buffers, costs off) ${statement.text}` };
  if (process.env.EXPLAIN_GENERIC) {
    await explain({ text: 'set plan_cache_mode = force_generic_plan', values: [] });
    await explain({ text: 'deallocate all', values: [] });
    await explain({ text: `prepare explained as ${statement.text}`, values: [] });
  }
  const rows = await explain(explained, local);
  console.log(`--- ${statement.text.slice(0, 160)}${statement.text.length > 160 ? '…' : ''}`);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  if (repeat > 0) {
    const times = { Planning: [], Execution: [] };
    for (let i = 0; i < repeat; i++) {
      for (const row of await explain(explained, local)) {
        const found = /^(Planning|Execution) Time: ([0-9.]+)/.exec(row['QUERY PLAN']);
        if (found) times[found[1]].push(Number(found[2]));
      }
    }
    console.log(`medians of ${repeat}: planning ${median(times.Planning)} ms, execution ${median(times.Execution)} ms`);
  }
}
await close();
