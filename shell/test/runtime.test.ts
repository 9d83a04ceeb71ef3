import { describe, expect, it, vi } from 'vitest';

vi.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: vi.fn(() => undefined),
  loadRemote: vi.fn(async (id: string) => ({ default: () => id })),
  registerPlugins: vi.fn(),
  registerRemotes: vi.fn(),
}));
let resolveManifest: (entry: string) => void = () => {};
vi.mock('../src/federation/remote-entry', () => ({
  // A manifest in the registry: finding the entry takes a round trip.
  resolveRemoteEntry: vi.fn(() => new Promise<string>((resolve) => (resolveManifest = resolve))),
}));

const { registerRemotes, loadRemote } = await import('@module-federation/enhanced/runtime');
const { loadRemoteModule, registerRuntimeRemotes } = await import('../src/federation/runtime');

describe('registering a remote with the federation runtime', () => {
  it('registers once when a prefetch and the navigation ask for it at the same time', async () => {
    registerRuntimeRemotes({ remote_admin: 'http://remotes.test/admin/mf-manifest.json' });
    const prefetch = loadRemoteModule('remote_admin/AdminPage');
    const navigation = loadRemoteModule('remote_admin/AdminPage');
    resolveManifest('http://remotes.test/admin/remoteEntry.js');
    await Promise.all([prefetch, navigation]);
    expect(vi.mocked(registerRemotes)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(registerRemotes).mock.calls[0]?.[1]).toEqual({ force: false });
    expect(vi.mocked(loadRemote)).toHaveBeenCalledTimes(2);
  });
});
