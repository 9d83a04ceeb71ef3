import { AuditEventsQuerySchema, AuditEventsSchema, HttpErrorSchema } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import type { ValibotTypeProvider } from '../http/valibot.js';

/** The activity list of the whole back office: super users only, as it names every user's actions. */
export default async function auditEventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/audit-events',
    {
      preHandler: app.requireSuperuser,
      schema: {
        tags: ['history'],
        summary: 'Activity: every recorded change and sign-in (super users)',
        description:
          'Newest first, filtered by who (`actor_id`), what (`action`: exact, such as `company.deleted`, or a prefix ' +
          'ending in a dot, such as `user.`), entity (`entity_type`, `entity_id`) and period (`from` inclusive, `to` ' +
          'exclusive). Keyset pages: pass `next_cursor` as `cursor`; a page costs the same however deep. Events are ' +
          'kept AUDIT_RETENTION_DAYS days (default: forever).',
        security: [{ bearer: [] }],
        querystring: AuditEventsQuerySchema,
        response: { 200: AuditEventsSchema, 403: HttpErrorSchema },
      },
    },
    async (request) => {
      const { cursor, limit, actor_id, action, entity_type, entity_id, from, to } = request.query;
      return app.auditRepository.list(
        {
          actorId: actor_id || undefined,
          action: action || undefined,
          entityType: entity_type || undefined,
          entityId: entity_id || undefined,
          from: from || undefined,
          to: to || undefined,
        },
        limit,
        cursor,
      );
    },
  );
}
