import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { cnpjOf } from '@backoffice/contracts';
import { startServerProcess } from '../testing/server-process.js';

/**
 * `bench:soak`: the built server in its own process under mixed load from `connections` clients
 * for `seconds`, then the figures that say whether it holds up over time: errors, latency
 * percentiles, and the server's memory at the start and the end. Numbers, not assertions
 * (docs/reliability.md keeps them).
 */
export interface SoakOptions {
  seconds: number;
  connections: number;
  /** A scratch PostgreSQL database (it gets rows); unset = embedded PGlite in a temporary folder. */
  databaseUrl?: string;
}

const SUPERUSER = { email: 'soak@example.com', password: 'soak-password-1' };

interface Outcome {
  ms: number;
  status: number;
}

/** One keep-alive socket per client, as browsers and API clients hold them. */
function client(base: URL, agent: http.Agent) {
  return (method: string, url: string, token?: string, body?: unknown): Promise<Outcome & { json: unknown }> =>
    new Promise((resolve) => {
      const started = performance.now();
      const payload =
        body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (payload) {
        headers['content-type'] = typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json';
        headers['content-length'] = String(payload.length);
      }
      const req = http.request(
        { host: base.hostname, port: base.port, method, path: `/api/v1/${url}`, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            let json: unknown;
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              json = undefined;
            }
            resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, json });
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ ms: performance.now() - started, status: 0, json: undefined }));
      req.end(payload);
    });
}

let cnpjSeq = Math.floor(Math.random() * 10_000_000);
function newCnpj(): string {
  cnpjSeq++;
  return cnpjOf(10_000_000 + (cnpjSeq % 89_999_999));
}

const SEARCHES = ['padaria', 'sao joao', 'ltda', '11.222', 'comercio', 'zzzz', 'a'];

export async function soak(options: SoakOptions): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-soak-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    FIRST_SUPERUSER: SUPERUSER.email,
    FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
    SECRET_KEY: randomBytes(32).toString('base64url'),
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const server = await startServerProcess({ env, timeoutMs: 180_000 });
  const base = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const call = client(base, agent);
  try {
    const form = new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }).toString();
    const token = ((await call('POST', 'login/access-token', undefined, form)).json as { access_token: string })
      .access_token;
    const companyIds: string[] = [];
    for (let i = 0; i < 200; i++) {
      const created = await call('POST', 'companies/', token, {
        trading_name: `Padaria São João ${i}`,
        legal_name: `Comércio ${i} Ltda`,
        tax_id: newCnpj(),
        type: i % 3 === 0 ? 'matriz' : 'filial',
      });
      companyIds.push((created.json as { id: string }).id);
    }
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;

    /** One request of the mix, weighted roughly like an office's day: mostly reading. */
    const mixed = async (): Promise<[string, Outcome]> => {
      const roll = Math.random() * 100;
      if (roll < 35) {
        const search = Math.random() < 0.5 ? `&search=${encodeURIComponent(pick(SEARCHES))}` : '';
        return ['list companies', await call('GET', `companies/?skip=0&limit=5${search}`, token)];
      }
      if (roll < 50) return ['read a company', await call('GET', `companies/${pick(companyIds)}`, token)];
      if (roll < 60) return ['current user', await call('GET', 'users/me', token)];
      if (roll < 65) return ['list users', await call('GET', 'users/?skip=0&limit=10', token)];
      if (roll < 77) {
        const res = await call('POST', 'companies/', token, {
          trading_name: 'Nova Empresa',
          legal_name: 'Nova Empresa Ltda',
          tax_id: newCnpj(),
        });
        if (res.status === 200) companyIds.push((res.json as { id: string }).id);
        return ['create a company', res];
      }
      if (roll < 89) {
        return [
          'update a company',
          await call('PATCH', `companies/${pick(companyIds)}`, token, { is_active: roll < 83 }),
        ];
      }
      if (roll < 92 && companyIds.length > 100) {
        const id = companyIds.splice(Math.floor(Math.random() * companyIds.length), 1)[0] as string;
        return ['delete a company', await call('DELETE', `companies/${id}`, token)];
      }
      if (roll < 95) return ['log in', await call('POST', 'login/access-token', undefined, form)];
      // Bad input the API must refuse cleanly.
      return ['invalid input (422)', await call('POST', 'companies/', token, { trading_name: 'A\u0000', tax_id: 1 })];
    };

    const latencies: number[] = [];
    const byKind = new Map<string, { n: number; errors: number; ms: number[] }>();
    const unexpected = new Map<string, number>();
    let errors = 0;
    const rssSamples: number[] = [];
    const sampleRss = () => {
      const rss = server.rss();
      if (rss !== undefined) rssSamples.push(rss);
    };
    sampleRss();
    const rssTimer = setInterval(sampleRss, 5_000);
    const started = performance.now();
    const endAt = started + options.seconds * 1000;
    let lastReport = started;
    const worker = async () => {
      while (performance.now() < endAt) {
        const [kind, outcome] = await mixed();
        latencies.push(outcome.ms);
        const stats = byKind.get(kind) ?? { n: 0, errors: 0, ms: [] };
        stats.n++;
        stats.ms.push(outcome.ms);
        // A company another client deleted a moment ago is a 404, not a failure of the server.
        const expected =
          kind === 'invalid input (422)'
            ? outcome.status === 422
            : outcome.status === 200 || (outcome.status === 404 && kind.endsWith('a company'));
        if (!expected) {
          errors++;
          stats.errors++;
          const key = `${kind} → ${outcome.status || 'no answer'}`;
          unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
        }
        byKind.set(kind, stats);
        if (performance.now() - lastReport > 60_000) {
          lastReport = performance.now();
          const minutes = ((lastReport - started) / 60_000).toFixed(0);
          process.stdout.write(
            `  ${minutes} min: ${latencies.length} requests, ${errors} errors, server RSS ${mib(server.rss())}\n`,
          );
        }
      }
    };
    process.stdout.write(
      `Soak: ${options.connections} connections for ${options.seconds} s against ${
        options.databaseUrl ? 'PostgreSQL (SOAK_DATABASE_URL)' : 'embedded PGlite'
      }, server pid ${server.pid}\n`,
    );
    await Promise.all(Array.from({ length: options.connections }, worker));
    clearInterval(rssTimer);
    sampleRss();
    const seconds = (performance.now() - started) / 1000;

    const sorted = [...latencies].sort((a, b) => a - b);
    const row = (name: string, n: number, errs: number, ms: number[]) => {
      const s = [...ms].sort((a, b) => a - b);
      return `| ${name} | ${n} | ${errs} | ${fmt(pct(s, 50))} | ${fmt(pct(s, 95))} | ${fmt(pct(s, 99))} | ${fmt(s.at(-1))} |`;
    };
    const lines = [
      '',
      `Soak finished: ${latencies.length} requests in ${seconds.toFixed(0)} s (${(latencies.length / seconds).toFixed(0)}/s), ` +
        `${errors} errors (${((errors / Math.max(1, latencies.length)) * 100).toFixed(3)} %)`,
      `Server RSS: start ${mib(rssSamples[0])}, end ${mib(rssSamples.at(-1))}, max ${mib(Math.max(...rssSamples))}`,
      '',
      '| request | count | errors | p50 ms | p95 ms | p99 ms | max ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      row('**all**', latencies.length, errors, sorted),
      ...[...byKind].sort(([, a], [, b]) => b.n - a.n).map(([kind, s]) => row(kind, s.n, s.errors, s.ms)),
      '',
      unexpected.size
        ? `Unexpected answers: ${[...unexpected].map(([k, n]) => `${k} ×${n}`).join(', ')}`
        : 'No unexpected answer.',
      '',
    ];
    process.stdout.write(lines.join('\n'));
  } finally {
    agent.destroy();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function pct(sorted: number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const fmt = (ms: number | undefined) => (ms === undefined ? '–' : ms.toFixed(1));
const mib = (bytes: number | undefined) => (bytes === undefined ? '?' : `${(bytes / 2 ** 20).toFixed(0)} MiB`);
