import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Db, MIGRATIONS_FOLDER, openPglite } from '../../src/db/client.js';

/** An entry of drizzle's journal of the migrations (drizzle/meta/_journal.json). */
export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export const readJournal = (folder = MIGRATIONS_FOLDER) =>
  JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };

/**
 * The migrations folder as it was before `tag`: its SQL files, and a journal that ends before it (a database
 * migrated with it is one of the release before). Removed by the returned `remove`.
 */
export function migrationsBefore(tag: string): { folder: string; remove: () => void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = readJournal(folder);
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at === -1) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * An embedded database of the release before `tag` (migrated up to it), `before` run on it, then migrated to this
 * release and `after` run on it: how a test says what a migration does to the data of an existing database. The
 * database and the folder are removed afterwards.
 */
export async function upgradeFromRelease(
  tag: string,
  steps: { before?: (db: Db) => Promise<void>; after: (db: Db) => Promise<void> },
): Promise<void> {
  const database = await openPglite(undefined);
  const release = migrationsBefore(tag);
  try {
    await migrate(database.db as never, { migrationsFolder: release.folder });
    await steps.before?.(database.db);
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await steps.after(database.db);
  } finally {
    await database.close();
    release.remove();
  }
}
