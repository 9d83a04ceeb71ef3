import { describe, expect, it, vi } from 'vitest';

vi.mock('../src/federation/runtime', () => ({
  loadRemoteModule: vi.fn(async (id: string) => ({ default: () => id })),
  RemoteLoadError: class extends Error {},
  remoteNameOf: (id: string) => id.split('/')[0],
}));

const { loadRemoteModule } = await import('../src/federation/runtime');
const { prefetchRemotePage, prefetchWhenIdle } = await import('../src/federation/prefetch');
const { navItemsFor } = await import('../src/layout/nav-items');
const { productRoutes } = await import('./product-registry');
const load = vi.mocked(loadRemoteModule);

describe('prefetching remote pages', () => {
  it('knows the remote page of each menu entry from the registry', () => {
    productRoutes();
    expect(navItemsFor({ is_superuser: true }).map((item) => [item.to, item.page])).toEqual([
      ['/', undefined],
      ['/companies', 'remote_companies/CompaniesPage'],
      ['/admin', 'remote_admin/AdminPage'],
      ['/settings', 'remote_settings/SettingsPage'],
    ]);
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
