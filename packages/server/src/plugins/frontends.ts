import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderShellIndex } from './first-screen.js';

/** The federated remotes and the URL path each one is served under (`/remotes/<name>/`). */
export const REMOTES = ['auth', 'companies', 'admin', 'settings'] as const;

/** Build output names carry a content hash (`index.45ed169ddb.js`): such a file never changes. */
const HASHED = /\.[0-9a-f]{8,}\.(?:js|mjs|css|woff2?|svg|png|jpe?g|webp|map)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Entry points must be revalidated on every load, or a redeployed remote is not picked up. */
const REVALIDATE = 'no-cache';
/**
 * The icon is asked for again on every navigation: without a lifetime each ask is a round trip
 * (and a file fetched twice). A day is enough for a changed icon to show.
 */
const ICON = /^favicon\.[a-z]+$/;
const A_DAY = 'public, max-age=86400';

/** `app.js.br` is served in place of `app.js`: its caching is the original file's. */
const PRECOMPRESSED = /\.(?:br|gz)$/;

function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(PRECOMPRESSED, '');
  if (HASHED.test(name)) return IMMUTABLE;
  return ICON.test(name) ? A_DAY : REVALIDATE;
}

/** This repository's root, where `shell/dist` and `remote-*\/dist` are built. */
export function defaultWebRoot(): string {
  return path.resolve(import.meta.dirname, '../../../..');
}

export interface Frontends {
  shellDir: string | undefined;
  remotes: { name: string; dir: string }[];
  /** Answers a browser navigation to a client-side route with the shell's index.html. */
  historyFallback(request: FastifyRequest, reply: FastifyReply): boolean;
}

const NOT_SHELL_ROUTES = /^\/(?:api|docs|remotes)(?:\/|$)/;

/**
 * Serves the built shell at `/` and each remote's build at `/remotes/<name>/` from the same origin
 * as the API, with caching that suits Module Federation. Whatever is not built is simply absent.
 */
export async function registerFrontends(app: FastifyInstance, webRoot: string): Promise<Frontends> {
  const built = (dir: string) =>
    fs.existsSync(path.join(dir, 'index.html')) || fs.existsSync(path.join(dir, 'remoteEntry.js')) ? dir : undefined;
  const shellDir = built(path.join(webRoot, 'shell', 'dist'));
  const remotes = REMOTES.flatMap((name) => {
    const dir = built(path.join(webRoot, `remote-${name}`, 'dist'));
    return dir ? [{ name, dir }] : [];
  });
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    reply.header('Cache-Control', cacheControlFor(filePath));
    // Built assets are public, and other sites load the companies embed from here (DESIGN §4).
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  };

  let decorated = false;
  const serve = async (root: string, prefix: string) => {
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      cacheControl: false,
      setHeaders,
      index: false,
      // The builds write `file.br` and `file.gz` next to each text file (pluginPrecompress): sent
      // with Content-Encoding and `Vary: Accept-Encoding` to clients that accept them.
      preCompressed: true,
      // The shell's routes are handled by the history fallback below, not by directory listings.
      redirect: false,
      wildcard: true,
    });
    decorated = true;
  };
  for (const remote of remotes) await serve(remote.dir, `/remotes/${remote.name}/`);
  const firstScreen = shellDir
    ? {
        shellDir,
        remoteDirs: new Map(remotes.map((r) => [r.name, r.dir])),
        pageSettings: { signupEnabled: app.config.signupEnabled },
      }
    : undefined;

  const sendShellIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const html = firstScreen && renderShellIndex(firstScreen, request.url);
    if (html === undefined) return false;
    reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(html);
    return true;
  };
  if (shellDir) {
    // The page itself is rendered per request (registry inline, first-screen preloads).
    app.get('/', (request, reply) => {
      if (!sendShellIndex(request, reply)) reply.code(404).send({ detail: 'Not Found' });
    });
    app.get('/index.html', (request, reply) => {
      if (!sendShellIndex(request, reply)) reply.code(404).send({ detail: 'Not Found' });
    });
    await serve(shellDir, '/');
  }

  return {
    shellDir,
    remotes,
    historyFallback(request, reply) {
      if (!shellDir || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
      const url = request.url.split('?')[0] ?? '/';
      if (NOT_SHELL_ROUTES.test(url) || path.extname(url) !== '') return false;
      if (!String(request.headers.accept ?? '').includes('text/html')) return false;
      return sendShellIndex(request, reply);
    },
  };
}
