import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { formatCnpj } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { UsersRepository } from '../db/users-repository.js';
import { demoCompanies } from '../seed/demo-companies.js';
import { CSV_BOM, CSV_HEADER, csvRecord } from '../services/companies-csv.js';
import { createMailer } from '../services/mailer.js';
import { memoryStore } from '../services/rate-limiter.js';

export interface BenchImportOptions {
  /** File sizes to import, in rows (each into an emptied registry). */
  sizes: number[];
  databaseUrl?: string | undefined;
}

/** The CSV our export writes, `rows` lines of demo companies, generated as it is sent (never whole in memory). */
function* csvChunks(rows: number, seed: number): Generator<string> {
  yield CSV_BOM + csvRecord(CSV_HEADER);
  let chunk = '';
  let inChunk = 0;
  for (const company of demoCompanies(rows, seed)) {
    chunk += csvRecord([
      company.trading_name,
      company.legal_name,
      formatCnpj(company.tax_id),
      company.type === 'matriz' ? 'Matriz' : 'Filial',
      company.is_active ? 'Ativa' : 'Inativa',
      '',
    ]);
    if (++inChunk === 500) {
      yield chunk;
      chunk = '';
      inChunk = 0;
    }
  }
  if (chunk) yield chunk;
}

/** POSTs the generated file to `url` with backpressure and answers the response text and the bytes sent. */
function post(url: string, token: string, rows: number, seed: number): Promise<{ text: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    });
    let bytes = 0;
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => {
        text += part;
      });
      response.on('end', () => resolve({ text, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
    const chunks = csvChunks(rows, seed);
    const write = () => {
      for (;;) {
        const next = chunks.next();
        if (next.done) {
          request.end();
          return;
        }
        bytes += Buffer.byteLength(next.value);
        if (!request.write(next.value)) {
          request.once('drain', write);
          return;
        }
      }
    };
    write();
  });
}

/** The highest RSS seen while `work` runs (sampled every 20 ms), next to the RSS before it. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; beforeMb: number; peakMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, beforeMb: before / 2 ** 20, peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/**
 * `bench-import`: the CSV import over HTTP against the real app (its routes, triggers and history) in
 * this process, on a scratch PGlite or the PostgreSQL of BENCH_DATABASE_URL (its companies are emptied).
 * For each size: the preview's time, the import's time and rows per second, and the process's memory
 * before and at its peak — the import streams, so the peak should not grow with the file. Numbers only.
 */
export async function benchImport(options: BenchImportOptions): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-import-'));
  const url = options.databaseUrl;
  const database: Database = url ? await openPostgres(url) : await openPglite(path.join(work, 'pgdata'));
  const config = loadConfig({ DATA_DIR: work, LOG_LEVEL: 'warn' });
  const app = await buildApp({
    config: { ...config, secretKey: 'bench-import-secret-key-0123456789-abcdefgh' },
    database,
    mailer: createMailer(config),
    rateLimitStore: memoryStore(),
  });
  try {
    await database.migrate();
    const user = await new UsersRepository(database.db).create({
      email: `bench-import-${Date.now()}@example.com`,
      hashed_password: 'not-a-login',
      full_name: 'Bench',
      is_superuser: false,
      is_active: true,
    });
    const token = await app.accessTokens.issue({ userId: user.id, version: user.token_version });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const cpus = os.cpus().length;
    process.stdout.write(`engine=${database.engine} node=${process.version} cpus=${cpus}\n`);
    process.stdout.write('| rows | file MB | preview s | import s | rows/s | RSS before MB | RSS peak MB |\n');
    process.stdout.write('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n');
    for (const [index, rows] of options.sizes.entries()) {
      await database.db.execute(sql`truncate companies`);
      const seed = 7_000 + index;
      const previewStarted = performance.now();
      const preview = await post(`${address}/api/v1/companies/import/preview`, token, rows, seed);
      const previewSeconds = (performance.now() - previewStarted) / 1000;
      const valid = (JSON.parse(preview.text) as { valid: number }).valid;
      const started = performance.now();
      const { result, beforeMb, peakMb } = await withPeakMemory(() =>
        post(`${address}/api/v1/companies/import`, token, rows, seed),
      );
      const seconds = (performance.now() - started) / 1000;
      const summary = JSON.parse(result.text.trim().split('\n').at(-1) ?? '{}') as { created?: number; type?: string };
      if (summary.type !== 'summary') throw new Error(`import did not finish: ${result.text.slice(-300)}`);
      process.stdout.write(
        `| ${rows} | ${(result.bytes / 2 ** 20).toFixed(1)} | ${previewSeconds.toFixed(1)} | ${seconds.toFixed(1)} | ${Math.round((summary.created ?? 0) / seconds)} | ${beforeMb.toFixed(0)} | ${peakMb.toFixed(0)} |\n`,
      );
      if (summary.created !== valid) {
        process.stdout.write(
          `  note: the preview counted ${valid} valid rows, the import created ${summary.created}\n`,
        );
      }
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
