#!/usr/bin/env node
// The two README commands for a fresh machine, with nothing but Node.js and npm installed:
//   npm start  -> install, build, then run the whole product on its embedded defaults
//   npm test   -> install, build, then every check and test suite
// and the benchmarks that need the same preparation:
//   npm run bench:web -> install, then the browser benchmark (it builds what is missing)
//   npm run bench:api -> install, build the server and its tools, then the HTTP benchmark of the API
// pnpm is bootstrapped through npx at the version pinned in package.json ("packageManager").
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { packageManager } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const pnpmVersion = packageManager.replace(/^pnpm@/, '');

/** `pnpm` when the pinned version is on PATH, otherwise the same version through npx. */
function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (probe.status === 0 && probe.stdout.trim() === pnpmVersion) return ['pnpm'];
  return ['npx', '-y', `pnpm@${pnpmVersion}`];
}

const pnpm = pnpmCommand();

function run(args, options = {}) {
  const [command, ...rest] = [...pnpm, ...args];
  console.log(`\n> pnpm ${args.join(' ')}`);
  const result = spawnSync(command, rest, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function install() {
  // A lockfile makes installs reproducible; CI must never rewrite it.
  run(['install', '--frozen-lockfile']);
}

const task = process.argv[2];
if (task === 'start') {
  install();
  run(['run', 'build']);
  console.log('\n> node packages/server/dist/cli.js start');
  const server = spawn(process.execPath, ['packages/server/dist/cli.js', 'start'], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
} else if (task === 'test') {
  install();
  run(['run', 'build']);
  run(['run', 'check']);
  run(['run', 'test:all']);
} else if (task === 'bench:web') {
  install();
  run(['--filter', '@backoffice/e2e', 'run', 'bench:web', ...process.argv.slice(3)]);
} else if (task === 'bench:api') {
  install();
  run(['--filter', '@backoffice/server...', 'run', 'build']);
  run(['--filter', '@backoffice/server', 'run', 'build:tools']);
  run(['--filter', '@backoffice/server', 'exec', 'node', 'dist/cli.js', 'bench-api', ...process.argv.slice(3)]);
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test|bench:web|bench:api');
  process.exit(2);
}
