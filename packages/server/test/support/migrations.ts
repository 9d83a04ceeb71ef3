import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../src/db/client.js';

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
