import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often the purge runs while the server is up. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * AUDIT_RETENTION_DAYS: events older than that many days are deleted when the server starts and every
 * hour after. 0 (the default) keeps the history forever. Several instances purging at once is harmless:
 * each deletes what is older than the same limit.
 */
export default fp(async function auditRetention(app: FastifyInstance) {
  const days = app.config.auditRetentionDays;
  if (!days) return;
  const purge = async () => {
    try {
      const removed = await app.auditRepository.purgeOlderThan(days);
      if (removed > 0) app.log.info({ removed, retentionDays: days }, 'history: purged events past retention');
    } catch (error) {
      app.log.warn({ err: error }, 'history: the retention purge failed; it runs again in an hour');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(purge, PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
