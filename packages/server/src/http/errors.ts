import http from 'node:http';
import type { Socket } from 'node:net';
import { apiErrors } from '@backoffice/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/errors.js';
import { RateLimitedError } from '../services/rate-limiter.js';
import { HttpError } from './http-error.js';
import { RequestValidationError, validationDetail } from './valibot.js';

/**
 * Every error leaves as `{"detail": …}`, the shape the frontend reads (FastAPI's): 422 with a list
 * of `{loc, msg, type}`, anything else with a text. Bad input is a 4xx, never a 500, and a 500
 * never carries a stack trace.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.code(422).send({ detail: validationDetail(error) });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof RateLimitedError) {
      return reply.code(429).header('Retry-After', String(error.retryAfterSeconds)).send({ detail: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      app.database.reportUnavailable?.(error);
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ detail: DATABASE_UNAVAILABLE });
    }
    if (isStatementTimeout(error)) {
      request.log.warn({ err: error }, 'statement timeout: the request was stopped');
      return reply.code(503).header('Retry-After', '5').send({ detail: STATEMENT_TIMEOUT });
    }
    const status = (error as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: clientErrorDetail(error as FastifyError) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
});

export const DATABASE_UNAVAILABLE = apiErrors.databaseUnavailable;
export const STATEMENT_TIMEOUT = apiErrors.statementTimeout;

/**
 * Fastify's router answers a few requests before any route or error handler runs (a path
 * parameter over `maxParamLength`, broken percent-encoding in the path). This gives them the same
 * `{"detail": …}` shape. Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  reply.code(status).send({ detail: clientErrorDetail(error) });
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over the size
 * limit, malformed HTTP, a client too slow to send its request). Answer them in the API's shape
 * too, then close the connection as Node would. Passed to Fastify as `clientErrorHandler`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ detail });
  // An answer to HEAD has no body (its client would read one as garbage): when the refused bytes
  // show a HEAD request, send the headers only.
  const rawPacket = (error as { rawPacket?: Buffer }).rawPacket;
  const isHead = rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${isHead ? '' : body}`,
    );
  }
  socket.destroy(error);
}

function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Media Type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'A path parameter is too long';
    case 'FST_ERR_BAD_URL':
      return 'The URL is not valid (broken percent-encoding)';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Content-Length does not match the body';
    default:
      return error.message;
  }
}
