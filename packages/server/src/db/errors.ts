/** What a driver error may carry; Drizzle wraps the driver's error as its `cause`. */
interface DriverError {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The error and every error it wraps (`cause` after `cause`), outermost first. */
function errorChain(error: unknown): DriverError[] {
  const chain: DriverError[] = [];
  for (let e = error; e && typeof e === 'object' && !chain.includes(e); e = (e as DriverError).cause) {
    chain.push(e as DriverError);
  }
  return chain;
}

/** True when a database error (from either driver, possibly wrapped by Drizzle) is a unique violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const e of errorChain(error)) {
    if (e.code === '23505')
      return constraint === undefined || e.constraint === undefined || e.constraint === constraint;
  }
  return false;
}

/**
 * The repositories' one mapping of a unique violation to the domain's error: runs `write` and, when the
 * database refuses it as a duplicate (of `constraint`, when named), throws `taken()` instead; any other
 * error passes through.
 */
export async function duplicateAs<T>(taken: () => Error, write: () => PromiseLike<T>, constraint?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw taken();
    throw error;
  }
}

// SQLSTATE classes and codes that mean "the server is not there right now", not "the query is
// wrong": connection exceptions (08…), shutdown in progress or just restarted (57P01-57P03), and
// no free connection slot (53300).
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
// Socket errors of the driver when the server cannot be reached or went away mid-query.
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a dropped or unreachable server with these messages and no code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Client has encountered a connection error/;

/**
 * True when a database error (possibly wrapped by Drizzle) means the database server is
 * unreachable or restarting: the request may succeed later, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.test(e.code) || UNAVAILABLE_NODE_CODES.has(e.code))) {
      return true;
    }
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * True when PostgreSQL cancelled the statement because it ran longer than the statement timeout
 * (SQLSTATE 57014, `canceling statement due to statement timeout`).
 */
export function isStatementTimeout(error: unknown): boolean {
  return errorChain(error).some(
    (e) => e.code === '57014' && typeof e.message === 'string' && /statement timeout/.test(e.message),
  );
}
