import { createInstance, satisfy } from '@module-federation/runtime';
import { describe, expect, it } from 'vitest';
import { createSharedConfig } from '../src/shared.js';

/**
 * The federation runtime as the shell starts it: every shared name of the product, each provided at
 * once (the shell's eager shares), the `loaded-first` strategy. The runtime is patched
 * (patches/@module-federation__runtime-core@2.9.2.patch): without it each shared module consumed
 * registered the whole share table again — 52 names for each of the 107–185 modules a cold load
 * consumes, on the main thread before the page is live (docs/performance.md, 2026-12-01 17:54 UTC).
 */
function startShell() {
  const names = Object.keys(createSharedConfig());
  const registrations: Record<string, number> = {};
  const instance = createInstance({
    name: 'shell_test',
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: Object.fromEntries(
      names.map((name) => [
        name,
        { version: '1.0.0', lib: () => ({ name }), shareConfig: { singleton: true, requiredVersion: '^1.0.0' } },
      ]),
    ),
    plugins: [
      {
        name: 'count-registrations',
        afterRegisterShare({ pkgName }: { pkgName: string }) {
          registrations[pkgName] = (registrations[pkgName] ?? 0) + 1;
        },
      },
    ],
  });
  return { instance, names, registrations };
}

describe('the federation runtime shares each module', () => {
  it('registers each shared module a bounded number of times however many times they are consumed', () => {
    const { instance, names, registrations } = startShell();
    const consumes = 3;
    for (let round = 0; round < consumes; round++) {
      for (const name of names) expect(instance.loadShareSync(name)?.()).toEqual({ name });
    }
    expect(names.length).toBeGreaterThan(40);
    // Once when the instance is created and once when its share scope is first initialised.
    for (const name of names) expect(registrations[name], name).toBeLessThanOrEqual(2);
  });

  it('still gives every module consumed after the first its provider', async () => {
    const { instance, names } = startShell();
    const [first, ...rest] = names as [string, ...string[]];
    expect(instance.loadShareSync(first)?.()).toEqual({ name: first });
    for (const name of [...rest, ...rest]) {
      const factory = await instance.loadShare<{ name: string }>(name);
      expect(typeof factory === 'function' ? factory() : factory).toEqual({ name });
    }
  });
});

describe("the federation runtime's version check", () => {
  // Patched to keep each answer (the same few pairs are asked for every shared module consumed).
  it('answers each version and range as before, asked again or not', () => {
    const cases: [string, string, boolean][] = [
      ['19.3.1', '^19.3.0', true],
      ['19.2.9', '^19.3.0', false],
      ['20.0.0', '^19.3.0', false],
      ['3.37.0', '^3.37.0', true],
      ['1.0.0', '^1.0.0 || ^2.0.0', true],
      ['2.1.0', '>=1.0.0 <2.0.0', false],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [version, range, expected] of cases)
        expect(satisfy(version, range), `${version} ${range}`).toBe(expected);
    }
  });
});
