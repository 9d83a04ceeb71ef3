import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One build of the shell, as a request gets it: its files to read (the page, its manifests) and to send. */
export interface ShellBuild {
  readText(file: string): Promise<string | undefined>;
  /** Sends one of its files with its caching; false (nothing sent) when it has none. */
  send(file: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** Which shell build a request gets: the promoted release (releases/shell-source.ts) or the build on disk. */
export interface ShellSource {
  forRequest(request: FastifyRequest): Promise<ShellBuild | undefined>;
}

/** Reads a file again only when it changed (the shell rebuilt in place). */
function cachedTextReader() {
  const cache = new Map<string, { mtimeMs: number; size: number; text: string }>();
  return (file: string): string | undefined => {
    try {
      const { mtimeMs, size } = fs.statSync(file);
      const hit = cache.get(file);
      if (hit && hit.mtimeMs === mtimeMs && hit.size === size) return hit.text;
      const text = fs.readFileSync(file, 'utf8');
      cache.set(file, { mtimeMs, size, text });
      return text;
    } catch {
      return undefined;
    }
  };
}

/**
 * The shell built in `webRoot/shell/dist` (a checkout, or the server's own copy), or none. Its files go
 * through fastify-static (precompressed copies, caching by name).
 */
export function diskShell(webRoot: string): ShellSource & { dir: string } {
  const dir = path.join(webRoot, 'shell', 'dist');
  const read = cachedTextReader();
  const build: ShellBuild = {
    readText: async (file) => read(path.join(dir, file)),
    async send(file, _request, reply) {
      if (!file || !fs.existsSync(path.join(dir, 'index.html'))) return false;
      await reply.sendFile(file, dir);
      return true;
    },
  };
  return { dir, forRequest: async () => (fs.existsSync(path.join(dir, 'index.html')) ? build : undefined) };
}
