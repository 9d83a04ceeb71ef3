import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteRelease, RemoteSource } from './page-registry.js';

/** The file a remote's build writes about itself (see @backoffice/federation's pluginRemoteDeclaration). */
const DECLARATION_FILE = 'remote.json';
const REMOTE_FOLDER = /^remote-([a-z][a-z0-9-]*)$/;

/** Reads a file again only when it changed (a remote rebuilt in place). */
function cachedTextReader() {
  const cache = new Map<string, { mtimeMs: number; size: number; text: string }>();
  return async (file: string): Promise<string | undefined> => {
    try {
      const { mtimeMs, size } = await fs.promises.stat(file);
      const hit = cache.get(file);
      if (hit && hit.mtimeMs === mtimeMs && hit.size === size) return hit.text;
      const text = await fs.promises.readFile(file, 'utf8');
      cache.set(file, { mtimeMs, size, text });
      return text;
    } catch {
      return undefined;
    }
  };
}

/**
 * The remotes built in a checkout (or any folder laid out like one, `WEB_ROOT`): every
 * `remote-<name>/dist` that holds a `remote.json`, served under `/remotes/<name>/`. Which remotes
 * exist is read from the folder at each page load, so a remote built (or added) later is picked up
 * without a restart; nothing here names one.
 */
export class WorkspaceRemotes implements RemoteSource {
  private readonly read = cachedTextReader();

  constructor(private readonly webRoot: string) {}

  /** The dist folder of a remote that is built here, if any. */
  distOf(name: string): string | undefined {
    if (!REMOTE_FOLDER.test(`remote-${name}`)) return undefined;
    const dir = path.join(this.webRoot, `remote-${name}`, 'dist');
    return fs.existsSync(path.join(dir, DECLARATION_FILE)) ? dir : undefined;
  }

  /** The names of the remotes built here. */
  names(): string[] {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(this.webRoot, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries
      .flatMap((entry) => (entry.isDirectory() ? [REMOTE_FOLDER.exec(entry.name)?.[1] ?? ''] : []))
      .filter((name) => name && this.distOf(name))
      .sort();
  }

  /** Sends a file of a remote built here (fastify-static, registered by frontends.ts, sets its caching). */
  async serveFile(name: string, file: string, _request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const dir = this.distOf(name);
    if (!dir || !file) return false;
    await reply.sendFile(file, dir);
    return true;
  }

  async list(): Promise<RemoteRelease[]> {
    const releases = await Promise.all(
      this.names().map(async (name): Promise<RemoteRelease | undefined> => {
        const dir = this.distOf(name) as string;
        const text = await this.read(path.join(dir, DECLARATION_FILE));
        if (text === undefined) return undefined;
        let declaration: unknown;
        try {
          declaration = JSON.parse(text);
        } catch {
          declaration = undefined; // the registry says it is invalid
        }
        const version = (declaration as { version?: unknown } | undefined)?.version;
        return {
          name,
          version: typeof version === 'string' ? version : 'unknown',
          baseUrl: `/remotes/${name}/`,
          declaration,
          readFile: (file) => this.read(path.join(dir, file)),
        };
      }),
    );
    return releases.filter((release) => release !== undefined);
  }
}
