import { describe, expect, it, vi } from 'vitest';

vi.mock('../src/federation/runtime', () => ({
  loadRemoteModule: vi.fn(async (id: string) => ({ default: () => id })),
  RemoteLoadError: class extends Error {},
  remoteNameOf: (id: string) => id.split('/')[0],
}));
vi.mock('../src/federation/ensure-remotes', () => ({ ensureRemotesRegistered: vi.fn(async () => {}) }));

const { loadRemoteModule } = await import('../src/federation/runtime');
const { prefetchRemotePage, prefetchWhenIdle, remotePageFor } = await import('../src/federation/prefetch');
const { routes } = await import('../src/routes/router');
const load = vi.mocked(loadRemoteModule);

describe('prefetching remote pages', () => {
  it('finds the remote page of a path in the route table', () => {
    expect(remotePageFor(routes, '/companies')).toBe('remote_companies/CompaniesPage');
    expect(remotePageFor(routes, '/admin')).toBe('remote_admin/AdminPage');
    expect(remotePageFor(routes, '/')).toBeUndefined();
  });

  it('loads a page once however often it is asked for, and forgets a failure', async () => {
    load.mockClear();
    await Promise.all([prefetchRemotePage('remote_admin/AdminPage'), prefetchRemotePage('remote_admin/AdminPage')]);
    expect(load).toHaveBeenCalledTimes(1);
    load.mockRejectedValueOnce(new Error('down'));
    await prefetchRemotePage('remote_settings/SettingsPage');
    await prefetchRemotePage('remote_settings/SettingsPage');
    expect(load.mock.calls.filter(([id]) => id === 'remote_settings/SettingsPage')).toHaveLength(2);
  });

  it('loads the pages one after another, each in its own idle period', async () => {
    load.mockClear();
    const idle: (() => void)[] = [];
    prefetchWhenIdle(['remote_companies/CompaniesPage', 'remote_auth/Login'], (run) => idle.push(run));
    expect(load).not.toHaveBeenCalled();
    idle.shift()?.();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(load.mock.calls.map(([id]) => id)).toEqual(['remote_companies/CompaniesPage']);
    idle.shift()?.();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
