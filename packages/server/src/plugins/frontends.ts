import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor, REVALIDATE } from '../http/caching.js';
import { appendCookie } from '../http/cookies.js';
import { PageRegistryService, type RemoteSource } from '../services/page-registry.js';
import { decideOverrides } from '../services/remote-overrides.js';
import type { ShellSource } from '../services/shell-source.js';
import { renderShellIndex } from './first-screen.js';
import { overriddenPageCsp } from './security.js';

/** This repository's root, where `shell/dist` and `remote-*\/dist` are built. */
export function defaultWebRoot(): string {
  return path.resolve(import.meta.dirname, '../../../..');
}

export interface Frontends {
  /** Answers a browser navigation to a client-side route with the shell's index.html. */
  historyFallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

const NOT_SHELL_ROUTES = /^\/(?:api|docs|remotes)(?:\/|$)/;

export interface FrontendsOptions {
  /** Where the remotes' builds come from: the release store, or a folder of builds (workspace-remotes.ts). */
  remoteSource: RemoteSource;
  /** Which shell build a request gets. */
  shellSource: ShellSource;
  /** Origins a developer may load a remote from (`DEV_REMOTE_ORIGINS`). */
  devRemoteOrigins: readonly string[];
}

/**
 * Serves the built shell at `/` and each remote's build at `/remotes/<name>/` from the same origin
 * as the API, with caching that suits Module Federation, and the registry of remotes and screens
 * (in the page, and at `/remotes.json`). Whatever is not built is simply absent.
 */
export async function registerFrontends(app: FastifyInstance, options: FrontendsOptions): Promise<Frontends> {
  const { remoteSource, shellSource } = options;
  const registries = new PageRegistryService(remoteSource, (problem) =>
    app.log.warn({ problem }, 'a remote is left out of the registry'),
  );
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    reply.header('Cache-Control', cacheControlFor(filePath));
    // Built assets are public, and other sites load the companies embed from here (DESIGN §4).
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  };
  // Only `reply.sendFile` (the builds on disk): the routes below choose the build per request.
  await app.register(fastifyStatic, {
    root: path.resolve('/'),
    serve: false,
    cacheControl: false,
    setHeaders,
    index: false,
    // The builds write `file.br` and `file.gz` next to each text file (pluginPrecompress): sent
    // with Content-Encoding and `Vary: Accept-Encoding` to clients that accept them.
    preCompressed: true,
    // The shell's routes are handled by the history fallback below, not by directory listings.
    redirect: false,
  });

  // The remotes' files, from wherever the source keeps them (the release store, a folder of builds).
  app.get<{ Params: { name: string; '*': string } }>('/remotes/:name/*', async (request, reply) => {
    const { name, '*': file } = request.params;
    if (!file || !remoteSource.serveFile || !(await remoteSource.serveFile(name, file, request, reply))) {
      return reply.callNotFound();
    }
    return reply;
  });
  // The shell's own files (`/static/js/…`, `/favicon.svg`), from the build this request gets.
  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const shell = await shellSource.forRequest(request);
    if (!shell || !(await shell.send(request.params['*'], request, reply))) return reply.callNotFound();
    return reply;
  });

  /** The registry this request gets, and the cookie change its `?remote-override=` asks for. */
  const registryFor = async (request: FastifyRequest, reply: FastifyReply) => {
    const overrides = decideOverrides(request, options.devRemoteOrigins);
    if (overrides.setCookie) appendCookie(reply, overrides.setCookie);
    if (overrides.active.length > 0) {
      const origins = new Set(overrides.active.map((override) => new URL(override.url).origin));
      reply.header('content-security-policy', overriddenPageCsp(app.config.httpsOnly, [...origins]));
    }
    const visitor = await registries.forVisitor({ request }, overrides.active);
    visitor.registry.refused = overrides.refused;
    return visitor;
  };

  app.get('/remotes.json', async (request, reply) => {
    const { registry } = await registryFor(request, reply);
    return reply.header('Cache-Control', REVALIDATE).send(registry);
  });

  const sendShellIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const shell = await shellSource.forRequest(request);
    if (!shell) return false;
    const html = await renderShellIndex(shell, request.url, await registryFor(request, reply), {
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
    async historyFallback(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const url = request.url.split('?')[0] ?? '/';
      if (NOT_SHELL_ROUTES.test(url) || path.extname(url) !== '') return false;
      if (!String(request.headers.accept ?? '').includes('text/html')) return false;
      return sendShellIndex(request, reply);
    },
  };
}
