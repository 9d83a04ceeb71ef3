import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../src/testing/server-process.js';
import { SERVER_ENV } from './server-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (first super user included) that each PGlite server starts from a copy of. */
    pgliteTemplate: string;
  }
}

/**
 * Creating and migrating a fresh PGlite database takes ~25 s on a busy 2-core machine; starting
 * from a copy of one takes a few. The suite starts a dozen servers, so it makes one template here.
 */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-pglite-template-'));
  const server = await startServerProcess({ env: { ...SERVER_ENV, DATA_DIR: dir } });
  await server.stop();
  fs.rmSync(path.join(dir, 'server.lock'), { force: true });
  project.provide('pgliteTemplate', dir);
  console.log(`PGlite template data directory ready in ${Math.round(performance.now() - started)} ms`);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`Hardening suite: ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
  };
}
