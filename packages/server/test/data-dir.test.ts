import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/data-dir.js';

/**
 * The data-directory lock is tied to a live process: a lock whose process is gone is taken over at
 * once, a live owner is never displaced. (The real CLI after `kill -9` is in embedded.test.ts and
 * the hardening suite.)
 */
const dirs: string[] = [];
const releases: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const release of releases.splice(0)) await release();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-lock-'));
  dirs.push(dir);
  return dir;
}

async function lock(dir: string) {
  const release = await lockDataDir(dir, () => {});
  releases.push(release);
  return release;
}

const lockFile = (dir: string) => path.join(dir, 'server.lock');
const writeRecord = (dir: string, record: object) => fs.writeFileSync(lockFile(dir), JSON.stringify(record));

/** A PID that no process has right now (a child that has already exited). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

describe('data directory lock', () => {
  it('refuses a second owner while the first lives, in this process or another', async () => {
    const dir = tempDir();
    await lock(dir);
    await expect(lockDataDir(dir, () => {})).rejects.toBeInstanceOf(DataDirLockedError);
    const record = JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'));
    expect(record).toMatchObject({ pid: process.pid, host: os.hostname() });
  });

  it('is free again once released', async () => {
    const dir = tempDir();
    const release = await lock(dir);
    await release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    await lock(dir);
  });

  it('takes over at once a lock whose process has died', async () => {
    const dir = tempDir();
    writeRecord(dir, { pid: await deadPid(), host: os.hostname(), startedAt: 'x', token: 'dead' });
    await lock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
  });

  it('takes over a lock whose PID now belongs to another process (Linux start time differs)', async () => {
    const dir = tempDir();
    // Our parent is alive, but it is not the process that wrote this lock.
    writeRecord(dir, { pid: process.ppid, host: os.hostname(), startTicks: '1', startedAt: 'x', token: 'reused' });
    if (!fs.existsSync(`/proc/${process.ppid}/stat`)) return; // no /proc: cannot tell, the lock stands
    await lock(dir);
  });

  it('keeps a live process of this machine as the owner', async () => {
    const dir = tempDir();
    writeRecord(dir, { pid: process.ppid, host: os.hostname(), startedAt: 'x', token: 'alive' });
    await expect(lockDataDir(dir, () => {})).rejects.toThrow(`process ${process.ppid} on ${os.hostname()}`);
  });

  it('judges a lock from another PID namespace (a container with the same host name) by its heartbeat', async () => {
    if (!fs.existsSync('/proc/self/ns/pid')) return; // not Linux: namespaces cannot be told apart
    // A PID that does not exist here may well be alive in the other container.
    const foreign = { pid: await deadPid(), host: os.hostname(), pidNamespace: 'pid:[1]', startedAt: 'x', token: 'c' };
    const fresh = tempDir();
    writeRecord(fresh, foreign);
    await expect(lockDataDir(fresh, () => {})).rejects.toBeInstanceOf(DataDirLockedError);

    const old = tempDir();
    writeRecord(old, foreign);
    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile(old), longAgo, longAgo);
    await lock(old);
    expect(JSON.parse(fs.readFileSync(lockFile(old), 'utf8')).pidNamespace).toBe(fs.readlinkSync('/proc/self/ns/pid'));
  });

  it("judges another machine's lock by its heartbeat, and an old-style lock directory by its age", async () => {
    const fresh = tempDir();
    writeRecord(fresh, { pid: 1, host: 'another-host', startedAt: 'x', token: 'remote' });
    await expect(lockDataDir(fresh, () => {})).rejects.toBeInstanceOf(DataDirLockedError);

    const old = tempDir();
    writeRecord(old, { pid: 1, host: 'another-host', startedAt: 'x', token: 'remote' });
    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile(old), longAgo, longAgo);
    await lock(old);

    const legacy = tempDir();
    fs.mkdirSync(lockFile(legacy));
    fs.utimesSync(lockFile(legacy), longAgo, longAgo);
    await lock(legacy);
    expect(fs.statSync(lockFile(legacy)).isFile()).toBe(true);
  });

  it('reports a lock taken from under it', async () => {
    const dir = tempDir();
    const lost: Error[] = [];
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      releases.push(await lockDataDir(dir, (error) => lost.push(error)));
      writeRecord(dir, { pid: process.pid, host: os.hostname(), startedAt: 'x', token: 'someone-else' });
      vi.advanceTimersByTime(10_000);
      expect(lost.map((e) => e.message)).toEqual([expect.stringContaining('removed or replaced')]);
    } finally {
      vi.useRealTimers();
    }
  });
});
