import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { partnerCorsDelegator } from './partner-embeds.js';

/**
 * Helmet's defaults, with what this product decides:
 * - Framing: no page of the product is ever shown in a frame (partner portals embed the companies
 *   screen as a script and a custom element in their own page, DESIGN §4), so both headers say never:
 *   `frame-ancestors 'none'`, and `X-Frame-Options: DENY` for browsers without CSP level 2.
 * - HSTS and `upgrade-insecure-requests` only when the site is served over HTTPS (`httpsOnly`): on a
 *   plain-HTTP office install the first pins browsers to a TLS port nobody listens on for a year, the
 *   second makes them ask for every file over it.
 */
function helmetOptions({ httpsOnly }: { httpsOnly: boolean }): HelmetOptions {
  return {
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
        upgradeInsecureRequests: httpsOnly ? [] : null,
      },
    },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * Helmet's headers for these options, worked out once. They depend on no request, and calling
 * helmet() per request — as the Fastify plugin does — rebuilds them and parses the CSP each time
 * (4–6 % of the server's CPU under load).
 */
export function securityHeaders(options: { httpsOnly: boolean }): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions(options))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Security headers on every reply (404s and errors included), and CORS only for the configured origins
 * (and, on the companies endpoints, the partner keys' origins).
 */
export default fp(async function security(app: FastifyInstance) {
  const headers = securityHeaders({ httpsOnly: app.config.httpsOnly });
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
