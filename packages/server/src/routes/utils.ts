import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { HttpError } from '../http/http-error.js';
import type { ValibotTypeProvider } from '../http/valibot.js';

export default async function utilRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '/utils/health-check/',
    {
      schema: {
        tags: ['utils'],
        summary: 'Health check: answers true when the database answers',
        response: { 200: v.boolean() },
      },
      logLevel: 'warn',
    },
    async () => {
      try {
        await app.database.db.execute(sql`select 1`);
        return true;
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        throw new HttpError(503, 'Database unavailable');
      }
    },
  );
}
