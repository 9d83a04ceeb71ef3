import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets: the reset link's token (`/reset-password?token=…`). */
const SECRET_QUERY = /([?&](?:token|password|new_password)=)[^&#]*/gi;

/** A URL as the log may show it: secret query values replaced, everything else kept for debugging. */
export function urlForLog(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
}

/**
 * The server's logger: tokens and passwords never reach the log, whatever a log line includes —
 * not in headers, not in a logged object, not in the URL a user followed from a recovery e-mail.
 * The request serializer is Fastify's own fields, with the URL passed through urlForLog.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.new_password', '*.token'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: urlForLog(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
