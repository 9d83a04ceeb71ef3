import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another back office server is already using the data directory ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR (embedded PostgreSQL allows one server per directory).',
    );
  }
}

/**
 * Takes an exclusive lock on the data directory. PGlite is single-process: two servers on one
 * directory would silently lose writes, so the second one must refuse to start. The lock is
 * refreshed while the process lives and is considered stale 30 s after a crash.
 */
export async function lockDataDir(dataDir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: 30_000,
      update: 10_000,
      realpath: false,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
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
