import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { partnerCorsDelegator } from './partner-embeds.js';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Chakra UI (emotion) writes its styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
};

/**
 * Helmet's headers for these options, worked out once. They depend on no request, and calling
 * helmet() per request — as the Fastify plugin does — rebuilds them and parses the CSP each time
 * (4–6 % of the server's CPU under load).
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Security headers on every reply (404s and errors included), and CORS only for the configured origins
 * (and, on the companies endpoints, the partner keys' origins).
 */
export default fp(async function security(app: FastifyInstance) {
  const headers = securityHeaders();
  // A route may still set its own value of one of them: the later reply.header wins.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, {
    delegator: partnerCorsDelegator(app, {
      methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type', 'ngrok-skip-browser-warning'],
      // The CSV export's file name, read by a page on another origin (the companies embed).
      exposedHeaders: ['Content-Disposition'],
      maxAge: 600,
    }),
  });
});
