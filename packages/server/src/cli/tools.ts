import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError } from '../data-dir.js';
import type { ToolsModule } from '../tools-module.js';

/**
 * The server's tools — benchmarks, soak and demo data — behind the same `backoffice-server` command as
 * `start`, but compiled apart (`build:tools`, tsconfig.tools.json → `dist-tools/`) so that the `dist/`
 * a deployment runs holds none of them. `cli.ts` hands every command but `start` to `tools.run`.
 */
const USAGE = `  seed-demo [N]      add N demo companies (default 200) to the configured database
  bench [N]          load N companies (default 1000000) into a scratch database and time the list queries
  bench-api [--companies N] [--seconds S] [--connections C] [--only TEXT[|TEXT…]] [--cpu-prof DIR] [--reuse]
            [--data-dir DIR] [--server CLI] [--reanalyze N]
                     load N companies (default 1000000) into a scratch database (BENCH_DATABASE_URL, else
                     PGlite), start the built server and time each API request over HTTP (autocannon,
                     default 20 connections, 8 s each) next to the same SQL in pgbench; --reuse keeps a
                     database that already holds exactly N companies instead of reloading it (for PGlite,
                     one kept in --data-dir); --server times another build's server (its dist/cli.js) on
                     the same data; --reanalyze runs every request N times with an ANALYZE of the companies
                     between runs and prints each one's worst p95 (the API alone, no pgbench or floor)
  bench-recovery [--requests N] [--compare CLI]
                     time password recovery for an existing and an unknown address (N of each, default 50,
                     alternating) against the built server (BENCH_DATABASE_URL for PostgreSQL); --compare
                     times another build's dist/cli.js too
  bench-import [--rows N[,N…]]
                     import CSV files of N demo companies (default 10000,100000) over HTTP into a scratch
                     database (BENCH_DATABASE_URL, else PGlite) and print the preview's and the import's
                     time, rows per second and the process's peak memory per size
  soak [SECONDS]     run the built server under mixed load (default 600 s, SOAK_CONNECTIONS=50) and print
                     errors, latency percentiles and its memory; SOAK_DATABASE_URL for a PostgreSQL database
`;

export const tools: ToolsModule = { usage: USAGE, run: runTool };

/**
 * Settings errors are answered here: this build's `ConfigError` is not the class `cli.ts` was
 * compiled with. (`bench-floor` resolves with -1: it serves until `bench-api` stops it.)
 */
async function runTool(command: string, args: string[]): Promise<number | undefined> {
  try {
    return await dispatch(command, args);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return 78;
    }
    throw error;
  }
}

async function dispatch(command: string, args: string[]): Promise<number | undefined> {
  switch (command) {
    case 'seed-demo': {
      const { seedDemo } = await import('./seed-demo.js');
      await seedDemo(loadConfig(), parseCount(args[0], 200));
      return 0;
    }
    case 'bench': {
      const { bench } = await import('./bench.js');
      await bench(parseCount(args[0], 1_000_000));
      return 0;
    }
    case 'bench-api': {
      const { benchApi } = await import('./bench-api.js');
      const flags = parseFlags(args, [
        'companies',
        'seconds',
        'connections',
        'only',
        'cpu-prof',
        'reuse',
        'server',
        'data-dir',
        'reanalyze',
      ]);
      await benchApi({
        companies: parseCount(flags.companies, 1_000_000),
        seconds: parseCount(flags.seconds, 8),
        connections: parseCount(flags.connections, 20),
        only: flags.only,
        cpuProfDir: flags['cpu-prof'],
        reuse: flags.reuse === 'true',
        serverCli: flags.server,
        dataDir: flags['data-dir'],
        reanalyze: flags.reanalyze === undefined ? undefined : parseCount(flags.reanalyze, 1),
        databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      });
      return 0;
    }
    case 'bench-floor': {
      // bench:api's bare node:http + pg floor, in its own process; runs until bench:api stops it.
      const { serveFloor } = await import('./bench-floor.js');
      await serveFloor(args[0] ?? '');
      return -1;
    }
    case 'bench-recovery': {
      const { benchRecovery } = await import('./bench-recovery.js');
      const flags = parseFlags(args, ['requests', 'compare']);
      await benchRecovery({
        requests: parseCount(flags.requests, 50),
        compareCli: flags.compare,
        databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      });
      return 0;
    }
    case 'bench-import': {
      const { benchImport } = await import('./bench-import.js');
      const flags = parseFlags(args, ['rows']);
      await benchImport({
        sizes: (flags.rows ?? '10000,100000').split(',').map((size) => parseCount(size, 0)),
        databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      });
      return 0;
    }
    case 'soak': {
      const { soak } = await import('./soak.js');
      await soak({
        seconds: parseCount(args[0], 600),
        connections: parseCount(process.env.SOAK_CONNECTIONS, 50),
        databaseUrl: process.env.SOAK_DATABASE_URL || undefined,
      });
      return 0;
    }
    default:
      return undefined;
  }
}

/**
 * `--name value` pairs, or a lone `--name` (then "true"); anything else, and any name outside `known`,
 * is an error (a mistyped option must not start a long run without it).
 */
function parseFlags(args: string[], known: string[]): Record<string, string | undefined> {
  const flags: Record<string, string | undefined> = {};
  for (let i = 0; i < args.length; i++) {
    const name = args[i] as string;
    if (!name.startsWith('--')) throw new ConfigError(`unexpected argument "${name}"`);
    if (!known.includes(name.slice(2))) {
      throw new ConfigError(`unknown option "${name}" (known: ${known.map((flag) => `--${flag}`).join(' ')})`);
    }
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) flags[name.slice(2)] = 'true';
    else {
      flags[name.slice(2)] = value;
      i++;
    }
  }
  return flags;
}

function parseCount(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`N must be a positive whole number (got "${raw}")`);
  return n;
}
