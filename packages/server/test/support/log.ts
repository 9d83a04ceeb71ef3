import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../../src/http/log.js';

/** The server's own logger writing into `lines`, so a test can read every line the app logged. */
export function capturedLog(level = 'info'): { lines: string[]; logger: FastifyServerOptions['logger'] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { ...loggerOptions(level), stream } };
}
