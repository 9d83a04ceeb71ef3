import type { Database } from '../db/client.js';

type CompaniesLoader = (database: Database, count: number, onProgress?: (done: number) => void) => Promise<number>;

/**
 * A benchmark's data load, told as it goes (a line every `every` rows) and at the end with its rate
 * (`engine=… <noun>=… load=…s (… rows/s)`), so a slow load is seen apart from the timings that follow.
 */
export async function timedLoad(
  database: Database,
  count: number,
  loader: CompaniesLoader,
  report: { every: number; noun: string },
): Promise<number> {
  const started = performance.now();
  const loaded = await loader(database, count, (n) => {
    if (n % report.every === 0) process.stdout.write(`  loaded ${n}\n`);
  });
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `engine=${database.engine} ${report.noun}=${loaded} load=${seconds.toFixed(1)}s (${Math.round(loaded / seconds)} rows/s)\n`,
  );
  return loaded;
}
