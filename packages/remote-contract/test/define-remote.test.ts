import { describe, expect, it } from 'vitest';
import {
  declaredScreens,
  defineRemote,
  expose,
  federationName,
  type RemotePageModule,
  type ScreenIcon,
} from '../src/index.js';

const page: RemotePageModule = { default: () => null };

describe('defineRemote', () => {
  it('keeps a valid declaration as it is', () => {
    const remote = defineRemote({
      name: 'greetings',
      exposes: { GreetingsPage: expose<typeof page>('./pages/GreetingsPage') },
      screens: [
        {
          path: '/greetings',
          expose: 'GreetingsPage',
          title: 'Saudações',
          access: 'signed-in',
          menu: { label: 'Saudações', icon: 'smile', order: 40 },
        },
      ],
    });
    expect(remote.exposes.GreetingsPage.file).toBe('./pages/GreetingsPage');
    expect(declaredScreens(remote)).toEqual(remote.screens);
    expect(federationName(remote.name)).toBe('remote_greetings');
  });

  it('fails the remote’s own build on a screen the shell would refuse', () => {
    expect(() =>
      defineRemote({
        name: 'greetings',
        exposes: { GreetingsPage: expose<typeof page>('./pages/GreetingsPage') },
        screens: [{ path: '/api/greetings', expose: 'GreetingsPage', title: 'x', access: 'signed-in' }],
      }),
    ).toThrow(/\/api\/greetings: Invalid screen path/);
    expect(() =>
      defineRemote({
        name: 'greetings',
        exposes: { GreetingsPage: expose<typeof page>('./pages/GreetingsPage') },
        screens: [
          {
            path: '/greetings',
            expose: 'GreetingsPage',
            title: 'x',
            access: 'signed-in',
            menu: { label: 'x', icon: 'rocket' as ScreenIcon, order: 1 },
          },
        ],
      }),
    ).toThrow(/\/greetings:/);
  });
});

/** Never called: `tsc` (the package's typecheck) fails if any of these lines stops being an error. */
export function contractTypeChecks() {
  const noDefault = { prefetch: (_search: URLSearchParams) => {} };
  // @ts-expect-error a page module must export a component as default
  expose<typeof noDefault>('./pages/Broken');
  // @ts-expect-error the page module's type is the check: it cannot be left out
  expose('./pages/Unchecked');
  defineRemote({
    name: 'greetings',
    exposes: { GreetingsPage: expose<typeof page>('./pages/GreetingsPage') },
    // @ts-expect-error a screen names one of the remote's own exposes
    screens: [{ path: '/greetings', expose: 'OtherPage', title: 'x', access: 'signed-in' }],
  });
}
