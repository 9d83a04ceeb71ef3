/** True when a database error (from either driver, possibly wrapped by Drizzle) is a unique violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505')
      return constraint === undefined || e.constraint === undefined || e.constraint === constraint;
  }
  return false;
}
