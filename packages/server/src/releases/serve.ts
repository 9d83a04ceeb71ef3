import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRECOMPRESSED } from './bundle.js';
import type { LoadedRelease, ReleaseFiles } from './release-files.js';

/** The encodings a client accepts among those the builds precompress, best first. */
function acceptedEncodings(request: FastifyRequest): (keyof typeof PRECOMPRESSED)[] {
  const header = String(request.headers['accept-encoding'] ?? '');
  const accepts = (name: string) =>
    new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q\\s*=\\s*(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`, 'i').test(
      header,
    );
  return (['br', 'gzip'] as const).filter(accepts);
}

/**
 * Sends one file of a release: its precompressed copy when the client takes it (`Content-Encoding`,
 * `Vary: Accept-Encoding`), its SHA-256 as the ETag (a revalidation costs no body), and the caching
 * the caller chose. Answers false, sending nothing, when the release has no such file.
 */
export async function sendReleaseFile(
  files: ReleaseFiles,
  release: LoadedRelease,
  path: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
): Promise<boolean> {
  const entry = release.files.get(path);
  if (!entry) return false;
  let sent = entry;
  let encoding: string | undefined;
  const variants = (Object.keys(PRECOMPRESSED) as (keyof typeof PRECOMPRESSED)[]).filter((name) =>
    release.files.has(path + PRECOMPRESSED[name]),
  );
  for (const name of acceptedEncodings(request)) {
    const variant = release.files.get(path + PRECOMPRESSED[name]);
    if (variant) {
      sent = variant;
      encoding = name;
      break;
    }
  }
  const etag = `"${sent.sha256}"`;
  reply
    .header('Cache-Control', cacheControl)
    .header('ETag', etag)
    .header('Content-Type', entry.content_type)
    // Built files are public, and other sites load the companies embed from here (DESIGN §4).
    .header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (variants.length > 0) reply.header('Vary', 'Accept-Encoding');
  if (encoding) reply.header('Content-Encoding', encoding);
  if (String(request.headers['if-none-match'] ?? '') === etag) {
    reply.code(304).send();
    return true;
  }
  const content = await files.content(release, sent.path);
  if (!content) return false;
  // A precompressed copy carries Content-Encoding, which @fastify/compress leaves as it is.
  reply.send(content);
  return true;
}
