#!/usr/bin/env node
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './data-dir.js';
import type { ToolsModule } from './tools-module.js';

const USAGE = `Usage: backoffice-server <command>

  start              migrate, create the first super user and serve the API (and the built frontends)
  remotes <command>  publish, promote, canary, roll back and list the remotes' releases (remotes help)
`;

/**
 * The tools (benchmarks, soak, demo data: src/cli/tools.ts and what it imports) are compiled apart
 * into `dist-tools/` by `build:tools`, so the `dist/` that `start` runs holds none of them; run from
 * source, they are imported from source. A computed specifier: tsc must not follow it into this build.
 */
const TOOLS_ENTRY = new URL(
  import.meta.url.endsWith('.ts') ? './cli/tools.ts' : '../dist-tools/cli/tools.js',
  import.meta.url,
);

async function loadTools(): Promise<ToolsModule | undefined> {
  if (!fs.existsSync(fileURLToPath(TOOLS_ENTRY))) return undefined;
  return ((await import(TOOLS_ENTRY.href)) as { tools: ToolsModule }).tools;
}

const TOOLS_MISSING = `  (benchmarks, soak and seed-demo: build them first with
   npx -y pnpm@10.34.8 --filter @backoffice/server run build:tools)
`;

/** Entry point of the server package; reads its settings from the environment (see README). */
async function main(argv: string[]): Promise<number> {
  // `pnpm run seed:demo -- 500` passes the `--` through; it is not an argument.
  const [command, ...args] = argv.filter((arg) => arg !== '--');
  if (command === 'start') {
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
  if (command === 'remotes') {
    // Operations, not a tool: a deployment publishes and promotes with the build it runs.
    const { remotesCommand } = await import('./cli/remotes.js');
    return remotesCommand(args, loadConfig(), process.env);
  }
  const tools = await loadTools();
  const code = command && tools ? await tools.run(command, args) : undefined;
  if (code !== undefined) return code;
  process.stderr.write(USAGE + (tools?.usage ?? TOOLS_MISSING));
  return command ? 2 : 0;
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
