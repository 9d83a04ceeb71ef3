#!/usr/bin/env node
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './data-dir.js';

const USAGE = `Usage: backoffice-server <command>

  start              migrate, create the first super user and serve the API (and the built frontends)
  seed-demo [N]      add N demo companies (default 200) to the configured database
  bench [N]          load N companies (default 1000000) into a scratch database and time the list queries
  bench-api [--companies N] [--seconds S] [--connections C] [--only TEXT[|TEXT…]] [--cpu-prof DIR] [--reuse]
            [--data-dir DIR] [--server CLI]
                     load N companies (default 1000000) into a scratch database (BENCH_DATABASE_URL, else
                     PGlite), start the built server and time each API request over HTTP (autocannon,
                     default 20 connections, 8 s each) next to the same SQL in pgbench; --reuse keeps a
                     database that already holds exactly N companies instead of reloading it (for PGlite,
                     one kept in --data-dir); --server times another build's server (its dist/cli.js) on
                     the same data
  bench-recovery [--requests N] [--compare CLI]
                     time password recovery for an existing and an unknown address (N of each, default 50,
                     alternating) against the built server (BENCH_DATABASE_URL for PostgreSQL); --compare
                     times another build's dist/cli.js too
  remotes <command>  publish, promote, canary, roll back and list the remotes' releases (remotes help)
  bench-import [--rows N[,N…]]
                     import CSV files of N demo companies (default 10000,100000) over HTTP into a scratch
                     database (BENCH_DATABASE_URL, else PGlite) and print the preview's and the import's
                     time, rows per second and the process's peak memory per size
  soak [SECONDS]     run the built server under mixed load (default 600 s, SOAK_CONNECTIONS=50) and print
                     errors, latency percentiles and its memory; SOAK_DATABASE_URL for a PostgreSQL database
`;

/** Entry point of the server package; reads its settings from the environment (see README). */
async function main(argv: string[]): Promise<number> {
  // `pnpm run seed:demo -- 500` passes the `--` through; it is not an argument.
  const [command, ...args] = argv.filter((arg) => arg !== '--');
  switch (command) {
    case 'start': {
      const { startServer } = await import('./server.js');
      const server = await startServer(loadConfig());
      let closing = false;
      const shutdown = async (signal: string) => {
        if (closing) return;
        closing = true;
        process.stdout.write(`\n${signal} received, shutting down…\n`);
        await server.close();
        process.exit(0);
      };
      process.on('SIGINT', () => void shutdown('SIGINT'));
      process.on('SIGTERM', () => void shutdown('SIGTERM'));
      return -1;
    }
    case 'seed-demo': {
      const { seedDemo } = await import('./cli/seed-demo.js');
      await seedDemo(loadConfig(), parseCount(args[0], 200));
      return 0;
    }
    case 'bench': {
      const { bench } = await import('./cli/bench.js');
      await bench(parseCount(args[0], 1_000_000));
      return 0;
    }
    case 'bench-api': {
      const { benchApi } = await import('./cli/bench-api.js');
      const flags = parseFlags(args, [
        'companies',
        'seconds',
        'connections',
        'only',
        'cpu-prof',
        'reuse',
        'server',
        'data-dir',
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
        databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      });
      return 0;
    }
    case 'bench-floor': {
      // bench:api's bare node:http + pg floor, in its own process; runs until bench:api stops it.
      const { serveFloor } = await import('./cli/bench-floor.js');
      await serveFloor(args[0] ?? '');
      return -1;
    }
    case 'bench-recovery': {
      const { benchRecovery } = await import('./cli/bench-recovery.js');
      const flags = parseFlags(args, ['requests', 'compare']);
      await benchRecovery({
        requests: parseCount(flags.requests, 50),
        compareCli: flags.compare,
        databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      });
      return 0;
    }
    case 'remotes': {
      const { remotesCommand } = await import('./cli/remotes.js');
      return remotesCommand(args, loadConfig(), process.env);
    }
    case 'bench-import': {
      const { benchImport } = await import('./cli/bench-import.js');
      const flags = parseFlags(args, ['rows']);
      await benchImport({
        sizes: (flags.rows ?? '10000,100000').split(',').map((size) => parseCount(size, 0)),
        databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      });
      return 0;
    }
    case 'soak': {
      const { soak } = await import('./cli/soak.js');
      await soak({
        seconds: parseCount(args[0], 600),
        connections: parseCount(process.env.SOAK_CONNECTIONS, 50),
        databaseUrl: process.env.SOAK_DATABASE_URL || undefined,
      });
      return 0;
    }
    default:
      process.stderr.write(USAGE);
      return command ? 2 : 0;
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

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`Error: ${error.message}\n`);
      process.exit(78);
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
