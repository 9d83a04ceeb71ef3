import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, holder?: string) {
    super(
      `Another back office server is already using the data directory ${dataDir}${holder ? ` (${holder})` : ''}. ` +
        'Stop it first, or start this one with a different DATA_DIR (embedded PostgreSQL allows one server per directory).',
    );
  }
}

/** What the lock file says about its owner (like PostgreSQL's postmaster.pid). */
interface LockRecord {
  pid: number;
  host: string;
  /** Linux: the kernel's boot id and the process's start time, so a reused PID is not mistaken for the owner. */
  bootId?: string;
  startTicks?: string;
  /**
   * Linux: the PID namespace (`pid:[…]`). Two containers may share a host name and a data volume but
   * not their process numbers: a lock from another namespace is judged by its heartbeat, as another
   * machine's is.
   */
  pidNamespace?: string;
  startedAt: string;
  token: string;
}

interface Holder {
  record: LockRecord | undefined;
  ino: number;
  mtimeMs: number;
  isDirectory: boolean;
}

const LOCK_FILE = 'server.lock';
/** The owner touches its lock this often and checks that it is still its own. */
const HEARTBEAT_MS = 10_000;
/** A lock from another machine (a shared volume) cannot be checked by PID: it is stale once this old. */
const FOREIGN_STALE_MS = 30_000;

/** Data directories locked by this process: a second server in the same process is refused too. */
const lockedHere = new Set<string>();

/**
 * Takes the data directory for this process. PGlite is single-process: two servers on one
 * directory would silently lose writes, so a second one must refuse to start. Ownership is tied
 * to a live process, not to a timer: the lock names its process, and a lock whose process is gone
 * (a crash, `kill -9`) is taken over at once, so a process manager's immediate restart works.
 * Returns the function that releases it.
 */
export async function lockDataDir(dataDir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const key = fs.realpathSync(dataDir);
  if (lockedHere.has(key)) throw new DataDirLockedError(dataDir, 'this process');
  const lockPath = path.join(dataDir, LOCK_FILE);
  const record = ownRecord();
  acquire(dataDir, lockPath, record);
  lockedHere.add(key);

  const heartbeat = setInterval(() => {
    try {
      if (readHolder(lockPath)?.record?.token !== record.token) {
        throw new Error(`the lock file ${lockPath} was removed or replaced by another process`);
      }
      const now = new Date();
      fs.utimesSync(lockPath, now, now);
    } catch (error) {
      clearInterval(heartbeat);
      onLost(error as Error);
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return async () => {
    clearInterval(heartbeat);
    lockedHere.delete(key);
    try {
      if (readHolder(lockPath)?.record?.token === record.token) fs.unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

function acquire(dataDir: string, lockPath: string, record: LockRecord) {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(lockPath, record)) return;
    const holder = readHolder(lockPath);
    if (!holder) continue; // released between our two looks: try again
    if (isAlive(holder)) throw new DataDirLockedError(dataDir, ownerOf(holder));
    removeStale(dataDir, lockPath, holder);
  }
  throw new DataDirLockedError(dataDir);
}

/**
 * Creates the lock file only if there is none, atomically and complete: the record is written to
 * a private file first and hard-linked into place (link fails if the name exists), so no other
 * process ever reads a half-written lock.
 */
function createExclusively(lockPath: string, record: LockRecord): boolean {
  const draft = `${lockPath}.${record.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, `${JSON.stringify(record)}\n`, { mode: 0o644 });
  try {
    fs.linkSync(draft, lockPath);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
    // A file system without hard links: exclusive create, then write (a reader may see it empty
    // for an instant, which readHolder treats as a live lock).
    try {
      fs.writeFileSync(lockPath, `${JSON.stringify(record)}\n`, { flag: 'wx', mode: 0o644 });
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function readHolder(lockPath: string): Holder | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(lockPath);
  } catch {
    return undefined;
  }
  // Earlier versions kept a directory here (a timer-based lock); it is judged by its age.
  if (stat.isDirectory()) return { record: undefined, ino: stat.ino, mtimeMs: stat.mtimeMs, isDirectory: true };
  let record: LockRecord | undefined;
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockRecord>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string' && typeof parsed.token === 'string') {
      record = parsed as LockRecord;
    }
  } catch {
    record = undefined;
  }
  return { record, ino: stat.ino, mtimeMs: stat.mtimeMs, isDirectory: false };
}

/** Is the owner named by a lock still running? */
function isAlive(holder: Holder): boolean {
  const { record } = holder;
  const recentlyTouched = Date.now() - holder.mtimeMs < FOREIGN_STALE_MS;
  // No readable record (an old-style lock, or a file being written): only its age can tell.
  if (!record) return recentlyTouched;
  // Another machine's process cannot be looked up: it is alive while it keeps touching the lock.
  if (record.host !== os.hostname()) return recentlyTouched;
  const pidNamespace = readPidNamespace();
  if (record.pidNamespace && pidNamespace && record.pidNamespace !== pidNamespace) return recentlyTouched;
  const bootId = readBootId();
  if (record.bootId && bootId && record.bootId !== bootId) return false; // the machine restarted since
  if (record.pid === process.pid) return false; // our PID, but not our lock: a previous life (PID 1 in a container)
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: the process exists, under another user.
  }
  // The PID is in use; on Linux, make sure it is the same process and not a reused number.
  const startTicks = readStartTicks(record.pid);
  return !(record.startTicks && startTicks && record.startTicks !== startTicks);
}

/**
 * Moves a stale lock out of the way, making sure it is the very file judged stale (same inode):
 * if another starter replaced it in the meantime, that one is put back and this start refused.
 */
function removeStale(dataDir: string, lockPath: string, stale: Holder) {
  const aside = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = fs.lstatSync(aside);
  if (moved.ino !== stale.ino) {
    try {
      fs.linkSync(aside, lockPath);
    } finally {
      fs.rmSync(aside, { force: true });
    }
    throw new DataDirLockedError(dataDir);
  }
  fs.rmSync(aside, { recursive: true, force: true });
}

function ownerOf(holder: Holder): string | undefined {
  if (!holder.record) return undefined;
  return `process ${holder.record.pid} on ${holder.record.host}, since ${holder.record.startedAt}`;
}

function ownRecord(): LockRecord {
  return {
    pid: process.pid,
    host: os.hostname(),
    bootId: readBootId(),
    startTicks: readStartTicks(process.pid),
    pidNamespace: readPidNamespace(),
    startedAt: new Date().toISOString(),
    token: randomBytes(16).toString('hex'),
  };
}

function readBootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

function readPidNamespace(): string | undefined {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot (Linux). */
function readStartTicks(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/**
 * Outside production a missing SECRET_KEY is generated once and kept in the data directory, so
 * tokens survive restarts without anyone having to invent a key.
 */
export function resolveSecretKey(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret_key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
