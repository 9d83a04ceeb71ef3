import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A file of a build, as it is stored and served: its path inside the build and its bytes. */
export interface BundleFile {
  path: string;
  content: Buffer;
  sha256: string;
  contentType: string;
}

/** One build of a remote (or of the shell), read into memory before it is checked and stored. */
export interface Bundle {
  files: BundleFile[];
  /** SHA-256 over every file's path and SHA-256, in path order: equal bundles have equal hashes. */
  contentHash: string;
  sizeBytes: number;
}

/** Most files one build may hold, and most bytes: a build is a few MB; these stop a wrong folder. */
export const MAX_BUNDLE_FILES = 5_000;
export const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;

/**
 * A path inside a build as it may be stored and served under a URL: relative, `/`-separated, no `.`
 * or `..` segment, no empty segment, URL-safe characters only.
 */
const SAFE_PATH = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._@+~-]+(?:\/[A-Za-z0-9._@+~-]+)*$/;
export const MAX_PATH_LENGTH = 512;

export function isSafeBundlePath(file: string): boolean {
  return file.length <= MAX_PATH_LENGTH && SAFE_PATH.test(file);
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** The precompressed copies the builds write next to a text file (`app.js.br`, `app.js.gz`). */
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;

/** A file's type from its name; a precompressed copy has its original's (it is served in its place). */
export function contentTypeOf(file: string): string {
  const original = file.replace(/\.(?:br|gz)$/, '');
  return CONTENT_TYPES[path.extname(original).toLowerCase()] ?? 'application/octet-stream';
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export class BundleError extends Error {}

/** A bundle from files in memory (an upload), checked: safe paths, no duplicates, within the limits. */
export function bundleOf(files: { path: string; content: Buffer }[]): Bundle {
  if (files.length === 0) throw new BundleError('The build has no files');
  if (files.length > MAX_BUNDLE_FILES) {
    throw new BundleError(`The build has ${files.length} files; at most ${MAX_BUNDLE_FILES} are accepted`);
  }
  const seen = new Set<string>();
  let sizeBytes = 0;
  const checked: BundleFile[] = [];
  for (const file of files) {
    if (!isSafeBundlePath(file.path)) throw new BundleError(`Invalid file path in the build: "${file.path}"`);
    if (seen.has(file.path)) throw new BundleError(`The build lists "${file.path}" twice`);
    seen.add(file.path);
    sizeBytes += file.content.length;
    checked.push({
      path: file.path,
      content: file.content,
      sha256: sha256(file.content),
      contentType: contentTypeOf(file.path),
    });
  }
  if (sizeBytes > MAX_BUNDLE_BYTES) {
    throw new BundleError(`The build holds ${sizeBytes} bytes; at most ${MAX_BUNDLE_BYTES} are accepted`);
  }
  checked.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const contentHash = sha256(checked.map((file) => `${file.path}\0${file.sha256}\n`).join(''));
  return { files: checked, contentHash, sizeBytes };
}

/** Every file under a build folder (`remote-<name>/dist`), as a bundle. */
export function readBundle(dir: string): Bundle {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new BundleError(`${dir} is not a folder`);
  const files: { path: string; content: Buffer }[] = [];
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.isFile()) files.push({ path: relative, content: fs.readFileSync(path.join(dir, relative)) });
      if (files.length > MAX_BUNDLE_FILES) throw new BundleError(`${dir} holds more than ${MAX_BUNDLE_FILES} files`);
    }
  };
  walk('');
  return bundleOf(files);
}

/** A file of the bundle parsed as JSON, or undefined when it is absent; a file that is not JSON is an error. */
export function bundleJson(bundle: Bundle, file: string): unknown {
  const found = bundle.files.find((f) => f.path === file);
  if (!found) return undefined;
  try {
    return JSON.parse(found.content.toString('utf8'));
  } catch {
    throw new BundleError(`${file} in the build is not valid JSON`);
  }
}
