import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { partnerCorsDelegator } from './partner-embeds.js';

/** What a page may load from where besides its own origin, and how the site is served. */
export interface ContentSources {
  /** The site is served over HTTPS only (HTTPS_ONLY). */
  httpsOnly: boolean;
  /**
   * Developers' dev servers this page loads an overridden remote from (`?remote-override=`, from the
   * origins DEV_REMOTE_ORIGINS allows): its scripts, styles, images and fonts, its `remote.json` and
   * manifest (fetch) and its hot-reload socket. Only a page that honours an override lists them.
   */
  devRemoteOrigins?: readonly string[];
}

/** The WebSocket origin a dev server's hot reload uses: `http://x` → `ws://x`, `https://x` → `wss://x`. */
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The page's Content-Security-Policy: the one place that says what may be loaded. Everything comes
 * from the page's own origin unless the operator lists more (dev servers, for remote overrides).
 * `upgrade-insecure-requests` only when the site is served over HTTPS (on a plain-HTTP office install it
 * makes browsers ask for every file over a TLS port nobody listens on), and never with dev servers,
 * which are usually plain http.
 */
export function contentSecurityPolicy({ httpsOnly, devRemoteOrigins = [] }: ContentSources) {
  const dev = [...devRemoteOrigins];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...dev],
    // Chakra UI (emotion) writes its styles at run time.
    styleSrc: ["'self'", "'unsafe-inline'", ...dev],
    imgSrc: ["'self'", 'data:', ...dev],
    fontSrc: ["'self'", 'https:', 'data:', ...dev],
    connectSrc: ["'self'", ...dev, ...dev.map(socketOrigin)],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: httpsOnly && dev.length === 0 ? [] : null,
  };
}

/**
 * Helmet's defaults, with what this product decides:
 * - The CSP above.
 * - Framing: no page of the product is ever shown in a frame (partner portals embed the companies
 *   screen as a script and a custom element in their own page, DESIGN §4), so both headers say never:
 *   `frame-ancestors 'none'`, and `X-Frame-Options: DENY` for browsers without CSP level 2.
 * - HSTS only when the site is served over HTTPS (`httpsOnly`): on a plain-HTTP office install it pins
 *   browsers to a TLS port nobody listens on for a year.
 */
function helmetOptions(sources: ContentSources): HelmetOptions {
  return {
    contentSecurityPolicy: { directives: contentSecurityPolicy(sources) },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: sources.httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * Helmet's headers for these sources, worked out once. They depend on no request, and calling
 * helmet() per request — as the Fastify plugin does — rebuilds them and parses the CSP each time
 * (4–6 % of the server's CPU under load).
 */
export function securityHeaders(sources: ContentSources): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions(sources))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * The CSP of a page that loads remotes from developers' dev servers (`origins`, already allowed by
 * DEV_REMOTE_ORIGINS). Every other answer keeps the CSP without them: listing the dev servers on every
 * page would let any script there run in every visitor's page, and would drop upgrade-insecure-requests
 * for everyone. Worked out once per set of origins (a few developers).
 */
export function overriddenPageCsp(httpsOnly: boolean, origins: readonly string[]): string {
  const key = `${httpsOnly} ${[...origins].sort().join(' ')}`;
  let csp = overriddenCsps.get(key);
  if (csp === undefined) {
    csp = securityHeaders({ httpsOnly, devRemoteOrigins: [...origins].sort() })['content-security-policy'] as string;
    overriddenCsps.set(key, csp);
  }
  return csp;
}
const overriddenCsps = new Map<string, string>();

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
