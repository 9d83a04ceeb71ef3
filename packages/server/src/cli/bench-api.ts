import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CompaniesFilter, CompanySort } from '@backoffice/contracts';
import { formatCnpj } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, openPglite, openPostgres } from '../db/client.js';
import { CompaniesRepository } from '../db/companies-repository.js';
import { schema } from '../db/schema.js';
import { UsersRepository } from '../db/users-repository.js';
import { demoCompanies } from '../seed/demo-companies.js';
import { freePort } from '../testing/free-port.js';
import { BUILT_CLI } from '../testing/server-process.js';
import type { CapturedStatement, FloorPlan } from './bench-floor.js';
import { bulkLoadCompanies } from './bulk-load.js';
import { timedLoad } from './timed-load.js';

/**
 * `bench:api`: the API over HTTP, as its users meet it. Loads N demo companies into a scratch
 * database (BENCH_DATABASE_URL, emptied first, or PGlite in a temporary folder), starts the built
 * server in its own process on a free port, runs every request below with autocannon, runs the very
 * SQL each request sends through pgbench (PostgreSQL only, when pgbench is installed) in the
 * protocol the server uses (`-M prepared`: parsed once per connection, as the server's prepared
 * statements are — simple mode re-plans every statement and halves pgbench), and the same requests
 * against a bare `node:http` + `pg` floor (bench-floor.ts: the same token check, statements and JSON,
 * no framework), and prints one table. Numbers, not assertions.
 */
export interface BenchApiOptions {
  companies: number;
  /** Seconds of measurement per request (after one second of warm-up). */
  seconds: number;
  connections: number;
  /** Only the requests whose name contains this text (or one of several, separated by `|`). */
  only?: string;
  /** Write a V8 CPU profile of the server (`--cpu-prof`) into this folder. */
  cpuProfDir?: string;
  databaseUrl?: string;
  /** Keep a database that already holds exactly `companies` rows (before/after runs on the same data). */
  reuse?: boolean;
  /**
   * The embedded database's folder, kept after the run (default: a temporary one, removed): with `reuse`,
   * a later run — another build's, say — measures PGlite on the same data without loading it again.
   */
  dataDir?: string;
  /** Another build's server (its dist/cli.js) to time instead of this one: before/after on the same data and harness. */
  serverCli?: string;
  /**
   * Run the requests this many times, with an `ANALYZE companies` before each run but the first, and print
   * each request's p95 per run and the worst (issue 30: no plan may hinge on the statistics' sample).
   * The API alone: no pgbench, no floor.
   */
  reanalyze?: number;
}

const SUPERUSER = { email: 'bench@example.com', password: 'bench-password-1' };

interface BenchRequest {
  name: string;
  /** Path under /api/v1/ */
  path: string;
  auth: boolean;
  /** The statements the server runs for it, through the same repositories (for pgbench). */
  statements?: (repos: Repos) => Promise<unknown>;
}

interface Repos {
  companies: CompaniesRepository;
  users: UsersRepository;
  userId: string;
  db: Db;
}

/** A companies-screen request: the URL and, for pgbench, the statements the server runs for it. */
function companiesRequest(
  name: string,
  { sort, ...filter }: CompaniesFilter & { sort?: CompanySort },
  skip = 0,
  limit = 5,
): BenchRequest {
  const params = Object.entries({ skip, limit, ...filter, sort }).filter(([, v]) => v !== undefined);
  return {
    name,
    path: `companies/?${new URLSearchParams(params.map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
    auth: true,
    statements: (r) => r.users.findById(r.userId).then(() => r.companies.list(filter, skip, limit, sort)),
  };
}

/**
 * A CNPJ's first 2 to 8 characters, masked as the screen's users type them (`12.`, `12.3` … `12.345.678`)
 * and bare (`12` … `12345678`). A masked prefix is a prefix of tax_id; a bare one is searched in the
 * names and anywhere in the CNPJ, as any other text.
 */
function cnpjPrefixRequests(cnpj: string): BenchRequest[] {
  const masked = formatCnpj(cnpj);
  return [2, 3, 4, 5, 6, 7, 8].flatMap((length) => {
    const typed = masked.slice(0, length + (length > 5 ? 2 : 1));
    const bare = cnpj.slice(0, length);
    return [
      companiesRequest(`search "${typed}" (masked CNPJ prefix, ${length})`, { search: typed }),
      companiesRequest(`search "${bare}" (bare CNPJ prefix, ${length})`, { search: bare }),
    ];
  });
}

function requests(rareCnpj: string, middleCnpj: string): BenchRequest[] {
  return [
    {
      name: 'GET /utils/health-check/',
      path: 'utils/health-check/',
      auth: false,
      statements: (r) => r.db.execute(sql`select 1`),
    },
    { name: 'GET /users/me', path: 'users/me', auth: true, statements: (r) => r.users.findById(r.userId) },
    companiesRequest('companies, first page', {}),
    companiesRequest('companies, type=filial', { type: 'filial' }),
    companiesRequest('companies, type=matriz is_active=false', { type: 'matriz', is_active: false }),
    companiesRequest(`search "${rareCnpj}" (one CNPJ)`, { search: rareCnpj }),
    companiesRequest('search "comercio" (common word)', { search: 'comercio' }),
    companiesRequest('search "12.3" (masked CNPJ prefix)', { search: '12.3' }),
    companiesRequest('search "padaria sao joao" (words)', { search: 'padaria sao joao' }),
    companiesRequest('search "Araújo" (accented)', { search: 'Araújo' }),
    companiesRequest('search "sol nascente - recife" (rare phrase)', { search: 'sol nascente - recife' }),
    companiesRequest('search "farmacia aurora - cuiaba" (rare phrase)', { search: 'farmacia aurora - cuiaba' }),
    companiesRequest('sort=trading_name search "farmacia aurora - cuiaba"', {
      sort: 'trading_name',
      search: 'farmacia aurora - cuiaba',
    }),
    companiesRequest('sort=-cnpj search "12.3"', { sort: '-cnpj', search: '12.3' }),
    companiesRequest('sort=legal_name search "12.3"', { sort: 'legal_name', search: '12.3' }),
    ...cnpjPrefixRequests(middleCnpj),
    companiesRequest('search "zzzz" (no match)', { search: 'zzzz' }),
    companiesRequest('companies, page 1000 (skip 4995)', {}, 4995),
    companiesRequest('sort=trading_name', { sort: 'trading_name' }),
    companiesRequest('sort=-legal_name', { sort: '-legal_name' }),
    companiesRequest('sort=cnpj type=filial', { sort: 'cnpj', type: 'filial' }),
    companiesRequest('sort=trading_name, page 1000', { sort: 'trading_name' }, 4995),
    companiesRequest('sort=-legal_name type=filial, page 1000', { sort: '-legal_name', type: 'filial' }, 4995),
    companiesRequest('sort=cnpj, page 1000', { sort: 'cnpj' }, 4995),
    companiesRequest('sort=trading_name search "padaria"', { sort: 'trading_name', search: 'padaria' }),
    companiesRequest('sort=-legal_name search "comercio"', { sort: '-legal_name', search: 'comercio' }),
    // Every order but newest with a common word at the start of names, common words inside them, a rare
    // word, a phrase, and common words that are never together (issue 30).
    companiesRequest('sort=-trading_name search "padaria"', { sort: '-trading_name', search: 'padaria' }),
    companiesRequest('sort=legal_name search "padaria"', { sort: 'legal_name', search: 'padaria' }),
    companiesRequest('sort=cnpj search "padaria"', { sort: 'cnpj', search: 'padaria' }),
    companiesRequest('sort=trading_name search "aurora"', { sort: 'trading_name', search: 'aurora' }),
    companiesRequest('sort=-legal_name search "silva"', { sort: '-legal_name', search: 'silva' }),
    companiesRequest('sort=legal_name search "Araújo"', { sort: 'legal_name', search: 'Araújo' }),
    companiesRequest('sort=-trading_name search "xyzzyq"', { sort: '-trading_name', search: 'xyzzyq' }),
    companiesRequest('sort=-trading_name search "padaria sao joao"', {
      sort: '-trading_name',
      search: 'padaria sao joao',
    }),
    companiesRequest('sort=-cnpj search "padaria sao joao"', { sort: '-cnpj', search: 'padaria sao joao' }),
    companiesRequest('search "comercio ltda" (common words, no match)', { search: 'comercio ltda' }),
    companiesRequest('sort=trading_name search "comercio ltda"', { sort: 'trading_name', search: 'comercio ltda' }),
    companiesRequest('sort=-cnpj search "comercio ltda"', { sort: '-cnpj', search: 'comercio ltda' }),
    // A common phrase at the start of names (~5 % of the companies), in the newest and the name orders.
    companiesRequest('search "auto pecas" (common phrase)', { search: 'auto pecas' }),
    companiesRequest('sort=trading_name search "auto pecas"', { sort: 'trading_name', search: 'auto pecas' }),
    companiesRequest('sort=-legal_name search "auto pecas"', { sort: '-legal_name', search: 'auto pecas' }),
    companiesRequest('dashboard: companies, limit 100', {}, 0, 100),
    {
      name: 'dashboard: users, limit 100',
      path: 'users/?skip=0&limit=100',
      auth: true,
      statements: (r) => r.users.findById(r.userId).then(() => r.users.list(0, 100)),
    },
  ];
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The server process's CPU time (user + system) per answered request, in microseconds. */
  cpuPerRequest?: number;
  pgbenchTps?: number;
  /** The bare node:http + pg floor on the same request (PostgreSQL only). */
  floor?: { rps: number; cpuPerRequest?: number };
}

export async function benchApi(options: BenchApiOptions): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-api-'));
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : path.join(work, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const url = options.databaseUrl;
  let server: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  const secretKey = randomBytes(32).toString('base64url');
  try {
    // 1. The scratch database.
    const database: Database = url ? await openPostgres(url) : await openPglite(path.join(dataDir, 'pgdata'));
    try {
      await database.migrate();
      await database.db.execute(sql`truncate users cascade`);
      if (options.reuse && (await companyCount(database)) === options.companies) {
        // A migration may just have rewritten the table: without a visibility map every index-only scan
        // would visit the table, as it would not once autovacuum had passed.
        await database.db.execute(sql`vacuum analyze companies`);
        process.stdout.write(`engine=${database.engine} companies=${options.companies} (reused)\n`);
      } else await load(database, options.companies);
    } finally {
      await database.close();
    }

    // 2. The real server, built, in its own process.
    const port = await freePort();
    const logFile = path.join(work, 'server.log');
    const log = fs.openSync(logFile, 'a');
    const nodeArgs = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
    const startServer = () =>
      spawn(process.execPath, [...nodeArgs, options.serverCli ? path.resolve(options.serverCli) : BUILT_CLI, 'start'], {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: url ?? '',
          FIRST_SUPERUSER: SUPERUSER.email,
          FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
          SECRET_KEY: secretKey,
          AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', log, log],
      });
    server = startServer();
    const base = `http://127.0.0.1:${port}/api/v1/`;
    await waitUntilServing(`${base}utils/health-check/`, server);
    const token = await logIn(base);
    const userId = (JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { sub: string })
      .sub;

    // 3. The same SQL for pgbench, captured from the repositories the routes use.
    const first = demoCompanies(1).next().value;
    const rareCnpj = formatCnpj(first?.tax_id ?? '');
    const wanted = options.only?.split('|');
    const all = requests(rareCnpj, middleCnpj(options.companies)).filter(
      (r) => !wanted || wanted.some((text) => r.name.includes(text)),
    );
    // Re-analysing times the API alone: the same SQL in pgbench or the floor would not tell a plan apart.
    const runs = options.reanalyze ?? 1;
    const captured = url && !options.reanalyze ? await captureStatements(url, userId, all) : undefined;
    const pgbench = captured !== undefined && hasPgbench();
    if (options.reanalyze) process.stdout.write('pgbench and floor: skipped (--reanalyze times the API alone)\n');
    else if (!url) process.stdout.write('pgbench and floor: skipped (embedded PGlite has no server to connect to)\n');
    else if (!pgbench) process.stdout.write('pgbench: not installed, column left empty\n');

    // 3b. The floor, in its own process like the server, answering the same paths.
    const floorPort = await freePort();
    if (url && captured) {
      const plan: FloorPlan = {
        port: floorPort,
        databaseUrl: url,
        secretKey,
        poolSize: 10,
        routes: Object.fromEntries(
          all.map((r) => [`/api/v1/${r.path}`, { auth: r.auth, statements: captured.get(r.name) ?? [] }]),
        ),
      };
      const planFile = path.join(work, 'floor.json');
      fs.writeFileSync(planFile, JSON.stringify(plan));
      // The floor is part of the harness: always this build's, even when timing another build's server.
      floor = spawn(process.execPath, [...nodeArgs, BUILT_CLI, 'bench-floor', planFile], {
        stdio: ['ignore', log, log],
      });
      await waitUntilServing(`http://127.0.0.1:${floorPort}/ready`, floor);
    }

    // 4. Load, one request at a time.
    const autocannon = (await import('autocannon')).default;
    process.stdout.write(
      `\n${options.connections} connections, ${options.seconds} s per request (after 1 s warm-up), server pid ${server.pid}\n`,
    );
    const results: Row[][] = [];
    for (let run = 0; run < runs; run++) {
      if (run > 0) {
        server = await analyzeBetweenRuns(server, url, dataDir, startServer);
        await waitUntilServing(`${base}utils/health-check/`, server);
        process.stdout.write(`\nANALYZE companies, run ${run + 1} of ${runs}\n`);
      }
      results.push(await measureAll(server));
    }
    const rows = results[0] ?? [];

    async function measureAll(server: ChildProcess): Promise<Row[]> {
      const rows: Row[] = [];
      for (const request of all) {
        const headers: Record<string, string> = request.auth ? { authorization: `Bearer ${token}` } : {};
        const target = base + request.path;
        await runAutocannon(autocannon, target, headers, options.connections, 1);
        const cpuBefore = processCpuSeconds(server.pid as number);
        const result = await runAutocannon(autocannon, target, headers, options.connections, options.seconds);
        const cpuSpent = processCpuSeconds(server.pid as number) - cpuBefore;
        const cpuPerRequest =
          result.answers > 0 && Number.isFinite(cpuSpent) ? (cpuSpent * 1e6) / result.answers : undefined;
        const statements = captured?.get(request.name);
        const pgbenchTps =
          statements?.length && url && pgbench
            ? runPgbench(url, pgbenchScript(statements), options.connections, options.seconds, work)
            : undefined;
        const floorResult = floor
          ? await timeFloor(
              autocannon,
              floor.pid as number,
              `http://127.0.0.1:${floorPort}/api/v1/${request.path}`,
              headers,
              options,
            )
          : undefined;
        const row: Row = { name: request.name, ...result, cpuPerRequest, pgbenchTps, floor: floorResult };
        rows.push(row);
        process.stdout.write(`  ${formatRow(row)}\n`);
      }
      return rows;
    }

    const memory = readMemory(server.pid as number);
    process.stdout.write(
      [
        '',
        `bench:api ${new Date().toISOString()} engine=${url ? 'postgres' : 'pglite'} companies=${options.companies} ` +
          `connections=${options.connections} seconds=${options.seconds} cpus=${os.cpus().length}`,
        '',
        ...(options.reanalyze
          ? worstTable(results)
          : [
              '| request | rps | p50 ms | p95 ms | p99 ms | errors | server CPU µs/req | pgbench tps | ratio | floor rps | floor CPU µs/req | API / floor |',
              '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
              ...rows.map(formatRow),
            ]),
        '',
        `Server RSS: ${memory.rss} MiB now, ${memory.peak} MiB peak. Server log: ${logFile}`,
        '',
      ].join('\n'),
    );
  } finally {
    for (const child of [server, floor]) {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    if (!process.env.BENCH_KEEP && !options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function companyCount(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`select count(*)::int as n from companies`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

async function load(database: Database, count: number): Promise<void> {
  await database.db.execute(sql`truncate companies`);
  await timedLoad(database, count, bulkLoadCompanies, { every: 200_000, noun: 'companies' });
}

/**
 * The company at the middle of the demo data (the order `load` inserts them in): the CNPJ whose prefixes
 * bench:api searches, so that each of its 2 to 8 first characters matches at least that company.
 */
function middleCnpj(companies: number): string {
  let n = 0;
  for (const company of demoCompanies(companies)) if (++n >= companies / 2) return company.tax_id;
  return '12345678000195';
}

/**
 * `ANALYZE companies` between two runs of --reanalyze: on PostgreSQL beside the running server; PGlite has
 * one process, so the server stops, the statistics are taken, and the server starts again on the same port.
 */
async function analyzeBetweenRuns(
  server: ChildProcess,
  url: string | undefined,
  dataDir: string,
  startServer: () => ChildProcess,
): Promise<ChildProcess> {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('analyze companies');
    } finally {
      await client.end();
    }
    return server;
  }
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  const database = await openPglite(path.join(dataDir, 'pgdata'));
  try {
    await database.db.execute(sql`analyze companies`);
  } finally {
    await database.close();
  }
  return startServer();
}

/** --reanalyze's table: each request's p95 in each run, the worst of them, and the median p50. */
function worstTable(results: Row[][]): string[] {
  const first = results[0] ?? [];
  const runs = results.map((_, i) => `run ${i + 1} p95`);
  return [
    `| request | median p50 ms | ${runs.join(' | ')} | worst p95 ms | errors |`,
    `| --- | ---: | ${runs.map(() => '---:').join(' | ')} | ---: | ---: |`,
    ...first.map((row, i) => {
      const all = results.map((run) => run[i] ?? row);
      const p50s = all.map((r) => r.p50).sort((a, b) => a - b);
      const p95s = all.map((r) => r.p95);
      const errors = all.reduce((sum, r) => sum + r.errors, 0);
      return `| ${row.name} | ${ms(p50s[Math.floor(p50s.length / 2)] ?? 0)} | ${p95s.map(ms).join(' | ')} | **${ms(Math.max(...p95s))}** | ${errors} |`;
    }),
  ];
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

function formatRow(row: Row): string {
  const ratio = row.pgbenchTps ? (row.rps / row.pgbenchTps).toFixed(2) : '—';
  const tps = row.pgbenchTps ? Math.round(row.pgbenchTps).toString() : '—';
  const cpu = row.cpuPerRequest === undefined ? '—' : Math.round(row.cpuPerRequest).toString();
  const floorRps = row.floor ? Math.round(row.floor.rps).toString() : '—';
  const floorCpu = row.floor?.cpuPerRequest === undefined ? '—' : Math.round(row.floor.cpuPerRequest).toString();
  const versusFloor = row.floor?.rps ? (row.rps / row.floor.rps).toFixed(2) : '—';
  return `| ${row.name} | ${Math.round(row.rps)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${row.errors} | ${cpu} | ${tps} | ${ratio} | ${floorRps} | ${floorCpu} | ${versusFloor} |`;
}

type Autocannon = typeof import('autocannon');

/** Requests per second (2xx answers over the run), latency percentiles of every answer, errors. */
function runAutocannon(
  autocannon: Autocannon,
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Omit<Row, 'name'> & { answers: number }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url, connections, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      const at = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
      resolve({
        rps: result['2xx'] / seconds,
        p50: at(50),
        p95: at(95),
        p99: at(99),
        errors: result.errors + result.timeouts + result.non2xx,
        answers: latencies.length,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** Runs each request's repository calls once against PostgreSQL and keeps what they sent, with parameters. */
async function captureStatements(
  url: string,
  userId: string,
  all: BenchRequest[],
): Promise<Map<string, CapturedStatement[]>> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  let captured: CapturedStatement[] = [];
  const logger: Logger = { logQuery: (text, values) => captured.push({ text, values }) };
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  const repos: Repos = { companies: new CompaniesRepository(db), users: new UsersRepository(db), userId, db };
  const statements = new Map<string, CapturedStatement[]>();
  try {
    for (const request of all) {
      if (!request.statements) continue;
      // Once before capturing: what the repository reads once and keeps (the sample a search is planned
      // by) is not part of every request, and pgbench must not run it every time.
      await request.statements(repos);
      captured = [];
      await request.statements(repos);
      statements.set(request.name, captured);
    }
  } finally {
    await pool.end();
  }
  return statements;
}

/**
 * A pgbench script of the statements, parameters written in as literals: pgbench's `\set` has no
 * strings. Run with `-M prepared`, each is still parsed and planned once per connection.
 */
function pgbenchScript(statements: CapturedStatement[]): string {
  return `${statements.map((s) => `${shieldColons(inline(s.text, s.values)).replace(/\s+/g, ' ')};`).join('\n')}\n`;
}

/**
 * pgbench reads `:name` as one of its variables even inside a string literal (`'HH24:MI:SS'`, a
 * timestamp), and in prepared mode turns it into a parameter. Each such colon is split out as its own
 * literal (`'HH24' || ':' || 'MI'`): a constant expression PostgreSQL folds before planning.
 */
function shieldColons(statement: string): string {
  return statement.replace(/'(?:[^']|'')*'/g, (literal) => literal.replaceAll(':', "' || ':' || '"));
}

/** A statement with its parameters written in as literals. */
function inline(query: string, params: unknown[]): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

function hasPgbench(): boolean {
  return spawnSync('pgbench', ['--version'], { encoding: 'utf8' }).status === 0;
}

function runPgbench(url: string, script: string, clients: number, seconds: number, dir: string): number | undefined {
  const file = path.join(dir, 'pgbench.sql');
  fs.writeFileSync(file, script);
  const result = spawnSync(
    'pgbench',
    ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, url],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(result.stdout ?? '')?.[1];
  if (!tps) process.stdout.write(`  pgbench failed: ${result.stderr}\n`);
  return tps ? Number(tps) : undefined;
}

/** The floor on one request: warm-up, then requests per second and its CPU per answered request. */
async function timeFloor(
  autocannon: Autocannon,
  pid: number,
  url: string,
  headers: Record<string, string>,
  options: BenchApiOptions,
): Promise<Row['floor']> {
  await runAutocannon(autocannon, url, headers, options.connections, 1);
  const cpuBefore = processCpuSeconds(pid);
  const result = await runAutocannon(autocannon, url, headers, options.connections, options.seconds);
  const cpuSpent = processCpuSeconds(pid) - cpuBefore;
  return {
    rps: result.rps,
    cpuPerRequest: result.answers > 0 && Number.isFinite(cpuSpent) ? (cpuSpent * 1e6) / result.answers : undefined,
  };
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before serving`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 5 minutes');
}

async function logIn(base: string): Promise<string> {
  const response = await fetch(`${base}login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }).toString(),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux). Unlike requests per
 * second, CPU per request hardly moves when other work shares the machine: it is the figure to
 * compare two builds by on a busy host.
 */
function processCpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are 14 and 15.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Clock ticks per second of /proc's CPU times (almost always 100). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

function readMemory(pid: number): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rss: 0, peak: 0 };
  }
}
