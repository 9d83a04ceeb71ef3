// The PGlite database a script is pointed at: the folder itself, or the `pgdata` inside it (bench-api --data-dir
// leaves it there). Anything else is refused: PGlite would create an empty database in it, and the script would
// then fail on a missing table or function.
import fs from 'node:fs';
import path from 'node:path';

export function pgdataOf(folder) {
  for (const candidate of [folder, path.join(folder, 'pgdata')]) {
    if (fs.existsSync(path.join(candidate, 'PG_VERSION'))) return candidate;
  }
  throw new Error(`${folder} holds no PGlite database (neither it nor ${path.join(folder, 'pgdata')} has PG_VERSION)`);
}
