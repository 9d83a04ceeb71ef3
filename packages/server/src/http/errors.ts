import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    const status = (error as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: clientErrorDetail(error as FastifyError) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
});

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
    default:
      return error.message;
  }
}
