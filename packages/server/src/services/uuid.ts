const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for the text of a UUID. A token's `sub` is checked with it before it reaches the database:
 * PostgreSQL refuses anything else in a uuid column with an error, which would be a 500.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
