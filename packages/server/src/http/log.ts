import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Query parameters whose values are secrets: the reset link's token (`/reset-password?token=…`), a
 * password, an OAuth2-style `access_token` a client may put in a URL, and the like.
 */
const SECRET_PARAMETERS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'password',
  'new_password',
  'current_password',
  'secret',
  'client_secret',
  'key',
  'api_key',
  'apikey',
]);
/** A query's `name=value` pairs: `&` between them, and `;` (an `&amp;` copied from HTML leaves one). */
const QUERY_PAIR = /([?&;])([^=&;#]*)=([^&;#]*)/g;
/** Secrets wherever they stand in a URL, under any name: a JWT (an access or embed token) and an API key's secret part. */
const JWT = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const API_KEY_SECRET = /(bo_[a-z]+_[0-9a-f]{12}_)[\w-]{43}/g;
const REDACTED = '[Redacted]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * A URL as the log may show it: the values of secret query parameters (their names compared as the
 * server reads them, `%61ccess_token` too), and any token or key wherever it stands, replaced;
 * everything else kept for debugging.
 */
export function urlForLog(url: string): string {
  return url
    .replace(QUERY_PAIR, (pair, separator: string, name: string) =>
      SECRET_PARAMETERS.has(decodedName(name)) ? `${separator}${name}=${REDACTED}` : pair,
    )
    .replace(JWT, REDACTED)
    .replace(API_KEY_SECRET, (_key, prefix: string) => `${prefix}${REDACTED}`);
}

const NOT_LOGGED = '[not logged]';
/** Where a failed statement's errors keep its parameter values: drizzle's DrizzleQueryError and PGlite's errors. */
const PARAMETER_KEYS = ['params', 'parameters'];
/** Fields of an error never logged: the values, and PGlite's query options (its parsers, noise). */
const UNLOGGED_KEYS = new Set([...PARAMETER_KEYS, 'queryOptions', 'cause']);
/** DrizzleQueryError's message ends with the values: `Failed query: <sql>\nparams: <values>`. */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/;
/** Shorter values are not secrets (flags, small numbers), and hiding them would garble the text. */
const MIN_HIDDEN_LENGTH = 4;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** The error and every error it wraps (`cause` after `cause`), outermost first. */
function errorChain(error: Error): Error[] {
  const chain: Error[] = [];
  for (let e: unknown = error; e instanceof Error && !chain.includes(e); e = e.cause) chain.push(e);
  return chain;
}

/** Every text a failed statement was given, longest first, so a value inside another is hidden whole. */
function parameterValues(chain: Error[]): string[] {
  const values = new Set<string>();
  const add = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(add);
    else if (typeof value === 'string') values.add(value);
    else if (value !== null && typeof value === 'object' && !(value instanceof Date)) values.add(JSON.stringify(value));
  };
  for (const error of chain) for (const key of PARAMETER_KEYS) add((error as unknown as Record<string, unknown>)[key]);
  return [...values].filter((v) => v.length >= MIN_HIDDEN_LENGTH).sort((a, b) => b.length - a.length);
}

/**
 * An error as the log shows it (pino's shape: type, message and stack with their causes, the other
 * own fields), without the parameter values of a failed statement anywhere: not in drizzle's message
 * (`params: …`), not in PostgreSQL's own words (`invalid input syntax for type integer: "<value>"`,
 * a unique violation's `Key (email)=(…)`), not as a field. A statement that timed out while setting
 * a password would otherwise log its argon2 hash. The SQL itself (placeholders only) stays.
 */
export function errorForLog(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const chain = errorChain(error);
  const values = parameterValues(chain);
  const hide = (text: string) => values.reduce((out, value) => out.split(value).join(NOT_LOGGED), text);
  const messages = chain.map((e) => hide(e.message.replace(DRIZZLE_PARAMS, `\nparams: ${NOT_LOGGED}`)));
  const stacks = chain.map((e, i) => hide((e.stack ?? '').replace(e.message, () => messages[i] as string)));
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: messages.join(': '),
    stack: stacks.join('\ncaused by: '),
  };
  for (const [key, value] of Object.entries(error)) {
    if (UNLOGGED_KEYS.has(key) || key in logged) continue;
    logged[key] = typeof value === 'string' ? hide(value) : value instanceof Error ? errorForLog(value) : value;
  }
  return logged;
}

/**
 * The server's logger: tokens and passwords never reach the log, whatever a log line includes —
 * not in headers, not in a logged object, not in the URL a user followed from a recovery e-mail,
 * not in the error of a statement that failed. The request serializer is Fastify's own fields,
 * with the URL passed through urlForLog.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.new_password',
      '*.token',
      '*.access_token',
    ],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: urlForLog(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // Fastify types the serializer for its own errors; whatever is logged as `err` goes through it.
      err: errorForLog as (error: Error) => LoggedError,
    },
  };
}
