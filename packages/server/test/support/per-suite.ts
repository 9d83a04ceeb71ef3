import { afterAll, beforeAll } from 'vitest';

/**
 * A resource the tests of the enclosing file or `describe` share: made before the first, closed after the
 * last. The value returned stands for it; use it inside tests and the hooks registered after this call.
 */
export function perSuite<T extends object>(make: () => Promise<T>, close?: (resource: T) => unknown): T {
  let resource: T | undefined;
  beforeAll(async () => {
    resource = await make();
  });
  afterAll(async () => {
    if (resource && close) await close(resource);
  });
  const made = (key: PropertyKey): T => {
    if (!resource) throw new Error(`perSuite: ${String(key)} used before the suite's resource was made`);
    return resource;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(made(key), key);
      return typeof value === 'function' ? value.bind(resource) : value;
    },
    set: (_, key, value) => Reflect.set(made(key), key, value),
  });
}
