import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The built CLI (`dist/cli.js`), from this file in `src/testing` or in `dist/testing`. */
export const BUILT_CLI = path.resolve(import.meta.dirname, '../../dist/cli.js');
/** The CLI's source, run through tsx (from `src/testing` only): the API suite needs no build. */
const SOURCE_CLI = path.resolve(import.meta.dirname, '../cli.ts');

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  child: ChildProcessWithoutNullStreams;
  /** Every line the server printed to stdout so far (its JSON log lines and the banner). */
  lines: string[];
  /** What the server printed to stderr so far (an uncaught error's stack lands there). */
  stderr(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Resolves with the first parsed JSON log line whose `msg` matches. */
  waitForLog(msg: RegExp, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Parsed JSON log lines so far. */
  logs(): Record<string, unknown>[];
  /** Resident memory of the server process in bytes (Linux /proc; undefined elsewhere). */
  rss(): number | undefined;
  /** SIGTERM and wait (SIGKILL after the grace time). */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL and wait: a crash. */
  crash(): Promise<void>;
}

export interface StartOptions {
  /** Environment of the server on top of this process's (PORT is always 0: the kernel picks a free port). */
  env: Record<string, string>;
  /** How long start-up (migrations included) may take; a loaded 2-core machine is slow. */
  timeoutMs?: number;
  /** Run `src/cli.ts` through tsx instead of the build: a real process for the API suite, which runs unbuilt. */
  fromSource?: boolean;
  /** Another build's `dist/cli.js` (a before/after benchmark); default this package's build. */
  cli?: string;
}

/**
 * Runs the real built server (`node dist/cli.js start`) in a child process on a free port and
 * resolves once it serves. For tests and load scripts that must see the product as it ships:
 * its own process, its own lock, its own crash.
 */
export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const cli = options.fromSource ? SOURCE_CLI : (options.cli ?? BUILT_CLI);
  if (!fs.existsSync(cli)) {
    throw new Error(`${cli} is missing: build the server first (npx -y pnpm@10.34.8 run build)`);
  }
  const args = options.fromSource ? ['--conditions=source', '--import', 'tsx', cli, 'start'] : [cli, 'start'];
  const child = spawn(process.execPath, args, {
    // `--import tsx` is resolved from the working directory: the server package's, which has it.
    ...(options.fromSource ? { cwd: path.resolve(import.meta.dirname, '../..') } : {}),
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...options.env, PORT: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  let partial = '';
  const waiters: { re: RegExp; resolve: (line: Record<string, unknown>) => void }[] = [];
  const parsed: Record<string, unknown>[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    partial += chunk;
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      lines.push(line);
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        parsed.push(entry);
        for (const waiter of waiters.splice(0)) {
          if (typeof entry.msg === 'string' && waiter.re.test(entry.msg)) waiter.resolve(entry);
          else waiters.push(waiter);
        }
      } catch {
        // Not a log line.
      }
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${options.timeoutMs ?? 120_000} ms\n${stderr}`));
    }, options.timeoutMs ?? 120_000);
    const onData = () => {
      const match = /Open: +http:\/\/localhost:(\d+)/.exec(lines.join('\n'));
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before serving\n${stderr}${lines.join('\n')}`));
    });
  });

  const waitFor = (graceMs: number) =>
    Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);

  return {
    url,
    pid: child.pid as number,
    child,
    lines,
    stderr: () => stderr,
    exited,
    logs: () => [...parsed],
    waitForLog(msg, timeoutMs = 30_000) {
      const found = parsed.find((entry) => typeof entry.msg === 'string' && msg.test(entry.msg));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no log line matching ${msg} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          re: msg,
          resolve: (entry) => {
            clearTimeout(timer);
            resolve(entry);
          },
        });
      });
    },
    rss() {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
        return kb ? Number(kb) * 1024 : undefined;
      } catch {
        return undefined;
      }
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await waitFor(graceMs);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
