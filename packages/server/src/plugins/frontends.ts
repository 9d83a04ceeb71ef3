import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PageRegistryService, type RemoteSource } from '../services/page-registry.js';
import { decideOverrides } from '../services/remote-overrides.js';
import { WorkspaceRemotes } from '../services/workspace-remotes.js';
import { renderShellIndex } from './first-screen.js';

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
  /** Answers a browser navigation to a client-side route with the shell's index.html. */
  historyFallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

const NOT_SHELL_ROUTES = /^\/(?:api|docs|remotes)(?:\/|$)/;

export interface FrontendsOptions {
  webRoot: string;
  /** Where the remotes' builds come from; by default the builds in `webRoot` (workspace-remotes.ts). */
  remoteSource?: RemoteSource;
  /** Origins a developer may load a remote from (`DEV_REMOTE_ORIGINS`). */
  devRemoteOrigins: readonly string[];
}

/**
 * Serves the built shell at `/` and each remote's build at `/remotes/<name>/` from the same origin
 * as the API, with caching that suits Module Federation, and the registry of remotes and screens
 * (in the page, and at `/remotes.json`). Whatever is not built is simply absent.
 */
export async function registerFrontends(app: FastifyInstance, options: FrontendsOptions): Promise<Frontends> {
  const { webRoot } = options;
  const shellDir = fs.existsSync(path.join(webRoot, 'shell', 'dist', 'index.html'))
    ? path.join(webRoot, 'shell', 'dist')
    : undefined;
  const workspace = new WorkspaceRemotes(webRoot);
  const registries = new PageRegistryService(options.remoteSource ?? workspace, (problem) =>
    app.log.warn({ problem }, 'a remote is left out of the registry'),
  );
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    reply.header('Cache-Control', cacheControlFor(filePath));
    // Built assets are public, and other sites load the companies embed from here (DESIGN §4).
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  };
  await app.register(fastifyStatic, {
    root: shellDir ?? webRoot,
    prefix: '/',
    // Without a shell build nothing is served from the root; sendFile still serves the remotes.
    serve: shellDir !== undefined,
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

  /**
   * Each remote built here, looked up per request (a remote built later is served without a restart):
   * what the release store (plugins/releases.ts, which owns `/remotes/…`) does not hold, e.g. a build
   * not published yet in a test or a production instance that never publishes at start.
   */
  const sendWorkspaceRemote = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const match = /^\/remotes\/([^/]+)\/(.+)$/.exec(request.url.split('?')[0] ?? '');
    const dir = match && workspace.distOf(decodeURIComponent(match[1] as string));
    if (!match || !dir) return false;
    const file = decodeURIComponent(match[2] as string);
    // Already in the not-found handler: a missing file (or a path out of the build) must be known here,
    // where the caller answers the JSON 404, not found again by sendFile.
    const full = path.resolve(dir, file);
    if (!full.startsWith(path.resolve(dir) + path.sep) || !fs.statSync(full, { throwIfNoEntry: false })?.isFile()) {
      return false;
    }
    void reply.sendFile(file, dir);
    return true;
  };

  /** The registry this request gets, and the cookie change its `?remote-override=` asks for. */
  const registryFor = async (request: FastifyRequest, reply: FastifyReply) => {
    const overrides = decideOverrides(request, options.devRemoteOrigins);
    if (overrides.setCookie) reply.header('Set-Cookie', overrides.setCookie);
    const visitor = await registries.forVisitor({ request }, overrides.active);
    visitor.registry.refused = overrides.refused;
    return visitor;
  };

  app.get('/remotes.json', async (request, reply) => {
    const { registry } = await registryFor(request, reply);
    return reply.header('Cache-Control', REVALIDATE).send(registry);
  });

  const sendShellIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!shellDir) return false;
    const html = await renderShellIndex(shellDir, request.url, await registryFor(request, reply), {
      signupEnabled: app.config.signupEnabled,
    });
    if (html === undefined) return false;
    reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(html);
    return true;
  };
  // The page itself is rendered per request (registry inline, first-screen files named).
  for (const url of ['/', '/index.html']) {
    app.get(url, async (request, reply) => {
      if (!(await sendShellIndex(request, reply))) return reply.code(404).send({ detail: 'Not Found' });
      return reply;
    });
  }

  return {
    shellDir,
    async historyFallback(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      if (sendWorkspaceRemote(request, reply)) return true;
      if (!shellDir) return false;
      const url = request.url.split('?')[0] ?? '/';
      if (NOT_SHELL_ROUTES.test(url) || path.extname(url) !== '') return false;
      if (!String(request.headers.accept ?? '').includes('text/html')) return false;
      return sendShellIndex(request, reply);
    },
  };
}
