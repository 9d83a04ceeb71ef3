import { REMOTE_NAME_PATTERN } from '@backoffice/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * A developer's override: `?remote-override=<remote>@<url>` makes this browser load that remote from
 * the developer's dev server (its `remoteEntry.js`, `mf-manifest.json` or `remote.json`) inside the
 * real product, with the real login and data. Kept in a session cookie so it survives reloads and
 * navigations, honoured only for the origins the operator lists in `DEV_REMOTE_ORIGINS` (which the
 * page's CSP then allows) — in production, by default, none. `?remote-override=off` ends them all,
 * `?remote-override=<remote>@off` one.
 */

export const OVERRIDE_PARAM = 'remote-override';
export const OVERRIDE_COOKIE = 'bo_remote_overrides';

export interface RemoteOverride {
  name: string;
  url: string;
}

export interface OverrideDecision {
  /** The overrides this page load honours. */
  active: RemoteOverride[];
  /** Why asked-for overrides were not honoured (the shell writes them to the console). */
  refused: string[];
  /** A `Set-Cookie` value when the stored overrides change. */
  setCookie?: string;
}

const OFF = 'off';

/** The value of one cookie in a `Cookie` header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function storedOverrides(request: FastifyRequest): RemoteOverride[] {
  const raw = cookieValue(request.headers.cookie, OVERRIDE_COOKIE);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is RemoteOverride =>
        typeof item === 'object' && item !== null && typeof item.name === 'string' && typeof item.url === 'string',
    );
  } catch {
    return [];
  }
}

function requested(request: FastifyRequest): string[] {
  const value = (request.query as Record<string, unknown> | undefined)?.[OVERRIDE_PARAM];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Why `url` may not stand for a remote under `allowedOrigins`, or undefined when it may. */
export function overrideProblem(name: string, url: string, allowedOrigins: readonly string[]): string | undefined {
  if (!REMOTE_NAME_PATTERN.test(name)) return `"${name}" is not a remote name`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not an absolute URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${url} is not http(s)`;
  if (allowedOrigins.length === 0) return 'this server allows no remote overrides (DEV_REMOTE_ORIGINS is empty)';
  if (!allowedOrigins.includes(parsed.origin)) return `${parsed.origin} is not in DEV_REMOTE_ORIGINS`;
  if (!/\.(?:js|json)$/.test(parsed.pathname)) return `${url} names no remoteEntry.js, mf-manifest.json or remote.json`;
  return undefined;
}

/**
 * What a page load honours: the stored overrides, changed by the request's `?remote-override=`, each
 * checked against the allowed origins now (a setting changed since is applied at once).
 */
export function decideOverrides(request: FastifyRequest, allowedOrigins: readonly string[]): OverrideDecision {
  const stored = storedOverrides(request);
  const wanted = new Map(stored.map((override) => [override.name, override.url]));
  const refused: string[] = [];
  const asked = requested(request);
  for (const item of asked) {
    const text = item.trim();
    if (text === '' || text === OFF) {
      wanted.clear();
      continue;
    }
    const at = text.indexOf('@');
    const name = at === -1 ? text : text.slice(0, at);
    const url = at === -1 ? '' : text.slice(at + 1);
    if (url === '' || url === OFF) {
      wanted.delete(name);
      continue;
    }
    const problem = overrideProblem(name, url, allowedOrigins);
    if (problem) refused.push(`remote-override ${name}: ${problem}`);
    else wanted.set(name, url);
  }
  const active: RemoteOverride[] = [];
  for (const [name, url] of wanted) {
    const problem = overrideProblem(name, url, allowedOrigins);
    if (problem) refused.push(`remote-override ${name}: ${problem}`);
    else active.push({ name, url });
  }
  const changed = JSON.stringify(active) !== JSON.stringify(stored);
  return { active, refused, ...(changed ? { setCookie: overrideCookie(active, request.protocol === 'https') } : {}) };
}

/** The session cookie holding the overrides (none: expired at once). Not readable by scripts. */
function overrideCookie(active: RemoteOverride[], secure: boolean): string {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (active.length === 0) return [`${OVERRIDE_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
  return [`${OVERRIDE_COOKIE}=${encodeURIComponent(JSON.stringify(active))}`, ...attributes].join('; ');
}
